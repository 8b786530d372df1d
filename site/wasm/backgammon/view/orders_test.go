package view

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"madang/rules"
	bg "madang/rules/backgammon"
)

func rowOf(counts map[int]int) bg.Row {
	var r bg.Row
	for p, n := range counts {
		r[p] = int8(n)
	}
	return r
}

// ids names each order of each play by text: {"24/20": ["24>21 21>20", …]}, sorted.
func ids(b bg.Board, s rules.Seat, d rules.Dice) map[string][]string {
	plays := bg.Plays(&b, s, d)
	out := map[string][]string{}
	for i, os := range Orders(b, s, d, plays) {
		for _, o := range os {
			var w []string
			for _, st := range o {
				w = append(w, fmt.Sprintf("%d>%d", st.From, st.To))
			}
			out[plays[i].String()] = append(out[plays[i].String()], strings.Join(w, " "))
		}
		slices.Sort(out[plays[i].String()])
	}
	return out
}

// The opening 3-1 (seed 003): both orders of 8/5 6/5; 24/20 through 21 or 23; 13/9 only
// through 10 (13/12 would land on the opponent's mid-point of five).
func TestOrdersOpening31(t *testing.T) {
	got := ids(bg.Start, 0, rules.Dice{3, 1})
	for text, want := range map[string][]string{
		"8/5 6/5": {"6>5 8>5", "8>5 6>5"},
		"24/20":   {"24>21 21>20", "24>23 23>20"},
		"13/9":    {"13>10 10>9"},
	} {
		if !slices.Equal(got[text], want) {
			t.Errorf("%s: orders %v, want %v", text, got[text], want)
		}
	}
}

// Bearing off with 6-1 and a checker on 7 (shared/cases: the only play is 7/off): 7/1 1/off
// reaches the same position, so it is an order of that play; nothing bears off first.
func TestOrdersBearOff(t *testing.T) {
	b := bg.Board{rowOf(map[int]int{7: 1, 1: 14}), rowOf(map[int]int{1: 15})}
	got := ids(b, 0, rules.Dice{6, 1})
	if len(got) != 1 || !slices.Equal(got["7/off"], []string{"7>1 1>0", "7>6 6>0"}) {
		t.Errorf("orders %v", got)
	}
}

// Every play of every roll, from the start and from a position with blots and checkers
// home, for either seat: its own steps are one of its orders, and each order replays to
// the play's position with the play's number of steps.
func TestOrdersCoverPlays(t *testing.T) {
	mid := bg.Board{rowOf(map[int]int{25: 1, 20: 1, 13: 4, 8: 2, 6: 4, 5: 2, 1: 1}), rowOf(map[int]int{23: 2, 13: 3, 10: 1, 8: 3, 6: 4, 4: 2})}
	if err := mid.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, b := range []bg.Board{bg.Start, mid} {
		for s := rules.Seat(0); s < 2; s++ {
			for a := int8(1); a <= 6; a++ {
				for c := a; c <= 6; c++ {
					d := rules.Dice{c, a}
					plays := bg.Plays(&b, s, d)
					orders := Orders(b, s, d, plays)
					for i, m := range plays {
						own := false
						for _, o := range orders[i] {
							if len(o) != m.Len() {
								t.Fatalf("%v: %s order of %d steps", d, m, len(o))
							}
							cur := b
							var plain []bg.Step
							for _, st := range o {
								cur = cur.Take(s, st.Step)
								plain = append(plain, st.Step)
							}
							if cur != b.After(s, m) {
								t.Fatalf("%v: an order of %s ends elsewhere", d, m)
							}
							own = own || slices.Equal(plain, m.Steps())
						}
						if !own {
							t.Errorf("seat %d %v: %s's own steps %v not among its orders %v", s, d, m, m.Steps(), orders[i])
						}
					}
				}
			}
		}
	}
}
