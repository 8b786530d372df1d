package view

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

// A draw offered with the first move is declined at every level in both games, whether
// the person moves first or answers the AI's first move.
func TestAIDeclinesDrawOnMoveOne(t *testing.T) {
	for _, game := range []string{"checkers", "draughts"} {
		for _, level := range []string{"beginner", "intermediate", "advanced"} {
			// The person plays first and offers with the first move.
			s := start(t, game, "")
			if err := s.Play(0, true); err != nil {
				t.Fatalf("%s: %v", game, err)
			}
			if !s.PendingOffer() {
				t.Fatalf("%s: the offer should stand", game)
			}
			c, err := s.AIMove(level, 1)
			if err != nil {
				t.Fatalf("%s %s: %v", game, level, err)
			}
			if c.Accept {
				t.Errorf("%s %s: the AI accepts a draw offered with the first move", game, level)
			}
			// The AI plays first; the person offers with the reply.
			s = start(t, game, "")
			if err := s.Play(0, false); err != nil {
				t.Fatal(err)
			}
			if err := s.Play(0, true); err != nil {
				t.Fatalf("%s: %v", game, err)
			}
			if c, err := s.AIMove(level, 1); err != nil || c.Accept {
				t.Errorf("%s %s: the AI accepts a draw offered with the first reply (%+v, %v)", game, level, c, err)
			}
		}
	}
}
