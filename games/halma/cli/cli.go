// Package cli sets the star-board family's hooks for the command-line tools (games.Tools):
// rules/halma's allocation-free perft and `madang solo`. It also links the family's engine (madang/ai/halma)
// for the programs that search. The family's WebAssembly module does not import it.
package cli

import (
	"madang/games"
	"madang/games/halma"
	"madang/rules"
	rh "madang/rules/halma"

	_ "madang/ai/halma" // the engines: the tools and the server search with them
)

func init() {
	games.SetTools(halma.Family, games.Tools{
		Perft: perft,
		Commands: []games.Command{
			{Name: "solo", Summary: "plan the star-board solitaire: one army across the empty board (--pieces 10|15)", Run: runSolo},
		},
	})
}

// perft is rules/halma's Position.Perft (one node per (from, to) move, a pass counting as a
// move, a finished game having no children, the move limit applying).
func perft(s rules.State, depth int) (uint64, bool) {
	st, ok := rh.AsState(s)
	if !ok {
		return 0, false
	}
	return st.Position().Perft(depth), true
}
