// Package backgammon is madang's backgammon AI (seed 003, "AI 단계 활용법"): beginner picks
// at random among reasonable plays, intermediate plays the best play by a hand-made
// evaluation of made points, blot exposure and the pip race one play deep, advanced adds
// expectimax over the opponent's 21 rolls with its best reply to each.
package backgammon

import (
	"madang/rules"
	bg "madang/rules/backgammon"
)

// Weights are the evaluation's terms. Units are pips: a score of 10 is worth about ten
// pips of race.
type Weights struct {
	// Pip weighs the pip difference while the sides are in contact (1 in a race).
	Pip float64
	// OnRoll is what being on roll is worth (about half a roll).
	OnRoll float64
	// Point is the worth of a made point (two or more checkers) by the owner's point
	// number: the 5- and 7-points and the rest of the home board most, anchors on the
	// opponent's 5- and 4-points (own 20, 21) next (seed 003, "좋은 칸을 먼저 만든다").
	Point [25]float64
	// Prime is the bonus of the longest run of made points by its length (6 or more: [6]).
	Prime [7]float64
	// BarBase + BarHome × (own made home points) is the worth of each opposing checker
	// on the bar.
	BarBase, BarHome float64
	// Stack is the cost of each checker beyond the third on a point.
	Stack float64
	// A blot hit costs BlotBase + BlotPip × (its pips lost) + BlotHome × (the opponent's
	// made home points); the exposure is the share of the 36 rolls that hit some blot
	// times the cost of the dearest blot each roll hits, times Exposure.
	BlotBase, BlotPip, BlotHome, Exposure float64
	// Back is the cost of each own checker still on the opponent's home board or the bar
	// (own points 19..25) per opposing made point on its points 4..12, in front of them.
	Back float64
}

// Default are the weights the levels play with.
var Default = Weights{
	Pip:    1,
	OnRoll: 4,
	Point: [25]float64{
		0,
		0.5, 2, 4, 6, 8, 7, // 1..6: home board
		7, 4, 2, 1, 0.5, 0.5, // 7..12: bar point and outfield
		0.5, 0.5, 0.5, 0.5, 1, 2, // 13..18
		2, 4, 4, 2, 1, 1, // 19..24: anchors in the opponent's home board
	},
	Prime:    [7]float64{0, 0, 1, 3, 6, 10, 16},
	BarBase:  4,
	BarHome:  2.5,
	Stack:    0.7,
	BlotBase: 4, BlotPip: 1, BlotHome: 3, Exposure: 1,
}

// Evaluate scores board b for seat me, who has just played; the other seat rolls next.
// Positive is good for me. A finished game scores ±1000 times its points.
func Evaluate(b *bg.Board, me rules.Seat) float64 { return Default.Evaluate(b, me) }

// Evaluate is the evaluation with weights w.
func (w *Weights) Evaluate(b *bg.Board, me rules.Seat) float64 {
	my, op := &b[me], &b[1-me]
	if my[bg.Off] == bg.Checkers {
		_, pts := bg.Result(op)
		return 1000 * float64(pts)
	}
	if op[bg.Off] == bg.Checkers {
		_, pts := bg.Result(my)
		return -1000 * float64(pts)
	}
	pm, po := float64(my.Pips()), float64(op.Pips())
	race := po - pm - w.OnRoll
	if !contact(my, op) {
		// A pure race: pips, plus a little for checkers already off and against gaps
		// that waste pips in the bear-off.
		return race + 0.5*float64(my[bg.Off]-op[bg.Off]) - waste(my) + waste(op)
	}
	s := w.Pip * race
	s += w.structure(my, op) - w.structure(op, my)
	// The side that just moved has its blots exposed to the roll coming.
	s -= w.Exposure * w.exposure(my, op)
	return s
}

// contact reports whether some checker of one side still has to pass a checker of the other.
func contact(my, op *bg.Row) bool {
	myBack := 0
	for p := 25; p >= 1; p-- {
		if my[p] > 0 {
			myBack = p
			break
		}
	}
	opBack := 0
	for p := 25; p >= 1; p-- {
		if op[p] > 0 {
			opBack = p
			break
		}
	}
	// The opponent's rearmost checker in my numbering is 25-opBack.
	return myBack > 25-opBack
}

// waste estimates pips lost in a bear-off to checkers stacked deep or gaps.
func waste(r *bg.Row) float64 {
	w := 0.0
	for p := 1; p <= 6; p++ {
		if r[p] > 3 {
			w += 0.5 * float64(r[p]-3)
		}
	}
	return w
}

// structure scores one side's made points, primes, home board against checkers on the
// bar, and its own checkers on the bar.
func (w *Weights) structure(my, op *bg.Row) float64 {
	s := 0.0
	run, best, home := 0, 0, 0
	for p := 1; p <= 24; p++ {
		if my[p] >= 2 {
			s += w.Point[p]
			run++
			best = max(best, run)
			if p <= 6 {
				home++
			}
		} else {
			run = 0
		}
	}
	s += w.Prime[min(best, 6)]
	// Opponent checkers on the bar face my home board.
	s += float64(op[bg.Bar]) * (w.BarBase + w.BarHome*float64(home))
	// Stacks: a fourth and later checker on a point does little.
	for p := 1; p <= 24; p++ {
		if my[p] > 3 {
			s -= w.Stack * float64(my[p]-3)
		}
	}
	if w.Back != 0 {
		// My back checkers (my 19..24 and the bar) against the opponent's blocking
		// points in front of them (its 4..12, my 13..21).
		blocks := 0
		for q := 4; q <= 12; q++ {
			if op[q] >= 2 {
				blocks++
			}
		}
		back := 0
		for p := 19; p <= 25; p++ {
			back += int(my[p])
		}
		s -= w.Back * float64(back*blocks)
	}
	return s
}

// exposure is the expected cost of my blots being hit on the opponent's next roll: the
// mean over the 36 rolls (shots) of the cost of the dearest blot each roll hits.
func (w *Weights) exposure(my, op *bg.Row) float64 {
	// A hit costs me most when the opponent's home board is strong.
	opHome := 0
	for q := 1; q <= 6; q++ {
		if op[q] >= 2 {
			opHome++
		}
	}
	var cost [25]float64
	for p := 1; p <= 24; p++ {
		if my[p] == 1 {
			cost[p] = w.BlotBase + w.BlotPip*float64(25-p) + w.BlotHome*float64(opHome)
		}
	}
	_, e := shots(my, op, &cost)
	return e
}
