package cli_test

import (
	"testing"

	"madang/games"
	_ "madang/games/halma/cli"
	"madang/rules"
)

// The fast hook and the generic walk over rules.State agree with the start-position figures
// of rules/halma (chinese-checkers depth 2 = 196).
func TestPerftHook(t *testing.T) {
	for _, c := range []struct {
		game  string
		opts  rules.Options
		depth int
		want  uint64
	}{
		{"chinese-checkers", nil, 2, 196},
		{"chinese-checkers", nil, 3, 4760},
		{"diamond-kr", rules.Options{"pieces": 15}, 3, 15752},
		{"diamond", nil, 3, 12567},
		{"diamond", rules.Options{"players": 3}, 3, 8000},
	} {
		g, _ := rules.Lookup(c.game)
		s, err := g.New(c.opts)
		if err != nil {
			t.Fatal(err)
		}
		f, ok := games.Of(c.game)
		if !ok || f.Perft == nil || f.Name != "halma" {
			t.Fatalf("%s: no halma family perft hook", c.game)
		}
		if n, ok := f.Perft(s, c.depth); !ok || n != c.want {
			t.Errorf("%s %v: hook %d %v, want %d", c.game, c.opts, n, ok, c.want)
		}
		if n, err := games.Perft(s, c.depth); err != nil || n != c.want {
			t.Errorf("%s %v: games.Perft %d %v, want %d", c.game, c.opts, n, err, c.want)
		}
	}
}
