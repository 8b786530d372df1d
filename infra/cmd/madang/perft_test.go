package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// The leaf count is the last line of stdout (cases file: checkers depth 4 = 1469, draughts
// depth 3 = 658).
func TestPerftCommand(t *testing.T) {
	for _, c := range []struct {
		args []string
		last string
	}{
		{[]string{"perft", "--game", "checkers", "--depth", "4"}, "1469"},
		{[]string{"perft", "--game", "draughts", "--depth", "3"}, "658"},
		{[]string{"perft", "--game", "draughts", "--depth", "2", "--divide"}, "81"},
		{[]string{"perft", "--game", "draughts", "--depth", "3", "--position", "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38"}, "30"},
	} {
		var out, errb bytes.Buffer
		if code := dispatch(c.args, &out, &errb); code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, errb.String())
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		if got := lines[len(lines)-1]; got != c.last {
			t.Errorf("%v: last line %q, want %q", c.args, got, c.last)
		}
	}
	var out, errb bytes.Buffer
	if code := dispatch([]string{"perft", "--game", "chess"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "unknown game") {
		t.Errorf("unknown game: exit %d, %q", code, errb.String())
	}
	if code := dispatch([]string{"perft", "--game", "draughts", "--position", "W:W51"}, &out, &errb); code != 2 {
		t.Errorf("bad FEN: exit %d", code)
	}
}

// Case "flying king chooses its landing [4.3]": W:WK46:B23 has exactly 46x19, 46x14, 46x10,
// 46x5, listed in PDN one per line.
func TestMovesCommand(t *testing.T) {
	var out, errb bytes.Buffer
	if code := dispatch([]string{"moves", "--game", "draughts", "--position", "W:WK46:B23"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if got := out.String(); got != "46x5\n46x10\n46x14\n46x19\n" {
		t.Errorf("moves:\n%s", got)
	}
}

// perft, moves and selfplay need --game: none of them guesses checkers.
func TestGameRequired(t *testing.T) {
	for _, args := range [][]string{{"perft", "--depth", "2"}, {"moves"}, {"selfplay", "--games", "1"}} {
		var out, errb strings.Builder
		code := dispatch(args, &out, &errb)
		if code != 2 || !strings.Contains(errb.String(), "--game is required") || !strings.Contains(errb.String(), "draughts") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q, want 2 and --game is required", args, code, out.String(), errb.String())
		}
	}
}

// --depth is optional, 1 by default (checkers has 7 first moves), and README's command
// table writes it so.
func TestPerftDepthDefault(t *testing.T) {
	var out, errb bytes.Buffer
	if code := dispatch([]string{"perft", "--game", "checkers"}, &out, &errb); code != 0 || strings.TrimSpace(out.String()) != "7" {
		t.Errorf("perft without --depth: exit %d, stdout %q, stderr %q; want the depth-1 count 7", code, out.String(), errb.String())
	}
	readme, err := os.ReadFile("../../../README.md")
	if err != nil {
		t.Skip("no README:", err)
	}
	for _, l := range strings.Split(string(readme), "\n") {
		if strings.HasPrefix(l, "| `perft ") && (!strings.Contains(l, "[--depth N]") || !strings.Contains(l, "default 1")) {
			t.Errorf("README's perft row does not write --depth as optional with its default 1: %s", l[:min(len(l), 120)])
		}
	}
}
