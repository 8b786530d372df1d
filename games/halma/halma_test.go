package halma

import (
	"testing"
	"time"

	"madang/functions/room"
	"madang/games/gamestest"
)

// Seed 000's room rules as functions/room completes them: the AI plays for a person away
// 45 s, and in diamond (three players) `leave` hands the seat to the AI.
func TestRoomPolicies(t *testing.T) {
	for _, c := range []struct {
		game      string
		leaveToAI bool
	}{{"chinese-checkers", false}, {"diamond-kr", false}, {"diamond", true}} {
		p, ok := room.PolicyFor(c.game)
		if !ok {
			t.Fatalf("%s: no policy", c.game)
		}
		if p.DrawOffers || p.TakeoverAfter != 0 || p.AwayAI != 45*time.Second || (p.LeaveToAI != nil) != c.leaveToAI {
			t.Errorf("%s: %+v", c.game, p)
		}
		if p.Idle != 30*time.Minute || p.MaxAge != 24*time.Hour || p.AILevel != "intermediate" {
			t.Errorf("%s: idle %v max age %v level %s, want 30m 24h intermediate", c.game, p.Idle, p.MaxAge, p.AILevel)
		}
	}
}

// The family's descriptor reaches the rules, the room and the site manifest.
func TestDescriptor(t *testing.T) { gamestest.Check(t, Family) }
