package sharedfiles

import (
	"os"
	"path/filepath"
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
