package repodir

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestRoot(t *testing.T) {
	root, err := Root("")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "internal", "repodir", "repodir.go")); err != nil {
		t.Fatalf("Root = %s, which does not hold this package: %v", root, err)
	}
	if _, err := Root(t.TempDir()); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Root of a folder outside any module: %v, want ErrNotFound", err)
	}
}
