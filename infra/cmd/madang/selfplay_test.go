package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestSelfplaySummary(t *testing.T) {
	for _, game := range []string{"checkers", "draughts"} {
		var out, errb strings.Builder
		code := dispatch([]string{"selfplay", "--game", game, "--a", "beginner", "--b", "beginner",
			"--games", "2", "--seed", "5", "--max-plies", "60"}, &out, &errb)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", game, code, errb.String())
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		if len(lines) != 3 {
			t.Fatalf("%s: want 2 game lines and the summary, got %q", game, out.String())
		}
		var r selfplayReport
		if err := json.Unmarshal([]byte(lines[2]), &r); err != nil {
			t.Fatalf("%s: last line %q: %v", game, lines[2], err)
		}
		if r.Games != 2 || r.AWins+r.BWins+r.Draws != 2 || r.AvgPlies <= 0 || r.AvgPlies > 60 {
			t.Fatalf("%s: summary %+v", game, r)
		}
	}
}

func TestSelfplayBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"selfplay", "--game", "go"},
		{"selfplay", "--a", "grandmaster"},
		{"selfplay", "--games", "0"},
		{"selfplay", "extra"},
	} {
		var out, errb strings.Builder
		if code := dispatch(args, &out, &errb); code != 2 || errb.Len() == 0 {
			t.Errorf("%v: exit %d, stderr %q", args, code, errb.String())
		}
	}
}

// --out writes the results file: the settings, the summary that is the last line of the
// output, and the derived figures; --c gives the third player's level.
func TestSelfplayResultsFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.json")
	code, out, errs := run(t, "selfplay", "--game", "diamond", "--players", "3", "--a", "beginner", "--b", "random",
		"--c", "random", "--games", "3", "--seed", "2", "--max-plies", "30", "--out", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var last selfplayReport
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &last); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(path); err != nil || st.Mode().Perm() != 0o644 {
		t.Errorf("results file mode %v (%v), want -rw-r--r-- as other files the commands write", st.Mode(), err)
	}
	var r selfplayResults
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	if r.Game != "diamond" || r.Options["players"] != 3 || !slices.Equal(r.Levels, []string{"beginner", "random", "random"}) ||
		r.Seed != 2 || r.MaxPlies != 30 || !reflect.DeepEqual(r.Report, last) {
		t.Fatalf("results %+v, last line %+v", r, last)
	}
	if r.AvgMovesPerPlayer != last.AvgPlies/3 || r.FirstSeatWinRate != float64(last.SeatWins[0])/3 {
		t.Fatalf("derived figures %v %v from %+v", r.AvgMovesPerPlayer, r.FirstSeatWinRate, last)
	}
}

// An --out that cannot be written is refused before the first game (exit 2, nothing
// played), naming the path, and leaves no file behind.
func TestSelfplayOutCheckedFirst(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := map[string]string{
		filepath.Join(dir, "no", "such", "dir.json"): "no directory " + filepath.Join(dir, "no", "such"),
		filepath.Join(file, "r.json"):                file + " is not a directory",
		dir:                                          dir + " is a directory",
	}
	if os.Geteuid() != 0 { // root writes anywhere
		ro := filepath.Join(dir, "ro")
		if err := os.Mkdir(ro, 0o555); err != nil {
			t.Fatal(err)
		}
		cases[filepath.Join(ro, "r.json")] = "no permission to create files in " + ro
	}
	for path, why := range cases {
		code, out, errs := run(t, "selfplay", "--game", "chinese-checkers", "--a", "random", "--b", "random",
			"--games", "2", "--max-plies", "4", "--out", path)
		if code != 2 || out != "" || !strings.Contains(errs, "selfplay: --out: ") || !strings.Contains(errs, why) {
			t.Errorf("--out %s: exit %d, stdout %q, stderr %q; want 2, no game and %q", path, code, out, errs, why)
		}
	}
	left, _ := filepath.Glob(filepath.Join(dir, "*", ".selfplay-*"))
	more, _ := filepath.Glob(filepath.Join(dir, ".selfplay-*"))
	if len(left)+len(more) != 0 {
		t.Errorf("left behind: %q", append(left, more...))
	}
	// A writable --out is written after the games; the check leaves nothing else there.
	ok := filepath.Join(t.TempDir(), "r.json")
	if code, _, errs := run(t, "selfplay", "--game", "chinese-checkers", "--a", "random", "--b", "random",
		"--games", "1", "--max-plies", "4", "--out", ok); code != 0 {
		t.Fatalf("--out %s: exit %d: %s", ok, code, errs)
	}
	if names, _ := filepath.Glob(filepath.Join(filepath.Dir(ok), "*")); len(names) != 1 || names[0] != ok {
		t.Errorf("the folder of --out holds %q, want %s alone", names, ok)
	}
}
