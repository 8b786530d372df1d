package room

import (
	"math/rand/v2"
	"testing"

	"madang/rules"
	_ "madang/rules/draughts"
)

// The draw-reset rule (the state's quiet-move count) agrees with the engine's forty-move and
// twenty-five-move counters (WCDF 1.32.1, FMJD art. 6.1), which restart on exactly the moves
// seed 001 names: a man move or a capture.
func TestDrawResetAgreesWithQuietCounter(t *testing.T) {
	for _, c := range []struct {
		game  string
		quiet rules.Reason
	}{{"checkers", rules.FortyMove}, {"draughts", rules.TwentyFiveMove}} {
		g, ok := rules.Lookup(c.game)
		if !ok {
			t.Fatalf("%s not registered", c.game)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		checked, resets, quiets := 0, 0, 0
		for game := 0; game < 30; game++ {
			s, _ := g.New(nil)
			for ply := 0; ply < 300 && !s.Outcome().Over(); ply++ {
				ms := s.Moves()
				next, err := s.Play(ms[rng.IntN(len(ms))])
				if err != nil {
					t.Fatal(err)
				}
				want := true
				for _, k := range next.Counters() {
					if k.Rule == c.quiet {
						want = false
					}
				}
				if got := manMovedOrCaptured(s, next); got != want {
					t.Fatalf("%s %s -> %s: reset %v, the quiet counter says %v", c.game, s.Encode(), next.Encode(), got, want)
				}
				if want {
					resets++
				} else {
					quiets++
				}
				checked++
				s = next
			}
		}
		if resets == 0 || quiets == 0 {
			t.Fatalf("%s: %d moves, %d resets, %d quiet: random games did not reach king moves", c.game, checked, resets, quiets)
		}
	}
}
