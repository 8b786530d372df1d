package mat

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"madang/internal/sharedfiles"
	"madang/rules"
)

// stripLines drops the line numbers Read records, which a rewrite changes.
func stripLines(m *Match) {
	for i := range m.Games {
		m.Games[i].Line = 0
		for k := range m.Games[i].Actions {
			m.Games[i].Actions[k].Line = 0
		}
	}
}

// roundTrip reads text, writes it with Append and reads that again: the two reads agree.
func roundTrip(t *testing.T, name string, text []byte) *Match {
	t.Helper()
	m, err := Read(strings.NewReader(string(text)))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	out, err := Append(nil, m)
	if err != nil {
		t.Fatalf("%s: Append: %v", name, err)
	}
	back, err := Read(strings.NewReader(string(out)))
	if err != nil {
		t.Fatalf("%s: reading the written text: %v\n%s", name, err, out)
	}
	stripLines(m)
	stripLines(back)
	if !reflect.DeepEqual(m, back) {
		t.Fatalf("%s: the written match reads back differently\n%s", name, out)
	}
	return back
}

func TestWriteRoundTrip(t *testing.T) {
	roundTrip(t, "studio", []byte(studio))
	roundTrip(t, "galaxy", []byte(galaxy))
}

// TestWriteLayout: the rows as GNU Backgammon's export lays them out.
func TestWriteLayout(t *testing.T) {
	m := &Match{Tags: []Tag{{"Player 1", "나"}, {"EventDate", "2026.11.30"}}, Games: []Game{{
		Number: 1, Players: [2]string{"A", "B"}, Winner: 1, Points: 2,
		Actions: []Action{
			{Seat: 1, Kind: Roll, Dice: rules.Dice{5, 2}, Play: "13/8 13/11"},
			{Seat: 0, Kind: Roll, Dice: rules.Dice{6, 6}},
			{Seat: 1, Kind: Roll, Dice: rules.Dice{3, 1}, Play: "8/5 6/5"},
			{Seat: 1, Kind: Win, Points: 2},
		},
	}}}
	out, err := Append(nil, m)
	if err != nil {
		t.Fatal(err)
	}
	want := `; [Player 1 "나"]
; [EventDate "2026.11.30"]

 0 point match

 Game 1
 A : 0                           B : 0
  1)                             52: 13/8 13/11
  2) 66:                         31: 8/5 6/5
                                 Wins 2 points
`
	if string(out) != want {
		t.Fatalf("got\n%s\nwant\n%s", out, want)
	}
}

func TestWriteErrors(t *testing.T) {
	for _, m := range []*Match{
		{Tags: []Tag{{"Event", `a "b"`}}},
		{Tags: []Tag{{"Event", "a\nb"}}},
		{Games: []Game{{Players: [2]string{"a : b", "c"}}}},
		{Games: []Game{{Actions: []Action{{Seat: 2, Kind: Take}}}}},
		{Games: []Game{{Actions: []Action{{Kind: Roll, Dice: rules.Dice{7, 1}}}}}},
	} {
		if _, err := Append(nil, m); err == nil || !strings.HasPrefix(err.Error(), ErrWrite.Error()) {
			t.Errorf("%+v: err %v, want ErrWrite", m, err)
		}
	}
}

// TestWriteShared rewrites every shared match: each reads back as it was read.
func TestWriteShared(t *testing.T) {
	dir := sharedfiles.Path(t, "games", "backgammon")
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*.txt"))
	if len(files) != 530 {
		t.Fatalf("%d match files under %s, want the 530 of the README", len(files), dir)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		roundTrip(t, filepath.Base(f), b)
	}
}

// TestFromLog: a game logged by madang (an opening tie, then plays) becomes actions that Replay plays back to the same log and result.
func TestFromLog(t *testing.T) {
	log := []string{"3-3", "2-5", "13/8 13/11", "6-4", "24/18 13/9", "3-1", "8/5 6/5"}
	g, played, err := FromLog(log, nil, [2]string{"A", "B"}, rules.Outcome{Status: rules.Win, Winner: 1, Points: 1})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"2-5", "13/11 13/8", "6-4", "24/18 13/9", "3-1", "8/5 6/5"}; !reflect.DeepEqual(played, want) {
		t.Fatalf("played %v, want %v", played, want)
	}
	// the opening 2-5 is seat 1's: written "52:" in the right column
	if a := g.Actions[0]; a.Seat != 1 || a.Dice != (rules.Dice{5, 2}) || a.Play != "13/11 13/8" {
		t.Fatalf("opening action %+v", a)
	}
	if a := g.Actions[len(g.Actions)-1]; a.Kind != Win || a.Seat != 1 || a.Points != 1 {
		t.Fatalf("result action %+v", a)
	}
	out, err := Append(nil, &Match{Games: []Game{g}})
	if err != nil {
		t.Fatal(err)
	}
	m, err := Read(strings.NewReader(string(out)))
	if err != nil {
		t.Fatal(err)
	}
	r := Replay(&m.Games[0], 0)
	if len(r.Problems) > 0 || !reflect.DeepEqual(r.Log, played) || m.Games[0].Winner != 1 {
		t.Fatalf("replay %v problems %v winner %d\n%s", r.Log, r.Problems, m.Games[0].Winner, out)
	}
	if _, _, err := FromLog([]string{"2-5", "24/1"}, nil, [2]string{}, rules.OngoingOutcome); err == nil || !strings.HasPrefix(err.Error(), "entry 2 (24/1): ") || !errors.Is(err, err) {
		t.Fatalf("bad play: err %v", err)
	}
}
