package draughts

import (
	"testing"
)

// Perft figures from shared/cases/draughts.md ("Perft"): one node per move as identified
// by (from, to, captured set).
var perftCases = []struct {
	name  string
	r     *Rules
	fen   string
	nodes []uint64 // depth 1, 2, ...
}{
	{"checkers start", &English, "B:W21-32:B1-12",
		[]uint64{7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564, 85242128}},
	// Depth 12 is where ring captures make counting per move differ from counting per
	// path (388,623,673); the cases file gives 388,617,999 for this project's convention.
	{"checkers start, depth 12", &English, "B:W21-32:B1-12",
		[]uint64{7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564, 85242128, 388617999}},
	{"draughts start", &International, "W:W31-50:B1-20",
		[]uint64{9, 81, 658, 4265, 27117, 167140, 1049442, 6483961, 41022423}},
	{"draughts Woldouby", &International, "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38",
		[]uint64{6, 12, 30, 73, 215, 590, 1944, 6269, 22369, 88050}},
	{"draughts all kings", &International, "W:WK31-50:BK1-20",
		[]uint64{17, 79, 352, 1399, 7062, 37589, 217575}},
}

// perftBudget is the largest leaf count run by default; -short lowers it. The deep ones
// (checkers depth 10-11, draughts depth 8-9) run with `madang perft` or the benchmarks.
func perftBudget() uint64 {
	if testing.Short() {
		return 300_000
	}
	return 4_000_000
}

func TestPerft(t *testing.T) {
	for _, c := range perftCases {
		if c.name == "checkers start, depth 12" {
			continue // the same figures as "checkers start" below depth 12
		}
		p, err := ParseFEN(c.r, c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for d, want := range c.nodes {
			if want > perftBudget() {
				break
			}
			if got := Perft(p, d+1); got != want {
				t.Errorf("%s depth %d: %d nodes, want %d", c.name, d+1, got, want)
			}
		}
	}
}

// TestPerftDeep runs the rest of the cases file (checkers depth 10-12, draughts depth 8-9);
// 25-60 s on a busy machine: go test ./rules/draughts -run PerftDeep -args -deep (make perft-deep)
func TestPerftDeep(t *testing.T) {
	if !*deep {
		t.Skip("use -deep to run every perft figure")
	}
	for _, c := range perftCases {
		p, _ := ParseFEN(c.r, c.fen)
		for d, want := range c.nodes {
			if want <= perftBudget() || (c.name == "checkers start, depth 12" && d+1 < 12) {
				continue
			}
			if got := Perft(p, d+1); got != want {
				t.Errorf("%s depth %d: %d nodes, want %d", c.name, d+1, got, want)
			}
		}
	}
}

func BenchmarkPerftCheckers(b *testing.B) { benchPerft(b, &English, "B:W21-32:B1-12", 8) }
func BenchmarkPerftDraughts(b *testing.B) { benchPerft(b, &International, "W:W31-50:B1-20", 6) }

func benchPerft(b *testing.B, r *Rules, fen string, depth int) {
	p, err := ParseFEN(r, fen)
	if err != nil {
		b.Fatal(err)
	}
	var nodes uint64
	for b.Loop() {
		nodes += Perft(p, depth)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// Generate and Apply allocate nothing (the fast API's promise).
func TestGenerateDoesNotAllocate(t *testing.T) {
	for _, c := range []struct {
		r   *Rules
		fen string
	}{{&English, "B:W21-32:B1-12"}, {&International, "W:WK2:B7,8,17,18"}, {&International, "W:WK31-50:BK1-20"}, {&English, "W:W31:B26,27,17"}} {
		p, _ := ParseFEN(c.r, c.fen)
		var l MoveList
		var sink Position
		if n := testing.AllocsPerRun(100, func() {
			p.Generate(&l)
			for _, m := range l.Slice() {
				sink = p.Apply(m)
			}
		}); n != 0 {
			t.Errorf("%s: %v allocations per Generate+Apply", c.fen, n)
		}
		_ = sink
	}
}

// BenchmarkStatePlay measures the generic API's cost per ply (legal moves with their
// texts, draw counts), what the room service pays per move.
func BenchmarkStatePlay(b *testing.B) {
	for b.Loop() {
		s := NewState(International.Start())
		for i := 0; i < 40 && !s.Outcome().Over(); i++ {
			ms := s.LegalMoves()
			n, err := s.PlayMove(ms[i%len(ms)].Move)
			if err != nil {
				b.Fatal(err)
			}
			s = n
		}
	}
}
