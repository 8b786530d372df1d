package draughts

import (
	"context"
	"testing"
	"time"

	"madang/ai"
	rd "madang/rules/draughts"
)

// Fixed positions for speed: the start positions and the "Woldouby" middlegame of the
// cases file.
var benchPositions = []struct {
	name  string
	v     *Variant
	fen   string
	depth int
}{
	{"checkers-start", Checkers, "B:W21-32:B1-12", 12},
	{"draughts-start", Draughts, "W:W31-50:B1-20", 10},
	{"draughts-woldouby", Draughts, "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38", 12},
}

// BenchmarkSearch reports the search speed (nodes/s) of a fixed-depth search.
func BenchmarkSearch(b *testing.B) {
	for _, bp := range benchPositions {
		b.Run(bp.name, func(b *testing.B) {
			p, err := bp.v.ParseFEN(bp.fen)
			if err != nil {
				b.Fatal(err)
			}
			s := NewSearcher(bp.v, 16)
			var nodes int64
			start := time.Now()
			for b.Loop() {
				s.Clear()
				r := s.Search(p, Limits{Depth: bp.depth}, ai.NewControl(context.Background(), ai.Budget{}))
				nodes += r.Nodes
			}
			el := time.Since(start).Seconds()
			b.ReportMetric(float64(nodes)/el, "nodes/s")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}

// BenchmarkPerft reports the speed (leaves/s) of the move generator the search uses,
// rules/draughts's.
func BenchmarkPerft(b *testing.B) {
	for _, bp := range benchPositions[:2] {
		b.Run(bp.name, func(b *testing.B) {
			p, _ := bp.v.ParseFEN(bp.fen)
			var leaves int64
			start := time.Now()
			for b.Loop() {
				leaves += int64(rd.Perft(p, 6))
			}
			b.ReportMetric(float64(leaves)/time.Since(start).Seconds(), "leaves/s")
		})
	}
}
