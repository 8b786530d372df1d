package pdn

import (
	"madang/internal/sharedfiles"
	"os"
	"path/filepath"
	"testing"
)

func readShared(t testing.TB, rel string) []Game {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(sharedfiles.Path(t, "games"), rel))
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
	data, err := os.ReadFile(filepath.Join(sharedfiles.Path(t, "games"), rel))
	if err != nil {
		t.Fatal(err)
	}
	return Read(data)
}
