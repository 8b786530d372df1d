package main

import (
	"strings"
	"testing"
)

func TestEngineFlags(t *testing.T) {
	var out, errb strings.Builder
	if code := dispatch([]string{"engine", "--game", "chess"}, &out, &errb); code != 2 {
		t.Fatalf("exit %d for an unknown game", code)
	}
	if code := dispatch([]string{"engine", "--eval", "neural"}, &out, &errb); code != 2 {
		t.Fatalf("exit %d for an unknown evaluation", code)
	}
}

// Flags: the engine command dispatches on --game; a bad level, a Hub flag or a stray
// argument is refused with exit 2 before any input is read.
func TestBackgammonEngineFlags(t *testing.T) {
	for _, args := range [][]string{
		{"engine", "--game", "backgammon", "--level", "grandmaster"},
		{"engine", "--game=backgammon", "--tt", "16"},
		{"engine", "-game", "backgammon", "extra"},
	} {
		var out, errb strings.Builder
		if code := dispatch(args, &out, &errb); code != 2 || errb.Len() == 0 {
			t.Errorf("%v: exit %d, stderr %q", args, code, errb.String())
		}
	}
	for args, want := range map[string]string{
		"--game backgammon":        "backgammon",
		"--game=backgammon --tt 1": "backgammon",
		"--tt 8":                   "",
		"-game checkers":           "checkers",
	} {
		if got := engineGame(strings.Fields(args)); got != want {
			t.Errorf("engineGame(%q) = %q, want %q", args, got, want)
		}
	}
}
