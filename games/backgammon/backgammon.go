// Package backgammon is the backgammon family (one game, "backgammon"): importing it
// registers the rules (madang/rules/backgammon), the engine (madang/ai/backgammon) and the
// family in package games. The tools' hooks (.mat match records) are added by
// madang/games/backgammon/cli.
//
// The family's WebAssembly module imports this package alone.
package backgammon

import (
	"madang/games"
	rb "madang/rules/backgammon"

	_ "madang/ai/backgammon" // the backgammon engine
)

// Family is the backgammon family as registered in package games.
var Family = &games.Family{
	Name:  "backgammon",
	Games: []string{rb.ID},
}

func init() { games.Register(Family) }
