//go:build !js

package cli

import (
	"madang/games"
	rd "madang/rules/draughts"
)

// addCommands sets the hooks that search or build tables: `madang engine`, the endgame
// tables and the commands book, egdb and train-eval. They are left out of a GOOS=js build
// (the records module's tests link this package for its PDN reader, and the trainer's
// weight makers are not built for the browser).
func addCommands(t *games.Tools) {
	t.Engine = &games.Engine{Summary: "checkers or draughts over the Hub protocol", Default: rd.International.ID, Run: runEngine}
	t.Tables = loadTables
	t.Commands = []games.Command{
		{Name: "book", Summary: "build the checkers/draughts opening book from the engine's own searches (--game checkers|draughts --out FILE)", Run: runBook},
		{Name: "egdb", Summary: "build checkers/draughts win/loss/draw endgame tables, or probe one position", Run: runEgdb},
		{Name: "train-eval", Summary: "train the learned checkers/draughts evaluation from seeded self-play (--game checkers|draughts --out FILE)", Run: runTrainEval},
	}
}
