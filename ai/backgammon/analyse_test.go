package backgammon

import (
	"context"
	"testing"

	"madang/rules"
	bg "madang/rules/backgammon"
)

// rolled is the start position with seat 0 to play dice d.
func rolled(t *testing.T, d rules.Dice) *bg.State {
	t.Helper()
	s, err := bg.NewPosition(bg.Start, 0)
	if err != nil {
		t.Fatal(err)
	}
	st, err := s.RollDice(d)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func indexOf(t *testing.T, s *bg.State, text string) int {
	t.Helper()
	m, err := s.ParseText(text)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range s.LegalMoves() {
		if p.Key() == m.Key() {
			return i
		}
	}
	t.Fatalf("%s not found", text)
	return -1
}

// Rate at 1 ply: with 3-1 from the start the best play is 8/5 6/5 (seed 003 "좋은 칸을 먼저
// 만든다"; gnubg's opening play), and 8/7 8/5 — two blots and no point — loses more than a
// blunder's VeryBad; the played play is rated at 1 ply like the best although the filter
// would not keep it, every play is listed once, and deeper ratings come first.
func TestRateMarksTheOpeningBlunder(t *testing.T) {
	st := rolled(t, rules.Dice{3, 1})
	played := indexOf(t, st, "8/7 8/5")
	rs, err := Rate(context.Background(), st, Shipped, 1, FilterCount, played)
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != len(st.LegalMoves()) {
		t.Fatalf("%d ratings for %d plays", len(rs), len(st.LegalMoves()))
	}
	if rs[0].Move.String() != "8/5 6/5" || rs[0].Ply != 1 {
		t.Fatalf("best %s at ply %d", rs[0].Move, rs[0].Ply)
	}
	var bad *Rating
	for i := range rs {
		if rs[i].Move.Key() == st.LegalMoves()[played].Key() {
			bad = &rs[i]
		}
		if i > 0 && rs[i].Ply > rs[i-1].Ply {
			t.Fatalf("ply %d after ply %d", rs[i].Ply, rs[i-1].Ply)
		}
	}
	if bad == nil || bad.Ply != 1 {
		t.Fatalf("the played play: %+v", bad)
	}
	if loss := rs[0].Equity - bad.Equity; loss < VeryBad {
		t.Fatalf("8/7 8/5 loses %.3f, under a blunder's %.2f", loss, VeryBad)
	}
	if e := EquityOf(rs[0].P); e != rs[0].Equity {
		t.Fatalf("EquityOf %v, Equity %v", e, rs[0].Equity)
	}
}

// Rate at 0 ply rates every play by the net alone; a state waiting for dice has nothing
// to rate.
func TestRateZeroPlyAndErrors(t *testing.T) {
	st := rolled(t, rules.Dice{6, 6})
	rs, err := Rate(context.Background(), st, Shipped, 0, FilterCount, -1)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range rs {
		if r.Ply != 0 || (i > 0 && r.Equity > rs[i-1].Equity) {
			t.Fatalf("rating %d: %+v", i, r)
		}
	}
	s, _ := bg.NewPosition(bg.Start, 0)
	if _, err := Rate(context.Background(), s, Shipped, 1, FilterCount, -1); err != ErrBadRate {
		t.Fatalf("roll phase: %v", err)
	}
	if _, err := Rate(context.Background(), st, nil, 1, FilterCount, -1); err != ErrBadRate {
		t.Fatalf("no net: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Rate(ctx, st, Shipped, 1, FilterCount, -1); err != context.Canceled {
		t.Fatalf("cancelled: %v", err)
	}
}

// RollChances are the other side of the net's view: the side about to roll wins what the
// side that has just played does not, and the gammons and backgammons swap.
func TestRollChances(t *testing.T) {
	p := Shipped.Probabilities(&bg.Start, 1)
	q := Shipped.RollChances(&bg.Start, 0)
	if q[Win] != 1-p[Win] || q[WinGammon] != p[LoseGammon] || q[LoseGammon] != p[WinGammon] ||
		q[WinBackgammon] != p[LoseBackgammon] || q[LoseBackgammon] != p[WinBackgammon] {
		t.Fatalf("%v against %v", q, p)
	}
}

// Marshal rounds every weight to 16 significant bits, to the nearest (a carry reaches the
// exponent: just under 2 becomes 2), so the shipped net compresses in the module; the
// shipped file is already rounded (TestShippedNetLoads: it marshals back to itself).
func TestMarshalRoundsWeights(t *testing.T) {
	for _, c := range [][2]uint32{{0x3f80007f, 0x3f800000}, {0x3f800080, 0x3f800100}, {0x3fffffff, 0x40000000}, {0xbf8001c0, 0xbf800200}} {
		if got := roundBits(c[0]); got != c[1] {
			t.Fatalf("roundBits(%#x) = %#x, want %#x", c[0], got, c[1])
		}
	}
	b := Shipped.Marshal()
	for i := 16; i+4 <= len(b); i += 4 { // after the header
		if b[i] != 0 {
			t.Fatalf("weight at byte %d keeps its low bits", i)
		}
	}
}
