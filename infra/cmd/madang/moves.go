package main

import (
	"flag"
	"fmt"
	"io"

	"madang/games"
	"madang/rules"
)

func init() {
	register("moves", "list the legal moves of a position of any game", runMoves)
}

// runMoves: madang moves --game G [--players N] [--pieces N] [--opt k=v] [--position P]
// [--dice A-B] [--algebraic]: every legal move, one per line, in the game's canonical text
// (the order of rules.State.Moves). --dice enters a roll first when the position waits
// for one (a dice game); --algebraic adds the family's second notation (checkers and
// draughts: c3-d4) after each move.
func runMoves(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("moves", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gf := addGameFlags(fs, "")
	pos := fs.String("position", "", "position in the game's encoding (default: the start position)")
	diceText := fs.String("dice", "", "dice A-B to roll first when the position waits for a roll")
	alg := fs.Bool("algebraic", false, "also print the family's second notation (checkers, draughts: c3-d4) after each move")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 0 {
		fmt.Fprintln(stderr, "moves: unexpected argument", fs.Arg(0))
		return 2
	}
	st, err := gf.state(*pos)
	if err != nil {
		fmt.Fprintln(stderr, "moves:", err)
		return 2
	}
	if st, err = rollFirst(st, *diceText); err != nil {
		fmt.Fprintln(stderr, "moves:", err)
		return 2
	}
	fam, _ := games.Of(st.Game().ID())
	for _, m := range st.Moves() {
		if *alg && fam != nil && fam.AltText != nil {
			if t, ok := fam.AltText(st, m); ok {
				fmt.Fprintln(stdout, m.String(), t)
				continue
			}
		}
		fmt.Fprintln(stdout, m.String())
	}
	if o := st.Outcome(); o.Over() {
		fmt.Fprintf(stderr, "game over: %v\n", o.Reason)
	} else if *diceText != "" && st.Phase() == rules.PhaseRoll {
		// the roll moved nothing: an opening tie is rolled again (seed 003), a roll with no
		// legal play passes the turn
		fmt.Fprintf(stderr, "no move: after %s the position waits for a roll again (an opening tie, or no legal play)\n", *diceText)
	}
	return 0
}
