package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// madang egdb: flags are checked before any work; a build writes its tables and a
// summary line; a probe reads them, and a table the folder lacks is built with a line
// on stderr saying so, not silently.
func TestEgdbCommand(t *testing.T) {
	for _, args := range [][]string{
		{"--game", "chess", "--dir", "x"},
		{"--game", "checkers", "--pieces", "1", "--dir", "x"},
		{"--game", "checkers"},
		{"--game", "checkers", "--dir", "x", "extra"},
	} {
		var out, errb strings.Builder
		if code := runEgdb(args, &out, &errb); code != 2 || !strings.Contains(errb.String(), "egdb:") {
			t.Errorf("%q: exit %d, stderr %q", args, code, errb.String())
		}
	}
	dir := t.TempDir()
	var out, errb strings.Builder
	if code := runEgdb([]string{"--game", "checkers", "--pieces", "2", "--dir", dir}, &out, &errb); code != 0 {
		t.Fatalf("build: exit %d: %s", code, errb.String())
	}
	if !strings.HasPrefix(out.String(), "tables=") {
		t.Fatalf("build: stdout %q", out.String())
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	if len(files) == 0 {
		t.Fatal("build wrote no table")
	}
	// Two kings against one need a 3-piece table the folder lacks: the probe builds it
	// and says so. Two kings beat one (the tables' own result, as every checkers
	// endgame database has it).
	out.Reset()
	errb.Reset()
	if code := runEgdb([]string{"--game", "checkers", "--pieces", "3", "--dir", dir, "--probe", "W:WK1,K5:BK32"}, &out, &errb); code != 0 {
		t.Fatalf("probe: exit %d: %s", code, errb.String())
	}
	if got := strings.TrimSpace(out.String()); got != "win" {
		t.Errorf("probe of two kings against one: %q, want win", got)
	}
	if !strings.Contains(errb.String(), "built for this probe (not saved)") {
		t.Errorf("probe built a table silently: stderr %q", errb.String())
	}
	after, _ := filepath.Glob(filepath.Join(dir, "*"))
	if len(after) != len(files) {
		t.Errorf("probe wrote to --dir: %d files, were %d", len(after), len(files))
	}
	// A probe the folder's tables answer builds nothing.
	out.Reset()
	errb.Reset()
	if code := runEgdb([]string{"--game", "checkers", "--dir", dir, "--probe", "W:WK1:BK32"}, &out, &errb); code != 0 || errb.Len() != 0 {
		t.Errorf("probe of 1 against 1: exit %d, stderr %q", code, errb.String())
	}
	if code := runEgdb([]string{"--game", "checkers", "--dir", dir, "--probe", "not a fen"}, &out, &errb); code != 2 {
		t.Errorf("bad FEN: exit %d", code)
	}
}
