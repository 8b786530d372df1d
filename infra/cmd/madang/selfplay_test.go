package main

import (
	"encoding/json"
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
