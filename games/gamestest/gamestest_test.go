package gamestest_test

import (
	"testing"

	"madang/functions/room"
	"madang/games"
	"madang/games/gamestest"
	"madang/internal/trackgame"
	"madang/internal/trackgame/trackfamily"
)

// A game registered through a descriptor alone — the track game, in no file of the system
// — has its room policy and its place in the site manifest.
func TestTrackFamily(t *testing.T) {
	gamestest.Check(t, trackfamily.Family)
	if f, ok := games.Of(trackgame.ID); !ok || f != trackfamily.Family {
		t.Fatal("the track game has no family")
	}
	if p, _ := room.PolicyFor(trackgame.ID); p.AwayAI != trackfamily.Family.Games[0].Room.AwayAI {
		t.Fatalf("room policy %+v", p)
	}
}
