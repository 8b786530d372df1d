package draughts

import (
	"math/rand"
	"testing"
)

// CountMoves agrees with Generate's list on every position of seeded random games from
// the start, the all-kings position and the Woldouby position, in both rulesets.
func TestCountMovesMatchesGenerate(t *testing.T) {
	starts := []struct {
		r   *Rules
		fen string
	}{
		{&English, "B:W21-32:B1-12"},
		{&English, "B:WK21-32:BK1-12"},
		{&International, "W:W31-50:B1-20"},
		{&International, "W:WK31-50:BK1-20"},
		{&International, "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38"},
	}
	rng := rand.New(rand.NewSource(18))
	var l, c MoveList
	checked := 0
	for _, s := range starts {
		for game := 0; game < 40; game++ {
			p, err := ParseFEN(s.r, s.fen)
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < 200; ply++ {
				p.Generate(&l)
				if got := p.CountMoves(&c); got != l.N {
					t.Fatalf("%s: CountMoves %d, Generate %d moves", p.FEN(), got, l.N)
				}
				checked++
				if l.N == 0 {
					break
				}
				p = p.Apply(l.Moves[rng.Intn(l.N)])
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d positions checked", checked)
	}
}
