package awscost_test

import (
	"path/filepath"
	"testing"

	"madang/games"
	_ "madang/games/all"
	"madang/infra/awscost"
	"madang/internal/repodir"
)

// The shipped AI figures give every game a length (the doubling of a dice game's plays is
// checked on a file of known figures by the CLI's TestAWSCost).
func TestShippedPlies(t *testing.T) {
	root, err := repodir.Root("")
	if err != nil {
		t.Fatal(err)
	}
	plies, err := awscost.ReadPlies(filepath.Join(root, "site/src/guide/ai-figures.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range games.InOrder() {
		for _, g := range f.Games {
			if plies[g.ID] <= 0 {
				t.Errorf("%s: no game length in ai-figures.json", g.ID)
			}
		}
	}
}

// A file that is not the figures' JSON is an error, not an empty table.
func TestReadPliesBadFile(t *testing.T) {
	if _, err := awscost.ReadPlies(filepath.Join(t.TempDir(), "missing.json")); err == nil {
		t.Error("a missing file read without error")
	}
}
