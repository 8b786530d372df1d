package mat

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"madang/rules"
)

// testdata/clock.mat is written by hand after the package doc: clock lines for rows 1 and 2
// of game 1, one of a bad shape for row 3 (a comment, no clock) and one for a game the file
// does not have.
func TestClockFixture(t *testing.T) {
	f, err := os.Open("testdata/clock.mat")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := Read(f)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, a := range m.Games[0].Actions {
		got = append(got, a.Clock)
	}
	// 52 (B), 66 (A), 31 (B), 21 (A), Wins (B)
	if want := []string{"0:04:58", "0:04:51", "0:04:40.5", "", ""}; !reflect.DeepEqual(got, want) {
		t.Errorf("clocks %q, want %q", got, want)
	}
	for _, tag := range m.Tags {
		if strings.HasPrefix(tag.Name, "%") {
			t.Errorf("a clock line read as the tag %v", tag)
		}
	}
	if v, _ := m.Tag("TimeDelay"); v != "12" {
		t.Errorf("TimeDelay %q", v)
	}
	r := Replay(&m.Games[0], m.Length)
	if len(r.Problems) != 0 {
		t.Fatal(r.Problems)
	}
	// the log: the opening roll, then each roll and its play; a clock on the play
	if want := []string{"", "0:04:58", "", "0:04:51", "", "0:04:40.5", "", ""}; !reflect.DeepEqual(r.Clocks, want) || len(r.Log) != len(want) {
		t.Errorf("log %q clocks %q, want %q", r.Log, r.Clocks, want)
	}
}

// A log with clocks written by FromLog and Append reads back with the clocks on its rolls,
// in the package doc's lines; a clock of a bad shape is refused.
func TestClockRoundTrip(t *testing.T) {
	log := []string{"3-3", "2-5", "13/11 13/8", "6-6", "24/18(2) 13/7(2)", "3-1", "8/5 6/5"}
	// the last play's clock is of a bad shape: its roll's stands
	clocks := []string{"", "", "0:04:58", "0:04:57", "0:04:51", "0:04:40.5", "1:2:3"}
	g, _, err := FromLog(log, clocks, [2]string{"A", "B"}, rules.WinFor(0, rules.ReasonNone))
	if err != nil {
		t.Fatal(err)
	}
	out, err := Append(nil, &Match{Tags: []Tag{{"TimeControl", "300+0"}}, Games: []Game{g}})
	if err != nil {
		t.Fatal(err)
	}
	head, _, _ := strings.Cut(string(out), " 0 point match")
	if want := "; [TimeControl \"300+0\"]\n; [%clk 1 1) - 0:04:58]\n; [%clk 1 2) 0:04:51 0:04:40.5]\n\n"; head != want {
		t.Errorf("header\n%s\nwant\n%s", head, want)
	}
	back := roundTrip(t, "clocks", out)
	var got []string
	for _, a := range back.Games[0].Actions {
		got = append(got, a.Clock)
	}
	if want := []string{"0:04:58", "0:04:51", "0:04:40.5", ""}; !reflect.DeepEqual(got, want) {
		t.Errorf("clocks %q, want %q\n%s", got, want, out)
	}
	g.Actions[0].Clock = "4:61"
	if _, err := Append(nil, &Match{Games: []Game{g}}); err == nil || !strings.HasPrefix(err.Error(), ErrWrite.Error()) {
		t.Errorf("clock 4:61: %v", err)
	}
}

// GNU Backgammon imports a .mat with clock lines (the fixture, and one written by Append) as
// it imports one without: every play read, no unrecognised line reported.
func TestGnubgReadsClocks(t *testing.T) {
	gnubg := "/usr/games/gnubg"
	if runtime.GOOS == "js" {
		t.Skip("no processes under js/wasm")
	}
	if _, err := os.Stat(gnubg); err != nil {
		t.Skip("GNU Backgammon not installed (make gnubg-install)")
	}
	dir := t.TempDir()
	g, _, err := FromLog([]string{"2-5", "13/11 13/8", "6-6", "24/18(2) 13/7(2)"}, []string{"", "0:04:58", "", "0:04:51"}, [2]string{"A", "B"}, rules.WinFor(0, rules.ReasonNone))
	if err != nil {
		t.Fatal(err)
	}
	written, err := Append(nil, &Match{Games: []Game{g}})
	if err != nil {
		t.Fatal(err)
	}
	fixture, err := os.ReadFile("testdata/clock.mat")
	if err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(dir, "read.py")
	if err := os.WriteFile(script, []byte(`import gnubg, os
gnubg.command('set display off')
gnubg.command('import mat ' + os.environ['MAT'])
m = gnubg.match(analysis=0, boards=0, statistics=0)
print('MOVES', sum(1 for g in m['games'] for a in g['game'] if a.get('action') == 'move'))
`), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]struct {
		text  []byte
		moves string
	}{"written": {written, "MOVES 2"}, "fixture": {fixture, "MOVES 4"}} {
		file := filepath.Join(dir, name+".mat")
		if err := os.WriteFile(file, c.text, 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(gnubg, "-t", "-q", "-r", "-p", script)
		cmd.Env = append(os.Environ(), "MAT="+file)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: gnubg: %v\n%s", name, err, out)
		}
		if !strings.Contains(string(out), c.moves+"\n") || strings.Contains(string(out), "Unrecognised") {
			t.Errorf("%s: gnubg read\n%s\nwant %s and no unrecognised line", name, out, c.moves)
		}
	}
}
