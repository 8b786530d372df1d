package main

import (
	"flag"
	"fmt"
	"io"

	"madang/rules/draughts"
)

func init() {
	register("moves", "list the legal moves of a position (checkers, draughts)", runMoves)
}

// runMoves: madang moves --game checkers|draughts [--position FEN] [--algebraic]: every
// legal move, one per line, in canonical PDN text (the order of rules.State.Moves).
func runMoves(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("moves", flag.ContinueOnError)
	fs.SetOutput(stderr)
	game := fs.String("game", "checkers", "game id: checkers or draughts")
	fen := fs.String("position", "", "position in PDN FEN (default: the start position)")
	alg := fs.Bool("algebraic", false, "also print the algebraic text (c3-d4) after each move")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 0 {
		fmt.Fprintln(stderr, "moves: unexpected argument", fs.Arg(0))
		return 2
	}
	p, err := draughtsPosition(*game, *fen)
	if err != nil {
		fmt.Fprintln(stderr, "moves:", err)
		return 2
	}
	s := draughts.NewState(p)
	var l draughts.MoveList
	p.Generate(&l)
	for _, m := range s.LegalMoves() {
		if *alg {
			fmt.Fprintln(stdout, m.Text, p.AlgebraicText(m.Move))
		} else {
			fmt.Fprintln(stdout, m.Text)
		}
	}
	if o := s.Outcome(); o.Over() {
		fmt.Fprintf(stderr, "game over: %v\n", o.Reason)
	}
	return 0
}
