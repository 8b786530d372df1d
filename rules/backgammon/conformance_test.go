package backgammon

import (
	"testing"

	"madang/rules"
	"madang/rules/rulestest"
)

func TestConformance(t *testing.T) {
	rulestest.Run(t, Game, rulestest.Config{Playouts: 20, Seed: 3})
}

// rules.Replay enters a record's texts, rolls and plays alike; a tie in the opening roll
// stays in the record.
func TestReplayRecord(t *testing.T) {
	s, n, err := rules.Replay(NewState(), []string{"2-2", "3-1", "8/5 6/5", "6-4", "24/14", "5-5"})
	if err != nil || n != 6 {
		t.Fatalf("replay stopped at %d: %v", n, err)
	}
	if d, ok := rules.DiceOf(s); !ok || d != (rules.Dice{5, 5}) || s.ToMove() != 0 || s.Ply() != 2 {
		t.Fatalf("after the record: dice %v %v, to move %d, ply %d", d, ok, s.ToMove(), s.Ply())
	}
	if !rules.IsOpening(NewState()) {
		t.Fatal("a new game is not in its opening roll")
	}
}
