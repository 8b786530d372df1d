// Package all registers every game family of madang with its engines (see package
// games): the rules, the AI and the tool hooks. The CLI, `madang serve` and the message
// and ai Lambda functions import it.
//
// A new family adds one line here (its cli package, which imports the family package) and
// one in madang/games/allrules.
package all

import (
	_ "madang/games/backgammon/cli" // backgammon: madang/games/backgammon and its tool hooks
	_ "madang/games/draughts/cli"   // checkers, draughts: madang/games/draughts and its tool hooks
	_ "madang/games/halma/cli"      // chinese-checkers, diamond-kr, diamond: madang/games/halma and its tool hooks
)
