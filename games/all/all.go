// Package all registers every game family of madang with its engines (see package
// games): the rules, the AI and the tool hooks. The CLI, `madang serve` and the message
// and ai Lambda functions import it.
//
// Each line is a family's cli package, which imports the family package (its rules and
// descriptor) and its engine. A new family adds one line here and one in
// madang/games/allrules.
package all

import (
	_ "madang/games/backgammon/cli"
	_ "madang/games/draughts/cli"
	_ "madang/games/halma/cli"
)
