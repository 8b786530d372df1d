package cli_test

import (
	"testing"

	"madang/games"
	_ "madang/games/draughts/cli"
	"madang/rules"
)

// The fast hook and the generic walk over rules.State agree with the published counts of
// shared/cases/draughts.md (checkers depth 4 = 1469, draughts depth 3 = 658).
func TestPerftHook(t *testing.T) {
	for _, c := range []struct {
		game  string
		depth int
		want  uint64
	}{{"checkers", 4, 1469}, {"draughts", 3, 658}} {
		g, _ := rules.Lookup(c.game)
		s, err := g.New(nil)
		if err != nil {
			t.Fatal(err)
		}
		f, ok := games.Of(c.game)
		if !ok || f.Perft == nil {
			t.Fatalf("%s: no family perft hook", c.game)
		}
		if n, ok := f.Perft(s, c.depth); !ok || n != c.want {
			t.Errorf("%s: hook %d %v, want %d", c.game, n, ok, c.want)
		}
		if n, err := games.Perft(s, c.depth); err != nil || n != c.want {
			t.Errorf("%s: games.Perft %d %v, want %d", c.game, n, err, c.want)
		}
	}
}

func TestSniffPDN(t *testing.T) {
	var pdn games.RecordFormat
	for _, r := range games.Formats() {
		if r.Name == "PDN" {
			pdn = r
		}
	}
	if pdn.Sniff == nil {
		t.Fatal("no PDN format")
	}
	for text, want := range map[string]bool{
		"\xef\xbb\xbf[Event \"x\"]\n": true,
		"\r\n 1. 32-28 19-23 *":       true,
		"12... 18-23":                 true,
		"":                            false,
		"\x7fELF":                     false,
		"24/18 13/10":                 false,
		"1 point match":               false,
	} {
		if got := pdn.Sniff([]byte(text)); got != want {
			t.Errorf("Sniff(%q) = %v, want %v", text, got, want)
		}
	}
}
