package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"madang/internal/sharedfiles"
)

// moves prints every legal play of a backgammon position and roll, one per line in gnubg
// notation, and nothing for a roll with no play. The sets are those of
// shared/cases/backgammon.md (checked there against GNU Backgammon 1.07).
func TestMovesBackgammon(t *testing.T) {
	code, out, errs := run(t, "moves", "--game", "backgammon", "--position", "22YAAD7gc+gDQA", "--dice", "6-5")
	got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	slices.Sort(got)
	want := []string{"bar/14", "bar/20 12/6", "bar/20 13/7", "bar/20 8/2"}
	if code != 0 || !slices.Equal(got, want) {
		t.Errorf("bar case: exit %d, stdout %q, stderr %q; want the lines %q", code, out, errs, want)
	}
	code, out, errs = run(t, "moves", "--game", "backgammon", "--position", "27YBADjgc/ADQA", "--dice", "6-5")
	if code != 0 || out != "" || !strings.Contains(errs, "no move") {
		t.Errorf("closed board: exit %d, stdout %q, stderr %q; want no line and a word why", code, out, errs)
	}
	// the opening tie: no move, and the reason on stderr (it rolls again, seed 003)
	code, out, errs = run(t, "moves", "--game", "backgammon", "--dice", "6-6")
	if code != 0 || out != "" || !strings.Contains(errs, "no move") {
		t.Errorf("opening tie: exit %d, stdout %q, stderr %q; want no line and a word why", code, out, errs)
	}
	code, out, _ = run(t, "moves", "--game", "backgammon", "--position", "4HPwATDgc/ABMA", "--dice", "3-1")
	if n := strings.Count(out, "\n"); code != 0 || n != 16 {
		t.Errorf("opening 3-1: exit %d, %d lines, want 16", code, n)
	}
	if code, _, errs := run(t, "moves", "--game", "backgammon", "--position", "4HPwATDgc/ABMA"); code != 2 || !strings.Contains(errs, "--dice") {
		t.Errorf("no dice: exit %d, stderr %q", code, errs)
	}
}

// A directory stands for the files in it that a format claims by extension or by content:
// the shared backgammon matches are .txt files sniffed as .mat exports, and the directory
// replays exactly as its files named one by one.
func TestReplayDirectorySniff(t *testing.T) {
	studio := sharedfiles.Path(t, "games", "backgammon", "studio")
	named, _ := filepath.Glob(filepath.Join(studio, "*.txt"))
	if len(named) != 30 {
		t.Fatalf("%d files in %s, want 30 (shared/games/README.md)", len(named), studio)
	}
	code, want, _ := run(t, append([]string{"replay", "--game", "backgammon"}, named...)...)
	if code != 0 || !strings.HasSuffix(want, " errors=0\n") {
		t.Fatalf("the files named: exit %d, stdout %q", code, want)
	}
	code, got, _ := run(t, "replay", "--game", "backgammon", studio)
	if code != 0 || got != want {
		t.Errorf("the folder: exit %d, stdout %q, want %q", code, got, want)
	}

	// A folder of mixed files: a PDN game under .txt and a match under .txt are read, notes
	// and subfolders are left out.
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.txt"), []byte("[Event \"x\"]\n1. 11-15 23-19 *\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("hello"), 0o644)
	os.WriteFile(filepath.Join(dir, "README.md"), []byte("# records\n"), 0o644)
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	os.WriteFile(filepath.Join(dir, "sub", "b.pdn"), []byte("[Event \"y\"]\n1. 11-15 *\n"), 0o644)
	match, err := os.ReadFile(named[0])
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "m.txt"), match, 0o644)
	_, one, _ := run(t, "replay", "--game", "backgammon", named[0])
	var games, moves int
	if _, err := fmt.Sscanf(lastLine(one), "games=%d moves=%d errors=0", &games, &moves); err != nil {
		t.Fatalf("last line %q: %v", one, err)
	}
	code, out, errs := run(t, "replay", dir)
	if wantLast := "games=" + strconv.Itoa(games+1) + " moves=" + strconv.Itoa(moves+2) + " errors=0"; code != 0 || lastLine(out) != wantLast {
		t.Errorf("mixed folder: exit %d, stdout %q (stderr %q), want last line %q", code, out, errs, wantLast)
	}
	if !strings.Contains(errs, "replay: 2 files") {
		t.Errorf("mixed folder: stderr %q, want 2 files", errs)
	}
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}
