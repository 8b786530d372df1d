package halma

import (
	"context"
	"strings"
	"testing"

	"madang/ai"
	"madang/rules/halma"
)

// holeList is the text of holes for a position string.
func holeList(hs []halma.Hole) string {
	var out []string
	for _, h := range hs {
		out = append(out, h.String())
	}
	return strings.Join(out, ",")
}

// A piece with a forward jump (a piece next to it, the hole beyond empty, two steps nearer
// the apex) earns the ladder bonus; with the other piece far away it does not.
func TestLadderTerm(t *testing.T) {
	tb := tableFor(&halma.ChineseCheckers, 2, 10)
	h := halma.HoleAt(7, 5)
	r := tb.rungs[0][h][0]
	blue := halma.CampHoles(3, 10)
	ladder := decode(t, &halma.ChineseCheckers, 2, 10, "0 "+holeList([]halma.Hole{h, r[0]})+"/"+holeList(blue)+" 10 0")
	apart := decode(t, &halma.ChineseCheckers, 2, 10, "0 "+holeList([]halma.Hole{h, halma.HoleAt(5, 13)})+"/"+holeList(blue)+" 10 0")
	nl := newNode(ladder.(*halma.State).Position())
	na := newNode(apart.(*halma.State).Position())
	if got := tb.shape(&na, 0, TermLadder); got != 0 {
		t.Fatalf("no ladder: term %d, want 0", got)
	}
	if got := tb.shape(&nl, 0, TermLadder); got != -ladderWeight {
		t.Fatalf("ladder %v over %v to %v: term %d, want -%d", h, r[0], r[1], got, ladderWeight)
	}
	if tb.shape(&nl, 0, 0) != 0 {
		t.Fatal("shape without terms not 0")
	}
}

// An empty target hole whose entry-side neighbours are all occupied is sealed: the apex
// behind a full second row costs sealedHole; an empty hole at the target's mouth does not.
func TestEntryTerm(t *testing.T) {
	tb := tableFor(&halma.ChineseCheckers, 2, 10)
	var sealed, mouth []halma.Hole
	for _, h := range halma.CampHoles(3, 10) {
		if h.String() != "17.1" {
			sealed = append(sealed, h)
		}
		if h.String() != "14.1" {
			mouth = append(mouth, h)
		}
	}
	blue := holeList(halma.CampHoles(0, 10))
	for _, c := range []struct {
		red  []halma.Hole
		want int
	}{
		{append(sealed, halma.HoleAt(12, 5)), sealedHole},
		{append(mouth, halma.HoleAt(12, 5)), 0},
	} {
		st := decode(t, &halma.ChineseCheckers, 2, 10, "0 "+holeList(c.red)+"/"+blue+" 10 0")
		n := newNode(st.(*halma.State).Position())
		if got := tb.shape(&n, 0, TermEntry); got != c.want {
			t.Errorf("%s: entry term %d, want %d", st.Encode(), got, c.want)
		}
	}
}

// The position where two intermediate players shuffled to the move limit (selfplay seed 7,
// game 2): red shuffled 15.1-15.3 inside its target from ply 22 to the end. Once the game
// has run 30% of its 400 plies, with the progress term red moves a piece forward; without
// it, or earlier, it shuffles.
func TestProgressBreaksTheShuffle(t *testing.T) {
	const pos = "0 2.1,3.3,4.1,4.2,5.8,5.9,7.6,8.5,8.6,15.1/7.5,10.5,10.6,12.5,12.8,13.7,14.1,14.4,16.2,17.1 "
	tb := tableFor(&halma.ChineseCheckers, 2, 10)
	for _, c := range []struct {
		plies   string
		terms   Terms
		forward bool
	}{{"122", AllTerms, true}, {"122", AllTerms &^ TermProgress, false}, {"22", AllTerms, false}} {
		st := decode(t, &halma.ChineseCheckers, 2, 10, pos+c.plies+" 0")
		e := &Engine{r: &halma.ChineseCheckers, terms: c.terms}
		res, err := e.Choose(context.Background(), ai.Request{State: st, Level: ai.Intermediate, Seed: 7*1_000_003 + 1000 + 22})
		if err != nil {
			t.Fatal(err)
		}
		m := res.Move.(halma.Move)
		if got := tb.gain(0, m) > 0; got != c.forward {
			t.Errorf("ply %s, terms %b: %v (gain %d), forward %v, want %v", c.plies, c.terms, m, tb.gain(0, m), got, c.forward)
		}
	}
}
