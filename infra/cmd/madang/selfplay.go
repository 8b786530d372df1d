package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"madang/ai"
	_ "madang/ai/draughts" // registers the checkers and draughts engines
	"madang/rules"
)

func init() {
	register("selfplay", "play AI levels against each other and report the score", runSelfplay)
}

// runSelfplay: madang selfplay --game G --a LEVEL --b LEVEL --games N [--seed S]
// [--movetime MS] [--open K] [--max-plies P]. Games alternate colours (a moves first in
// even games); each pair of games starts from the same K random opening plies. The rules
// end a game (no moves, threefold, draw counts); --max-plies caps it as a draw. One line
// per game, then a JSON summary as the last line.
func runSelfplay(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("selfplay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	game := fs.String("game", "checkers", "game id with an AI engine (checkers, draughts)")
	la := fs.String("a", "advanced", "level of player a: beginner, intermediate or advanced")
	lb := fs.String("b", "intermediate", "level of player b")
	n := fs.Int("games", 10, "number of games")
	seed := fs.Int64("seed", 1, "seed of the openings and of the engines' random moves")
	movetime := fs.Int("movetime", 0, "advanced level's time per move in ms (default: its own 1500)")
	open := fs.Int("open", 2, "random opening plies, shared by each pair of games")
	maxPlies := fs.Int("max-plies", 400, "plies after which a game counts as a draw")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 0 {
		fmt.Fprintln(stderr, "selfplay: unexpected argument", fs.Arg(0))
		return 2
	}
	g, ok := rules.Lookup(*game)
	if !ok {
		fmt.Fprintf(stderr, "selfplay: unknown game %q\n", *game)
		return 2
	}
	if _, err := ai.For(*game); err != nil {
		fmt.Fprintf(stderr, "selfplay: no AI for %q\n", *game)
		return 2
	}
	levels := [2]ai.Level{}
	for i, s := range []string{*la, *lb} {
		l, err := ai.ParseLevel(s)
		if err != nil {
			fmt.Fprintf(stderr, "selfplay: level %q: beginner, intermediate or advanced\n", s)
			return 2
		}
		levels[i] = l
	}
	if *n < 1 || *movetime < 0 || *open < 0 || *maxPlies < 1 {
		fmt.Fprintln(stderr, "selfplay: --games, --max-plies must be positive; --movetime, --open not negative")
		return 2
	}
	series{game: g, games: *n, seed: *seed, open: *open, maxPlies: *maxPlies,
		choose: func(i, who int, st rules.State) (rules.Move, error) {
			req := ai.Request{State: st, Level: levels[who], Seed: *seed*1_000_003 + int64(i)*1000 + int64(st.Ply())}
			if levels[who] == ai.Advanced && *movetime > 0 {
				req.Budget = ai.Budget{Time: time.Duration(*movetime) * time.Millisecond}
			}
			res, err := ai.Choose(context.Background(), req)
			return res.Move, err
		},
	}.play("selfplay", stdout, stderr)
	return 0
}
