package pdn

import (
	"os"
	"path/filepath"
	"testing"
)

// sharedGames returns the folder of the shared game records (shared/games), found by
// walking up from the test's directory to the one that contains shared/. The records are
// not copied into the repository (their licences do not all allow it).
func sharedGames(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		p := filepath.Join(dir, "shared", "games")
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			return p
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Skip("shared/games not found above the test directory; the replay records live there")
		}
		dir = up
	}
}

func readShared(t testing.TB, rel string) []Game {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(sharedGames(t), rel))
	if err != nil {
		t.Fatal(err)
	}
	games, err := Read(data)
	if err != nil {
		t.Fatalf("%s: %v", rel, err)
	}
	return games
}

func readSharedRaw(t testing.TB, rel string) ([]Game, error) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(sharedGames(t), rel))
	if err != nil {
		t.Fatal(err)
	}
	return Read(data)
}
