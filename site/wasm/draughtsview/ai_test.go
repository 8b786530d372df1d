package draughtsview

import (
	"errors"
	"testing"

	"madang/ai"
	_ "madang/ai/draughts"
)

// The AI's choice is one of the legal moves, the same for the same seed, and playing it
// hands the turn over; an unknown level is refused.
func TestAIMove(t *testing.T) {
	for _, game := range []string{"checkers", "draughts"} {
		s := start(t, game, "")
		c, err := s.AIMove("beginner", 7)
		if err != nil {
			t.Fatalf("%s: %v", game, err)
		}
		ms := moveMaps(s.View())
		if c.Index < 0 || c.Index >= len(ms) || ms[c.Index]["text"] != c.Text || c.Accept {
			t.Fatalf("%s: choice %+v not among %d legal moves", game, c, len(ms))
		}
		again, _ := s.AIMove("beginner", 7)
		if again != c {
			t.Errorf("%s: seed 7 gave %+v then %+v", game, c, again)
		}
		if err := s.Play(c.Index, c.Offer); err != nil {
			t.Fatal(err)
		}
		if s.ToMove() != 1 {
			t.Errorf("%s: after the AI's move seat %d is to move, want 1", game, s.ToMove())
		}
		if _, err := s.AIMove("grandmaster", 1); !errors.Is(err, ai.ErrBadLevel) {
			t.Errorf("%s: unknown level: %v", game, err)
		}
	}
}
