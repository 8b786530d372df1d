package backgammon

import (
	"bytes"
	"math"
	"math/rand/v2"
	"testing"

	"madang/rules"
	bg "madang/rules/backgammon"
)

func TestShippedNetLoads(t *testing.T) {
	if Shipped == nil {
		t.Fatal("net.bin does not load")
	}
	if !bytes.Equal(Shipped.Marshal(), shippedNet) {
		t.Fatal("net.bin does not marshal back to itself")
	}
	// The start position after a neutral play is about even; a won race is a win.
	p := Shipped.Probabilities(&bg.Start, 0)
	if p[0] < 0.3 || p[0] > 0.7 {
		t.Fatalf("start position: %v", p)
	}
	var race bg.Board
	race[0] = bg.Row{1: 1, bg.Off: 14}
	race[1] = bg.Row{24: 15}
	if p := Shipped.Probabilities(&race, 0); p[Win] < 0.95 || p[WinGammon] < 0.5 {
		t.Fatalf("one checker left against fifteen on the 24-point: %v", p)
	}
	// A straggler in the opponent's home board, nothing off, the opponent bears off its
	// last checker next: a backgammon lost.
	var lost bg.Board
	lost[0] = bg.Row{6: 14, 24: 1}
	lost[1] = bg.Row{1: 1, bg.Off: 14}
	if p := Shipped.Probabilities(&lost, 0); p[Win] > 0.05 || p[LoseBackgammon] < 0.8 {
		t.Fatalf("a straggler against the last checker: %v", p)
	}
}

func TestUnmarshalNetErrors(t *testing.T) {
	// a net of another size: the header's input count changed
	other := bytes.Clone(shippedNet)
	other[8]++
	for _, data := range [][]byte{nil, []byte("BGN2"), []byte("XXXX\x01\x00\x00\x00"), []byte("BGN2\x00\x00\x00\x00"),
		[]byte("BGN1\x28\x00\x00\x00"), shippedNet[:len(shippedNet)-1], other} {
		if _, err := UnmarshalNet(data); err == nil {
			t.Errorf("UnmarshalNet(%d bytes) accepted", len(data))
		}
	}
}

// Training is reproducible: the same seed gives the same weights, and it learns (the
// outputs move).
func TestTrainIsReproducible(t *testing.T) {
	a := NewNet(8, rand.New(rand.NewPCG(3, 1)))
	b := NewNet(8, rand.New(rand.NewPCG(3, 1)))
	before := a.Marshal()
	Train(a, 3, 7, 0.1, nil)
	Train(b, 3, 7, 0.1, nil)
	if !bytes.Equal(a.Marshal(), b.Marshal()) {
		t.Fatal("two runs with one seed differ")
	}
	if bytes.Equal(a.Marshal(), before) {
		t.Fatal("training changed nothing")
	}
}

// shots counts the textbook shots: a blot six pips in front of a lone checker is hit by
// 17 of the 36 rolls, one eleven away by 2 (6-5), and none behind it; one pip away, the 11 rolls with a 1.
func TestHitRolls(t *testing.T) {
	for _, c := range []struct{ blot, want int }{{7, 17}, {12, 2}, {1, 0}, {2, 11}} {
		var my, op bg.Row
		my[c.blot] = 1
		op[24] = 1 // my point 1
		if got, _ := shots(&my, &op, &pipCost); got != c.want {
			t.Errorf("blot on %d: %d rolls, want %d", c.blot, got, c.want)
		}
	}
}

// BenchmarkNetEquity is one evaluation by a net of 128 hidden units (random weights: the
// cost does not depend on them) over the positions of seeded random games, inputs
// included: go test ./ai/backgammon -run '^$' -bench NetEquity.
func BenchmarkNetEquity(b *testing.B) {
	rng := rand.New(rand.NewPCG(7, 7))
	n := NewNet(128, rng)
	var boards []bg.Board
	for g := 0; len(boards) < 1000; g++ {
		s := bg.NewState()
		for s.Phase() != rules.PhaseOver && len(boards) < 1000 {
			if s.Phase() == rules.PhaseRoll {
				s, _ = s.RollDice(rules.Dice{int8(rng.IntN(6) + 1), int8(rng.IntN(6) + 1)})
				continue
			}
			plays := s.LegalMoves()
			s, _ = s.PlayMove(plays[rng.IntN(len(plays))])
			boards = append(boards, s.Board())
		}
	}
	b.ResetTimer()
	sum := 0.0
	for i := 0; i < b.N; i++ {
		sum += n.Equity(&boards[i%len(boards)], rules.Seat(i%2))
	}
	if math.IsNaN(sum) {
		b.Fatal("NaN")
	}
}
