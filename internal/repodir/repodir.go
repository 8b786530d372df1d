// Package repodir finds the repository's root folder (the one holding go.mod) from a folder
// inside it, for tests and test doubles that read the repository's own files.
package repodir

import (
	"errors"
	"os"
	"path/filepath"
)

// ErrNotFound: no folder at or above the start holds go.mod.
var ErrNotFound = errors.New("repodir: go.mod not found above the folder")

// Root returns the nearest folder at or above dir that holds go.mod ("" dir: the working
// directory).
func Root(dir string) (string, error) {
	if dir == "" {
		var err error
		if dir, err = os.Getwd(); err != nil {
			return "", err
		}
	}
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return "", ErrNotFound
		}
	}
}
