// Package draughts is the draughts family of games (checkers and international draughts):
// importing it registers both games' rules (madang/rules/draughts), their engine
// (madang/ai/draughts) and the family in package games. The tools' hooks (fast perft,
// algebraic names, PDN records, the Hub protocol) are added by madang/games/draughts/cli.
//
// The family's WebAssembly module imports this package alone.
package draughts

import (
	"madang/games"
	rd "madang/rules/draughts"

	_ "madang/ai/draughts" // the engines of checkers and draughts
)

// Family is the draughts family as registered in package games.
var Family = &games.Family{
	Name:  "draughts",
	Games: []string{rd.English.ID, rd.International.ID},
}

func init() { games.Register(Family) }
