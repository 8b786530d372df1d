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
	return 20_000_000
}

func TestPerft(t *testing.T) {
	for _, c := range perftCases {
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

// TestPerftDeep runs the rest of the cases file (checkers depth 11, draughts depth 9);
// about 5 s of CPU: go test ./rules/draughts -run PerftDeep -args -deep
func TestPerftDeep(t *testing.T) {
	if !*deep {
		t.Skip("use -deep to run every perft figure")
	}
	for _, c := range perftCases {
		p, _ := ParseFEN(c.r, c.fen)
		for d, want := range c.nodes {
			if want <= perftBudget() {
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
