package backgammon

import (
	"testing"

	bg "madang/rules/backgammon"
)

// Escapes counted by hand over the 21 rolls: a checker on its 24-point behind the other
// side's bar point alone (its 7, the checker's 18) gets past with the 18 non-doubles of
// 7 pips or more (6-1 too: the 1 first) and with 4-4 and 5-5, not 6-6, 3-3 or 2-2, which
// stop on the block: 20. Behind a full prime (the other side's 2..7) none; with nothing
// in front all 36.
func TestEscapes(t *testing.T) {
	cases := []struct {
		name string
		made []int // the blocking side's made points, in its numbering
		from int
		want int
	}{
		{"bar point", []int{7}, 24, 20},
		{"full prime", []int{2, 3, 4, 5, 6, 7}, 24, 0},
		{"nothing in front", nil, 24, 36},
		{"block behind", []int{7}, 17, 36},
		// From the bar: entering on the 6-point (the other side's 1) is blocked only by 1.
		{"bar, closed board", []int{1, 2, 3, 4, 5, 6}, 25, 0},
	}
	for _, c := range cases {
		var y bg.Row
		for _, q := range c.made {
			y[q] = 2
		}
		b := blocksOf(&y)
		if got := b.escapes(c.from); got != c.want {
			t.Errorf("%s: %d escapes, want %d", c.name, got, c.want)
		}
	}
}

// Pips lost to a hit: a lone blot on my 7-point, six pips in front of a checker of the
// other side, is hit by 17 rolls and loses 18 pips each time: 17·18/36 = 8.5 pips a roll.
func TestShotsPipLoss(t *testing.T) {
	var my, op bg.Row
	my[7] = 1
	op[24] = 1
	rolls, loss := shots(&my, &op, &pipCost)
	if rolls != 17 || loss != 8.5 {
		t.Errorf("shots = %d rolls, %.3f pips; want 17, 8.5", rolls, loss)
	}
}

// The contact inputs of the start position: no blots, each side's back checkers on its
// 24-point (an anchor on the other side's ace point), two points made in a row at most
// (the 6 and the 8 are apart; the 13 alone), nothing on the bar.
func TestContactFeaturesStart(t *testing.T) {
	var in input
	contactFeatures(&bg.Start[0], &bg.Start[1], 0, &in)
	got := map[int]float32{}
	for k := 0; k < in.n; k++ {
		got[int(in.idx[k])] = in.val[k]
	}
	if _, ok := got[inHitRolls]; ok {
		t.Error("hit rolls at the start, which has no blots")
	}
	if got[inBack] != 24.0/25 || got[inAnchor] != 1 || got[inPrime] != 1.0/6 {
		t.Errorf("back %v anchor %v prime %v, want 0.96 1 1/6", got[inBack], got[inAnchor], got[inPrime])
	}
	if _, ok := got[inEnter]; ok {
		t.Error("an entering input with nothing on the bar")
	}
}
