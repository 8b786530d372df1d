package room

import (
	"testing"
	"time"
)

// The seeds' room rules as values: 001 (checkers, draughts), 000 (the star games) and
// our decision for backgammon, whose seed 003 gives none.
func TestGamePolicies(t *testing.T) {
	for _, c := range []struct {
		game      string
		draw      bool
		takeover  time.Duration
		awayAI    time.Duration
		leaveToAI bool
	}{
		{"checkers", true, 2 * time.Minute, 0, false},
		{"draughts", true, 2 * time.Minute, 0, false},
		{"chinese-checkers", false, 0, 45 * time.Second, false},
		{"diamond-kr", false, 0, 45 * time.Second, false},
		{"diamond", false, 0, 45 * time.Second, true},
		{"backgammon", false, 2 * time.Minute, 0, false}, // the takeover of seed 001
	} {
		p, ok := PolicyFor(c.game)
		if !ok {
			t.Fatalf("%s: no policy", c.game)
		}
		if p.DrawOffers != c.draw || p.TakeoverAfter != c.takeover || p.AwayAI != c.awayAI || (p.LeaveToAI != nil) != c.leaveToAI {
			t.Errorf("%s: %+v", c.game, p)
		}
		if p.Idle != 30*time.Minute || p.MaxAge != 24*time.Hour || p.AILevel != "intermediate" {
			t.Errorf("%s: idle %v max age %v level %s, want 30m 24h intermediate", c.game, p.Idle, p.MaxAge, p.AILevel)
		}
	}
}
