package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "madang/internal/trackgame" // "track": a game with options and no tool hooks (generic paths)
)

func run(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := dispatch(args, &out, &errb)
	return code, out.String(), errb.String()
}

// A game without a perft hook is counted through the rules.State API: the track game has
// the moves +1, +2 and wait; from 6,6 on a track of 8, +2 ends the game, so depth 2 has
// 3 + 0 + 3 leaves. With --players 3 the start has 3^3 leaves at depth 3.
func TestPerftGeneric(t *testing.T) {
	code, out, errs := run(t, "perft", "--game", "track", "--position", "6,6:0", "--depth", "2", "--divide")
	if code != 0 || out != "+1 3\n+2 0\nwait 3\n6\n" {
		t.Errorf("divide: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	code, out, errs = run(t, "perft", "--game", "track", "--players", "3", "--opt", "length=20", "--depth", "3")
	if code != 0 || out != "27\n" {
		t.Errorf("3 players: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	for _, bad := range [][]string{
		{"perft", "--game", "track", "--players", "5"},
		{"perft", "--game", "track", "--opt", "colour=3"},
		{"perft", "--game", "track", "--opt", "length"},
		{"perft", "--game", "checkers", "--pieces", "10"},
	} {
		if code, _, errs := run(t, bad...); code != 2 || errs == "" {
			t.Errorf("%v: exit %d, stderr %q", bad, code, errs)
		}
	}
}

// --algebraic prints the family's second notation: the checkers start's 11-15 is c3-d4
// (seed 001, the page's own example).
func TestMovesAlgebraic(t *testing.T) {
	code, out, errs := run(t, "moves", "--game", "checkers", "--algebraic")
	if code != 0 || !strings.Contains(out, "\n11-15 c3-d4\n") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	code, out, _ = run(t, "moves", "--game", "track", "--position", "1,2:1")
	if code != 0 || out != "+1\n+2\nwait\n" {
		t.Errorf("track: exit %d, stdout %q", code, out)
	}
}

// --dice is refused where no roll is due (dice text itself is tested in package rules).
func TestMovesDice(t *testing.T) {
	if code, _, errs := run(t, "moves", "--game", "checkers", "--dice", "5-3"); code != 2 || !strings.Contains(errs, "does not wait for a roll") {
		t.Errorf("dice without a roll: exit %d, %q", code, errs)
	}
}

// A record without a known extension is read by the format whose content test it passes;
// anything else is one error line.
func TestReplaySniff(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "game.txt")
	os.WriteFile(rec, []byte("[Event \"x\"]\n1. 11-15 23-19 *\n"), 0o644)
	junk := filepath.Join(dir, "notes.txt")
	os.WriteFile(junk, []byte("hello"), 0o644)
	code, out, _ := run(t, "replay", rec, junk)
	want := junk + ": not a game record this program reads\ngames=1 moves=2 errors=1\n"
	if code != 1 || out != want {
		t.Errorf("exit %d, stdout %q, want %q", code, out, want)
	}
}

// Asking a command for its flags (-h, --help) prints them and is no error; a bad flag is.
func TestCommandHelp(t *testing.T) {
	for _, cmd := range []string{"games", "aws-cost", "moves", "perft"} {
		code, _, errs := run(t, cmd, "--help")
		if code != 0 || !strings.Contains(errs, "Usage of "+cmd) {
			t.Errorf("%s --help: exit %d, stderr %q", cmd, code, errs)
		}
		if code, _, _ := run(t, cmd, "--no-such-flag"); code != 2 {
			t.Errorf("%s --no-such-flag: exit %d, want 2", cmd, code)
		}
	}
	if _, _, errs := run(t, "aws-cost", "-h"); !strings.Contains(errs, "-report string") {
		t.Errorf("aws-cost -h names the report flag's argument %q", errs)
	}
}
