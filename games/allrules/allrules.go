// Package allrules registers every game family's rules and descriptor and no AI engine:
// the programs that load rooms but never search (the connect and disconnect Lambda
// functions) import it. A test of madang/games/all checks that it names the same families.
//
// A new family adds one line here and one in madang/games/all.
package allrules

import (
	_ "madang/games/backgammon"
	_ "madang/games/draughts"
	_ "madang/games/halma"
)
