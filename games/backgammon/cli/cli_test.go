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
