package draughts_test

import (
	"errors"
	"testing"
	"time"

	"madang/ai"
	_ "madang/ai/draughts"
)

// The level table must say what seed 001 says ("AI와 대결" FAQ answer).
func TestSpecsFollowSeed001(t *testing.T) {
	cases := []struct {
		game  string
		level ai.Level
		want  ai.Spec
	}{
		{"checkers", ai.Beginner, ai.Spec{Random: 0.4, Budget: ai.Budget{Depth: 2}}},
		{"draughts", ai.Beginner, ai.Spec{Random: 0.4, Budget: ai.Budget{Depth: 2}}},
		{"checkers", ai.Intermediate, ai.Spec{Budget: ai.Budget{Depth: 8}}},
		{"draughts", ai.Intermediate, ai.Spec{Budget: ai.Budget{Depth: 6}}},
		{"checkers", ai.Advanced, ai.Spec{Budget: ai.Budget{Time: 1500 * time.Millisecond}}},
		{"draughts", ai.Advanced, ai.Spec{Budget: ai.Budget{Time: 1500 * time.Millisecond}}},
	}
	for _, c := range cases {
		got, err := ai.SpecFor(c.game, c.level)
		if err != nil || got != c.want {
			t.Errorf("ai.SpecFor(%s, %s) = %+v, %v; want %+v", c.game, c.level, got, err, c.want)
		}
	}
	if _, err := ai.SpecFor("checkers", "grandmaster"); !errors.Is(err, ai.ErrBadLevel) {
		t.Errorf("unknown level: err %v, want ai.ErrBadLevel", err)
	}
	if _, err := ai.ParseLevel("expert"); !errors.Is(err, ai.ErrBadLevel) {
		t.Errorf("ai.ParseLevel(expert): err %v", err)
	}
	s, err := ai.Resolve("draughts", ai.Request{Level: ai.Beginner, Budget: ai.Budget{Nodes: 10}})
	if err != nil || s != (ai.Spec{Budget: ai.Budget{Nodes: 10}}) {
		t.Errorf("an explicit budget must override the level: %+v %v", s, err)
	}
}
