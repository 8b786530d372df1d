// Package trackfamily registers the test-only track game (madang/internal/trackgame) as a
// game family through its descriptor, the way games/<family> registers a real one: tests
// that import it find "track" in the site manifest, the room policies and the CLI's lists.
// Only tests import it (the track game itself stays without a family elsewhere).
package trackfamily

import (
	"time"

	"madang/games"
	"madang/internal/trackgame"
)

// Family is the track family as registered in package games: one game, the star games'
// away timer as its room rule.
var Family = &games.Family{
	Name:  "track",
	Order: 100,
	Games: []games.Game{{
		ID:          trackgame.ID,
		Title:       "트랙",
		Description: "말 하나를 끝까지 먼저 옮기는 시험용 경주.",
		Card:        games.Card{Text: "시험용 경주.", Art: "art-track"},
		Room:        games.Room{AwayAI: 45 * time.Second},
		Figures:     games.Figures{VsBeginner: 2, Self: 2, Advanced: 2},
	}},
	Site: games.Site{Page: "track/index.html"},
}

func init() { games.Register(Family) }
