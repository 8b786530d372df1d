package sharedfiles

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPathFindsTheSharedFolder(t *testing.T) {
	root := t.TempDir()
	deep := filepath.Join(root, "repo", "a", "b")
	if err := os.MkdirAll(filepath.Join(root, "shared", "games"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(deep)
	if got, want := Path(t, "games"), filepath.Join(root, "shared", "games"); got != want {
		t.Fatalf("Path = %q, want %q", got, want)
	}
}

// .ci/run exports CI=true before `make test`, so that under CI a missing shared/ folder
// fails the tests that need it (Path) instead of skipping them silently.
func TestCIRunSetsCI(t *testing.T) {
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatal("no go.mod above the test directory")
		}
		dir = up
	}
	raw, err := os.ReadFile(filepath.Join(dir, ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	exported, ran := -1, -1
	for i, line := range strings.Split(string(raw), "\n") {
		switch strings.TrimSpace(line) {
		case "export CI=true":
			exported = i
		case "make test":
			ran = i
		}
	}
	if exported < 0 || ran < 0 || exported > ran {
		t.Fatalf(".ci/run: `export CI=true` on line %d, `make test` on line %d; want the export first", exported+1, ran+1)
	}
}
