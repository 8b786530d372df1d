package pdn

import (
	"madang/internal/sharedfiles"
	"path/filepath"
	"testing"
)

// TestGameCounts checks the number of games per file against the table in
// shared/games/README.md.
func TestGameCounts(t *testing.T) {
	want := map[string]int{
		"checkers/tinsley.pdn":                724,
		"checkers/inferno.pdn":                68,
		"checkers/Tricks traps and shots.pdn": 91,
		"checkers/Principles of Strategy.pdn": 16,
		"draughts/dutch96h.pdn":               194,
		"draughts/wk2003.pdn":                 190,
		"draughts/kurnik.pdn":                 4,
		"draughts/nk ronde 01.pdn":            7,
	}
	for rel, n := range want {
		if got := len(readShared(t, rel)); got != n {
			t.Errorf("%s: %d games, README says %d", rel, got, n)
		}
	}
	// The problem collections: 72 games in all.
	files, err := filepath.Glob(filepath.Join(sharedfiles.Path(t, "games"), "draughts", "problems", "*.pdn"))
	if err != nil || len(files) != 2 {
		t.Fatalf("%d problem files (%v), want Cat.A1.pdn and Cat.B1.pdn", len(files), err)
	}
	total := 0
	for _, f := range files {
		rel, _ := filepath.Rel(sharedfiles.Path(t, "games"), f)
		total += len(readShared(t, rel))
	}
	if total != 72 {
		t.Errorf("problems: %d games, README says 72", total)
	}
}
