package cli

import (
	"strings"
	"testing"

	"madang/ai"
	"madang/games"
	"madang/rules"
)

func TestRegistered(t *testing.T) {
	f, ok := games.Of("backgammon")
	if !ok || f.Name != "backgammon" || len(f.Records) != 1 || f.Records[0].Name != "MAT" {
		t.Fatalf("family %+v", f)
	}
	if _, ok := rules.Lookup("backgammon"); !ok {
		t.Fatal("rules not registered")
	}
	if _, err := ai.For("backgammon"); err != nil {
		t.Fatal("engine not registered")
	}
}

func TestSniff(t *testing.T) {
	for text, want := range map[string]bool{
		"; [Site \"BackgammonGalaxy\"]\n":   true,
		"\n 5 point match\n\n Game 1\n":     true,
		" Game 1\n lasse : 0   x : 0\n":     true,
		"[Event \"x\"]\n1. 32-28 19-23 *\n": false,
		"hello":                             false,
	} {
		if got := sniffMAT([]byte(text)); got != want {
			t.Errorf("sniff(%q) = %v", text, got)
		}
	}
}

func TestReplay(t *testing.T) {
	const match = ` 1 point match

 Game 1
 a : 0                       b : 0
  1)                             51: 24/23 13/8
  2) 21: 13/11 24/23             22: 6/4 6/4 13/11 13/11
  3) 55: 6/1 6/1 23/18 18/13     44: 25/21 11/7 11/7 8/4
  4)                             Wins 1 point
`
	rep := MAT.Replay([]byte(match), games.ReplayOptions{})
	if rep.Games != 1 || rep.Moves != 5 || len(rep.Problems) != 0 {
		t.Fatalf("%+v", rep)
	}
	bad := MAT.Replay([]byte(strings.Replace(match, "24/23 13/8", "24/18 13/8", 1)), games.ReplayOptions{Export: true})
	if len(bad.Problems) != 1 || !strings.Contains(bad.Problems[0], "line 5") || bad.ExportErr == nil {
		t.Fatalf("%+v", bad)
	}
}

// TestReplayCutOff: a game cut off before its result line ("Wins N point") is an error for
// that game, whatever game follows; the match's other games are replayed as before.
func TestReplayCutOff(t *testing.T) {
	const game1 = ` 3 point match

 Game 1
 a : 0                       b : 0
  1)                             51: 24/23 13/8
  2) 21: 13/11 24/23             22: 6/4 6/4 13/11 13/11
  3) 55: 6/1 6/1 23/18 18/13     44: 25/21 11/7 11/7 8/4
`
	const game2 = `
 Game 2
 a : 0                       b : 1
  1) 31: 8/5 6/5
`
	for _, c := range []struct {
		text  string
		games int
	}{{game1, 1}, {game1 + game2, 2}} {
		rep := MAT.Replay([]byte(c.text), games.ReplayOptions{})
		if rep.Games != c.games || len(rep.Problems) != c.games { // each game has no result
			t.Errorf("%q: %+v, want %d games and as many problems", c.text, rep, c.games)
			continue
		}
		for _, p := range rep.Problems {
			if !strings.Contains(p, "has no result") || !strings.Contains(p, "cut off") {
				t.Errorf("problem %q does not say the game is cut off", p)
			}
		}
	}
	ended := strings.Replace(game1, "44: 25/21 11/7 11/7 8/4\n", "44: 25/21 11/7 11/7 8/4\n  4)                             Wins 1 point\n", 1)
	rep := MAT.Replay([]byte(ended+game2), games.ReplayOptions{})
	if rep.Games != 2 || len(rep.Problems) != 1 || !strings.HasPrefix(rep.Problems[0], "game 2 ") {
		t.Errorf("game 1 ended, game 2 cut off: %+v", rep)
	}
}
