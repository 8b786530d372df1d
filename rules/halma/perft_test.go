package halma

import (
	"flag"
	"testing"
)

var deep = flag.Bool("deep", false, "run the long perft figures")

// Perft figures from the start positions. Chinese-checkers depth 1 and 2 are counted by hand
// (14 moves for the first player: 8 steps from row 4 and 6 jumps from row 3; 14 x 14 = 196,
// the two camps being far apart). The rest are this engine's own figures, kept as
// regression tests and cross-checked below against refMoves, an independent slow
// generator (TestGenerateMatchesReference); they are to be compared with an independent
// implementation. A pass counts as a move; a finished game has no children.
var perftCases = []struct {
	name            string
	r               *Rules
	players, pieces int
	nodes           []uint64 // depth 1, 2, ...
}{
	{"chinese-checkers", &ChineseCheckers, 2, 10, []uint64{14, 196, 4760, 115600, 3188520, 87946884}},
	{"diamond-kr 10", &DiamondKR, 2, 10, []uint64{14, 196, 4760, 115600, 3188520, 87946884}},
	{"diamond-kr 15", &DiamondKR, 2, 15, []uint64{22, 484, 15752, 512656, 19539640}},
	{"diamond 2", &Diamond, 2, 15, []uint64{20, 400, 12567, 395128, 14637355}},
	{"diamond 3", &Diamond, 3, 15, []uint64{20, 400, 8000, 251480, 7911356}},
}

func perftBudget() uint64 {
	if testing.Short() {
		return 200_000
	}
	return 4_000_000
}

func TestPerft(t *testing.T) {
	for _, c := range perftCases {
		p, ok := c.r.Start(c.players, c.pieces)
		if !ok {
			t.Fatalf("%s: no start", c.name)
		}
		for d, want := range c.nodes {
			if want > perftBudget() && !*deep {
				break
			}
			if got := p.Perft(d + 1); got != want {
				t.Errorf("%s depth %d: %d nodes, want %d", c.name, d+1, got, want)
			}
		}
	}
}

func TestStartMoves(t *testing.T) {
	g := ChineseCheckers.Game()
	s, err := g.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, m := range s.Moves() {
		texts = append(texts, m.String())
	}
	// Row 4 steps into the five middle holes of row 5; row 3 jumps row 4 into row 5.
	want := []string{
		"3.1-5.5", "3.1-5.7", "3.2-5.6", "3.2-5.8", "3.3-5.7", "3.3-5.9",
		"4.1-5.5", "4.1-5.6", "4.2-5.6", "4.2-5.7", "4.3-5.7", "4.3-5.8", "4.4-5.8", "4.4-5.9",
	}
	if len(texts) != 14 {
		t.Fatalf("%d moves %v, want 14", len(texts), texts)
	}
	for i := range want {
		if texts[i] != want[i] {
			t.Errorf("moves %v, want %v", texts, want)
			break
		}
	}
}

func BenchmarkPerftChineseCheckers(b *testing.B) { benchPerft(b, &ChineseCheckers, 2, 10, 4) }
func BenchmarkPerftDiamondKR15(b *testing.B)     { benchPerft(b, &DiamondKR, 2, 15, 4) }
func BenchmarkPerftDiamond2(b *testing.B)        { benchPerft(b, &Diamond, 2, 15, 4) }
func BenchmarkPerftDiamond3(b *testing.B)        { benchPerft(b, &Diamond, 3, 15, 4) }

func benchPerft(b *testing.B, r *Rules, players, pieces, depth int) {
	p, _ := r.Start(players, pieces)
	var nodes uint64
	for b.Loop() {
		nodes += p.Perft(depth)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// Generate and Apply allocate nothing (the fast API's promise).
func TestGenerateDoesNotAllocate(t *testing.T) {
	for _, c := range perftCases {
		p, _ := c.r.Start(c.players, c.pieces)
		var l MoveList
		var sink Position
		if n := testing.AllocsPerRun(50, func() {
			p.Generate(&l)
			for _, m := range l.Slice() {
				sink = p.Apply(m)
				_ = sink.Outcome()
			}
		}); n != 0 {
			t.Errorf("%s: %v allocations per Generate+Apply", c.name, n)
		}
	}
}

// BenchmarkStatePlay measures the generic API's cost per ply (the sorted legal moves and
// the outcome), what the room service pays per move.
func BenchmarkStatePlay(b *testing.B) {
	for b.Loop() {
		p, _ := Diamond.Start(3, 15)
		s := NewState(p)
		for i := 0; i < 60 && !s.Outcome().Over(); i++ {
			ms := s.LegalMoves()
			n, err := s.PlayMove(ms[(i*7)%len(ms)])
			if err != nil {
				b.Fatal(err)
			}
			s = n
		}
	}
}
