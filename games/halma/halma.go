// Package halma is the star-board family of games (chinese-checkers, diamond-kr, diamond):
// importing it registers the three games' rules (madang/rules/halma), their engine
// (madang/ai/halma) and the family in package games. The tools' hooks (fast perft) are added
// by madang/games/halma/cli.
//
// The family's WebAssembly module imports this package alone.
package halma

import (
	"madang/games"
	rh "madang/rules/halma"

	_ "madang/ai/halma" // the engines of the three star games
)

// Family is the star-board family as registered in package games.
var Family = &games.Family{
	Name:  "halma",
	Games: []string{rh.ChineseCheckers.ID, rh.DiamondKR.ID, rh.Diamond.ID},
}

func init() { games.Register(Family) }
