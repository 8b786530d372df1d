// Package backgammon is the backgammon family (one game, "backgammon"): importing it
// registers the rules (madang/rules/backgammon) and the family's descriptor in package
// games: the Korean name, the room rules and the page. It links no engine (see
// madang/games/draughts): the engine is madang/ai/backgammon, linked by
// madang/games/backgammon/cli (the tools' hooks: .mat match records) and by the family's
// WebAssembly module.
package backgammon

import (
	"time"

	"madang/games"
	rb "madang/rules/backgammon"
)

// Family is the backgammon family as registered in package games.
var Family = &games.Family{
	Name:  "backgammon",
	Order: 3,
	Games: []games.Game{{
		ID:          rb.ID,
		Title:       "백가몬",
		Description: "주사위를 굴려 말 15개를 먼저 모두 빼내는 백가몬을 둡니다. AI와 대결하거나, 한 기기에서 둘이, 또는 링크로 친구와 겨룹니다(주사위는 서버가 굴립니다).",
		Card:        games.Card{Text: "주사위를 굴려 말 15개를 먼저 모두 빼내는 쪽이 이깁니다.", Art: "art-bg"},
		// Seed 003 describes no online room rules; we give backgammon the takeover of
		// seed 001 (a vanished opponent would otherwise stall the room for 24 h).
		// a delay per move before a reserve, as backgammon servers play: 12 s and 3 or 6 min
		Room: games.Room{TakeoverAfter: 2 * time.Minute, Clocks: []games.Clock{games.Delayed(12, 3), games.Delayed(12, 6)}},
		// the engine plays by its level's own budget (no --movetime)
		Figures: games.Figures{VsBeginner: 40, Self: 40, Advanced: 40, FixedTime: true},
	}},
	// the rating card's lines for a new device are in the page's first paint
	Site: games.Site{
		Page: "backgammon/index.html", Prerender: "backgammon/prerender.js", Records: true, FirstMoves: 1,
		// the advanced level's net, kept out of the module (its 620,000-byte budget)
		EngineFiles: []games.EngineFile{{Game: rb.ID, Kind: "net", Path: "ai/backgammon/net.bin"}},
	},
}

func init() { games.Register(Family) }
