package backgammon

import (
	"testing"

	"madang/rules"
)

func rowWith(counts map[int]int) Row {
	var r Row
	for p, n := range counts {
		r[p] = int8(n)
	}
	return r
}

// CanStep is one step as Plays takes it (seed 003): the bar enters first, a closed point is
// not entered, a blot is hit; bearing off needs every checker home, and a die higher than
// the point bears off only the farthest checker; nonsense seats, points and dice are refused.
func TestCanStep(t *testing.T) {
	bar := Board{rowWith(map[int]int{25: 1, 13: 14}), rowWith(map[int]int{6: 2, 5: 1, 1: 12})}
	home := Board{rowWith(map[int]int{5: 1, 3: 2, 1: 12}), rowWith(map[int]int{1: 15})}
	away := Board{rowWith(map[int]int{7: 1, 3: 2, 1: 12}), rowWith(map[int]int{1: 15})}
	for _, c := range []struct {
		name string
		b    Board
		s    rules.Seat
		from Point
		die  int8
		want Step
		ok   bool
	}{
		{"a checker moves while one is on the bar", bar, 0, 13, 5, Step{}, false},
		{"entering on a closed point (19)", bar, 0, Bar, 6, Step{}, false},
		{"entering on a blot (20) hits it", bar, 0, Bar, 5, Step{From: Bar, To: 20, Hit: true}, true},
		{"entering on an empty point", bar, 0, Bar, 3, Step{From: Bar, To: 22}, true},
		{"seat 1 sees its own numbering", bar, 1, 6, 5, Step{From: 6, To: 1}, true},
		{"bearing off exactly", home, 0, 3, 3, Step{From: 3, To: Off}, true},
		{"a higher die from the farthest checker", home, 0, 5, 6, Step{From: 5, To: Off}, true},
		{"a higher die with a checker farther", home, 0, 3, 4, Step{}, false},
		{"bearing off with a checker outside", away, 0, 3, 3, Step{}, false},
		{"no checker there", home, 0, 4, 1, Step{}, false},
		{"no such seat", home, 2, 3, 3, Step{}, false},
		{"no such point", home, 0, 26, 1, Step{}, false},
		{"no such die", home, 0, 3, 7, Step{}, false},
	} {
		got, ok := c.b.CanStep(c.s, c.from, c.die)
		if got != c.want || ok != c.ok {
			t.Errorf("%s: %v %v, want %v %v", c.name, got, ok, c.want, c.ok)
		}
	}
	after := bar.Take(0, Step{From: Bar, To: 20, Hit: true})
	if after[0][Bar] != 0 || after[0][20] != 1 || after[1][5] != 0 || after[1][Bar] != 1 {
		t.Errorf("entering with a hit: %v", after)
	}
}
