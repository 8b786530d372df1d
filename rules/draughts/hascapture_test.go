package draughts

import (
	"math/rand/v2"
	"testing"
)

// HasCapture agrees with Generate (a capture first in the list), and CanCapture of the
// other seat with HasCapture of the position with the side to move switched, on every
// position of random games of both rulesets; and on capture cases of the cases file.
func TestHasCaptureAgreesWithGenerate(t *testing.T) {
	for _, c := range []struct {
		r   *Rules
		fen string
		cap bool
	}{
		{&International, "W:W35:B30,K40", true},
		{&International, "W:WK46:B23", true},
		{&International, "W:WK47:B9,12,33", true},
		{&International, "W:WK2,25:B14,15,16", false},
		{&English, "W:W31:B26,27,17", true},
		{&English, "B:W26,27:BK22", true},
		{&English, "B:W21-32:B1-12", false},
		{&English, "W:W22:B26", false}, // a man does not capture backwards in checkers
	} {
		p, err := ParseFEN(c.r, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.HasCapture(); got != c.cap {
			t.Errorf("%s %s: HasCapture %v, want %v", c.r.ID, c.fen, got, c.cap)
		}
	}
	rng := rand.New(rand.NewPCG(7, 11))
	var l MoveList
	n := 0
	for _, r := range []*Rules{&English, &International} {
		for range 60 {
			p := r.Start()
			for ply := 0; ply < 200; ply++ {
				p.Generate(&l)
				if l.N == 0 {
					break
				}
				if got, want := p.HasCapture(), l.Moves[0].IsCapture(); got != want {
					t.Fatalf("%s %s: HasCapture %v, Generate says %v", r.ID, p.FEN(), got, want)
				}
				// The other seat's threat is the same test on the position with the
				// side to move switched, which FEN can build.
				fen := p.FEN()
				flip := map[byte]string{'W': "B", 'B': "W"}[fen[0]] + fen[1:]
				q, err := ParseFEN(r, flip)
				if err != nil {
					t.Fatal(err)
				}
				if got, want := p.CanCapture(1-p.Side()), q.HasCapture(); got != want {
					t.Fatalf("%s %s: CanCapture(other) %v, switched position says %v", r.ID, fen, got, want)
				}
				n++
				p = p.Apply(l.Moves[rng.IntN(l.N)])
			}
		}
	}
	t.Logf("%d positions agree", n)
}
