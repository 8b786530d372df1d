package view

import (
	"errors"
	"testing"

	"madang/ai"
	_ "madang/games/halma" // the star games' rules and engine, as the module registers them
	"madang/rules"
)

// The session's AI answers every star game with one of the legal moves, never offering a
// draw (the star games have none), the same for the same seed at the depth-bounded levels
// (the advanced level thinks for a time, ai/halma); playing it hands the turn on. A shut-in
// seat's only move is the pass, and the AI chooses it.
func TestAIMove(t *testing.T) {
	cases := []struct {
		game  string
		opts  rules.Options
		seats int
	}{
		{"chinese-checkers", nil, 2},
		{"diamond-kr", rules.Options{"pieces": 15}, 2},
		{"diamond", nil, 2},
		{"diamond", rules.Options{"players": 3}, 3},
	}
	for _, c := range cases {
		levels := []string{"beginner", "intermediate"}
		if c.seats == 3 {
			levels = append(levels, "advanced") // about 1.5 s: once
		}
		for _, level := range levels {
			s := start(t, c.game, "", c.opts)
			ch, err := s.AIMove(level, 7)
			if err != nil {
				t.Fatalf("%s %v %s: %v", c.game, c.opts, level, err)
			}
			ms := moveMaps(s.View())
			if ch.Index < 0 || ch.Index >= len(ms) || ms[ch.Index]["text"] != ch.Text || ch.Offer || ch.Accept {
				t.Fatalf("%s %s: choice %+v not among %d legal moves", c.game, level, ch, len(ms))
			}
			if again, _ := s.AIMove(level, 7); level != "advanced" && again != ch {
				t.Errorf("%s %s: seed 7 gave %+v then %+v", c.game, level, ch, again)
			}
			if err := s.Play(ch.Index, false); err != nil {
				t.Fatal(err)
			}
			if s.ToMove() != 1 {
				t.Errorf("%s %s: after the AI's move seat %d is to move", c.game, level, s.ToMove())
			}
		}
	}
	s := start(t, "chinese-checkers", "0 1.1/2.1,2.2,3.1,3.3 0 0", nil)
	ch, err := s.AIMove("advanced", 1)
	if err != nil || ch.Text != "pass" || ch.Index != 0 {
		t.Errorf("shut in: %+v %v, want the pass", ch, err)
	}
	if _, err := s.AIMove("grandmaster", 1); !errors.Is(err, ai.ErrBadLevel) {
		t.Errorf("unknown level: %v", err)
	}
}

// Three AI seats play a few plies of three-player diamond through the session, each move
// legal, and the third seat's move brings the turn back to red.
func TestAIThreePlayers(t *testing.T) {
	s := start(t, "diamond", "", rules.Options{"players": 3})
	for ply := 0; ply < 6; ply++ {
		ch, err := s.AIMove("intermediate", int64(ply))
		if err != nil {
			t.Fatalf("ply %d: %v", ply, err)
		}
		if err := s.Play(ch.Index, false); err != nil {
			t.Fatalf("ply %d: %v", ply, err)
		}
	}
	if v := s.View(); v["toMove"] != 0 || v["ply"] != 6 {
		t.Errorf("after six plies: toMove %v ply %v", v["toMove"], v["ply"])
	}
}
