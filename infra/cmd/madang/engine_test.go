package main

import (
	"strings"
	"testing"

	"madang/games"
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

// Without --game, madang engine speaks the Hub protocol for draughts (README "Engine
// protocol"), the default of madang match too; a family whose engine speaks another
// protocol (backgammon's line protocol) is never the default, even when it names one and
// comes first, and with no Hub default the command asks for --game.
func TestEngineDefaultGame(t *testing.T) {
	if g := defaultEngineGame(); g != "draughts" {
		t.Errorf("defaultEngineGame() = %q, want draughts", g)
	}
	line := &games.Family{Name: "line", Tools: games.Tools{Engine: &games.Engine{Default: "line-game"}}}
	hub := &games.Family{Name: "hub", Tools: games.Tools{Engine: &games.Engine{Default: "hub-game"}, Hub: &games.HubCodec{}}}
	if g := defaultHubGame([]*games.Family{line, hub}); g != "hub-game" {
		t.Errorf("a line-protocol family first: default %q, want hub-game", g)
	}
	if g := defaultHubGame([]*games.Family{line}); g != "" {
		t.Errorf("no Hub family: default %q, want none", g)
	}
	var out, errb strings.Builder
	code := runEngineOn(nil, strings.NewReader("hub\nquit\n"), &out, &errb)
	if code != 0 || !strings.Contains(out.String(), "id name=madang") || !strings.Contains(out.String(), "param name=variant value=draughts") {
		t.Errorf("engine without --game: exit %d, stdout %q, stderr %q; want the Hub greeting for draughts", code, out.String(), errb.String())
	}
}
