package backgammon

import (
	"testing"
	"time"

	"madang/functions/room"
	"madang/games/gamestest"
)

// Issue 9 gives backgammon the takeover of seed 001 and nothing else; functions/room adds
// the room-wide defaults.
func TestRoomPolicy(t *testing.T) {
	p, ok := room.PolicyFor("backgammon")
	if !ok {
		t.Fatal("no policy")
	}
	if p.DrawOffers || p.TakeoverAfter != 2*time.Minute || p.AwayAI != 0 || p.LeaveToAI != nil {
		t.Errorf("%+v", p)
	}
	if p.Idle != 30*time.Minute || p.MaxAge != 24*time.Hour || p.AILevel != "intermediate" {
		t.Errorf("idle %v max age %v level %s, want 30m 24h intermediate", p.Idle, p.MaxAge, p.AILevel)
	}
}

// The family's descriptor reaches the rules, the room and the site manifest.
func TestDescriptor(t *testing.T) { gamestest.Check(t, Family) }
