package halma

import (
	"strings"
	"testing"
)

// route reads a landing path "9.1-7.3" ("" for none) for the tests.
func route(t *testing.T, text string) []Hole {
	t.Helper()
	if text == "" {
		return nil
	}
	var out []Hole
	for _, s := range strings.Split(text, "-") {
		out = append(out, hole(t, s))
	}
	return out
}

// Extend: a route through waypoints goes on from the last one with the fewest jumps, by the
// rules of jumps (seed 004's two routes to one hole, seed 000's king runs and closed camps),
// landing on no hole twice; anything that is not a chain of the mover's piece gives nil.
func TestExtend(t *testing.T) {
	// Red on 9.1; blue on 9.2, 8.2, 8.4 and 7.4: 9.1 reaches 7.5 by two jumps, over 9.2 to
	// 9.3 then over 8.4, or over 8.2 to 7.3 then over 7.4.
	two := decode(t, &ChineseCheckers, 2, 10, "0 9.1/9.2,8.2,8.4,7.4 0 0")
	closed := decode(t, &Diamond, 2, 15, "0 7.4/7.3,8.2 0 0")
	open := decode(t, &ChineseCheckers, 2, 10, "0 7.4/7.3,8.2 0 0")
	king := decode(t, &Diamond, 2, 15, "0 K9.2,9.3/9.4,9.6 0 0")
	for _, c := range []struct {
		name  string
		p     Position
		chain string
		to    string
		want  string
	}{
		{"a waypoint on one route", two, "9.1-7.3", "7.5", "9.1-7.3-7.5"},
		{"a waypoint on the other", two, "9.1-9.3", "7.5", "9.1-9.3-7.5"},
		{"to the waypoint from the piece", two, "9.1", "7.3", "9.1-7.3"},
		{"no waypoint: Path's route", two, "9.1", "7.5", PathText(two.Path(Move{hole(t, "9.1"), hole(t, "7.5")}))},
		{"the piece's own hole again", two, "9.1-9.3", "9.1", ""},
		{"a landing of the chain again", two, "9.1-9.3-7.5", "9.3", ""},
		{"a step is no jump", two, "9.1", "10.1", ""},
		{"a chain that is not one", two, "9.1-7.5", "9.3", ""},
		{"not the mover's piece", two, "9.2", "9.3", ""},
		{"an empty hole", two, "10.2", "9.3", ""},
		{"closed camp as the end", closed, "7.4", "7.2", ""},
		{"closed camp in the middle", closed, "7.4", "9.2", ""},
		{"closed camp in the chain", closed, "7.4-7.2", "9.2", ""},
		{"no closed camps in chinese-checkers", open, "7.4", "9.2", "7.4-7.2-9.2"},
		{"a king's run, then a jump", king, "9.2", "9.7", "9.2-9.5-9.7"},
		{"a king's run as the waypoint", king, "9.2-9.5", "9.7", "9.2-9.5-9.7"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := c.p.Extend(route(t, c.chain), hole(t, c.to))
			if PathText(got) != c.want {
				t.Errorf("Extend(%s, %s) = %q, want %q", c.chain, c.to, PathText(got), c.want)
			}
			if c.want != "" && len(got) > 2 && c.p.checkChain(got) != "" {
				t.Errorf("Extend(%s, %s) = %s is no legal chain: %s", c.chain, c.to, PathText(got), c.p.checkChain(got))
			}
		})
	}
	if two.Extend(nil, hole(t, "7.5")) != nil || two.Extend([]Hole{hole(t, "9.1")}, NoHole) != nil || two.Extend([]Hole{hole(t, "9.1"), 121}, hole(t, "7.5")) != nil {
		t.Error("an empty chain, no target or a hole off the board gives a route")
	}
}
