package trackgame_test

import (
	"errors"
	"testing"

	"madang/internal/trackgame"
	"madang/rules"
	"madang/rules/rulestest"
)

func TestConformance(t *testing.T) {
	g := trackgame.Game{}
	rulestest.Run(t, g, rulestest.Config{Seed: 1, Playouts: 20})
	rulestest.Run(t, g, rulestest.Config{Seed: 2, Playouts: 20, Options: rules.Options{"players": 3, "length": 12}})
	rulestest.Run(t, g, rulestest.Config{Seed: 3, Playouts: 40, Options: rules.Options{"dice": 1}})
	rulestest.Run(t, g, rulestest.Config{Seed: 4, Playouts: 40, Options: rules.Options{"dice": 1, "length": 4}})
}

func newDice(t *testing.T, opts rules.Options) rules.State {
	t.Helper()
	s, err := trackgame.Game{}.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func roll(t *testing.T, s rules.State, a, b int8) rules.State {
	t.Helper()
	n, err := s.Roll(rules.Dice{a, b})
	if err != nil {
		t.Fatalf("Roll %d-%d: %v", a, b, err)
	}
	return n
}

// The opening roll as package rules documents it: seat 0 is to act, a tie stays in the
// opening roll, the higher single die moves first with both dice.
func TestOpeningRoll(t *testing.T) {
	s := newDice(t, rules.Options{"dice": 1})
	if s.Phase() != rules.PhaseRoll || s.ToMove() != 0 || !rules.IsOpening(s) {
		t.Fatalf("start: phase %d to move %d opening %v", s.Phase(), s.ToMove(), rules.IsOpening(s))
	}
	if _, ok := rules.DiceOf(s); ok {
		t.Fatal("dice before any roll")
	}
	tie := roll(t, s, 4, 4)
	if tie.Phase() != rules.PhaseRoll || tie.ToMove() != 0 || !rules.IsOpening(tie) || tie.Encode() != "0,0:0:opening" {
		t.Fatalf("after a tie: %s", tie.Encode())
	}
	second := roll(t, tie, 2, 5)
	d, ok := rules.DiceOf(second)
	if second.ToMove() != 1 || !ok || d != (rules.Dice{2, 5}) || rules.IsOpening(second) {
		t.Fatalf("2-5: seat 1 should move with 2-5: to move %d dice %v %v", second.ToMove(), d, ok)
	}
	if got := moveTexts(second); got != "+2 +5" {
		t.Fatalf("moves %q, want +2 +5", got)
	}
	first := roll(t, s, 6, 1)
	if first.ToMove() != 0 {
		t.Fatalf("6-1: seat %d to move, want 0", first.ToMove())
	}
	// Rolls outside PhaseRoll and bad dice are refused.
	if _, err := first.Roll(rules.Dice{1, 2}); !errors.Is(err, rules.ErrPhase) {
		t.Fatalf("Roll in PhaseMove: %v", err)
	}
	if _, err := s.Roll(rules.Dice{0, 7}); !errors.Is(err, rules.ErrNotation) {
		t.Fatalf("Roll 0-7: %v", err)
	}
}

// A roll without a legal move ends the turn inside Roll; the next state is the opponent's
// roll. A double gives one move.
func TestNoPlayRoll(t *testing.T) {
	s, err := trackgame.Game{}.Decode(rules.Options{"dice": 1}, "6,2:0:roll")
	if err != nil {
		t.Fatal(err)
	}
	n := roll(t, s, 3, 4) // 6+3 and 6+4 overshoot 8
	if n.Phase() != rules.PhaseRoll || n.ToMove() != 1 || n.Encode() != "6,2:1:roll" {
		t.Fatalf("no-play roll: %s phase %d", n.Encode(), n.Phase())
	}
	n = roll(t, s, 2, 2)
	if got := moveTexts(n); got != "+2" {
		t.Fatalf("double 2-2: moves %q, want +2", got)
	}
	if _, err := (trackgame.Game{}).Decode(rules.Options{"dice": 1}, "6,2:0:3-4"); err == nil {
		t.Fatal("Decode accepted dice that leave no move")
	}
}

// One log of texts replays a dice game: dice where a roll is due, moves otherwise.
func TestReplayDiceLog(t *testing.T) {
	s := newDice(t, rules.Options{"dice": 1})
	// 3-3 is a tie; seat 0 starts with 5-2 and plays +5; seat 1 rolls 1-4.
	log := []string{"3-3", "5-2", "+5", "1-4"}
	end, n, err := rules.Replay(s, log)
	if err != nil || n != 4 {
		t.Fatalf("Replay: %d %v", n, err)
	}
	if end.Encode() != "5,0:1:1-4" {
		t.Fatalf("after %v: %s", log, end.Encode())
	}
	// Seat 1 plays +4; seat 0 at 5 rolls 6-6: no move, the turn ends; seat 1 at 4 rolls 2-1
	// and plays +2.
	end, n, err = rules.Replay(s, []string{"3-3", "5-2", "+5", "1-4", "+4", "6-6", "2-1", "+2"})
	if err != nil || n != 8 || end.Encode() != "5,6:0:roll" {
		t.Fatalf("Replay: %d %v %v", n, err, end)
	}
	_, n, err = rules.Replay(s, []string{"3-3", "+3"})
	if n != 1 || !errors.Is(err, rules.ErrNotation) {
		t.Fatalf("a move where a roll is due: %d %v", n, err)
	}
	_, n, err = rules.Replay(s, []string{"5-2", "4-1"})
	if n != 1 || err == nil {
		t.Fatalf("dice where a move is due: %d %v", n, err)
	}
}

// Resigning follows the game's ResignOutcome: nearest the goal wins; in the dice variant a
// resigner still at the start loses 2 points.
func TestResignOutcome(t *testing.T) {
	s, _ := trackgame.Game{}.Decode(rules.Options{"players": 3}, "3,5,4:0")
	if o := rules.ResignOutcome(s, 0); o.Winner != 1 || o.Points != 1 || o.Reason != rules.Resign {
		t.Fatalf("%+v", o)
	}
	d, _ := trackgame.Game{}.Decode(rules.Options{"dice": 1}, "0,3:0:roll")
	if o := rules.ResignOutcome(d, 0); o.Winner != 1 || o.Points != 2 {
		t.Fatalf("dice resign at start: %+v", o)
	}
	if o := rules.ResignOutcome(d, 1); o.Winner != 0 || o.Points != 1 {
		t.Fatalf("dice resign after moving: %+v", o)
	}
}

func moveTexts(s rules.State) string {
	out := ""
	for i, m := range s.Moves() {
		if i > 0 {
			out += " "
		}
		out += m.String()
	}
	return out
}
