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
	// An unwritable path is an error after the games, and the summary still printed.
	code, out, errs = run(t, "selfplay", "--game", "chinese-checkers", "--a", "random", "--b", "random",
		"--games", "1", "--max-plies", "4", "--out", filepath.Join(t.TempDir(), "no", "such", "dir.json"))
	if code != 1 || !strings.Contains(errs, "selfplay:") || !strings.Contains(out, `"games":1`) {
		t.Fatalf("bad path: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}
