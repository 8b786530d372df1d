// Package allrules registers the rules of every game family and no AI engine: the
// programs that load rooms but never search (the connect and disconnect Lambda functions)
// import it. A test of madang/games/all checks that it names the same rules packages.
//
// A new family adds one line here and one in madang/games/all.
package allrules

import (
	_ "madang/rules/backgammon" // backgammon
	_ "madang/rules/draughts"   // checkers, draughts
	_ "madang/rules/halma"      // chinese-checkers, diamond-kr, diamond
)
