package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"time"

	"madang/ai"
	"madang/rules"
)

func init() {
	register("selfplay", "play AI levels against each other and report the score", runSelfplay)
}

// randomLevel is selfplay's extra level: a seeded random legal move, for games without an
// engine and as the weakest opponent.
const randomLevel = "random"

// runSelfplay: madang selfplay --game G [--players N] [--pieces N] [--opt k=v] --a LEVEL
// --b LEVEL | --levels L1,L2[,L3] --games N [--seed S] [--movetime MS] [--open K]
// [--max-plies P]. One level per seat of the game (beginner, intermediate, advanced or
// random). Seats rotate from game to game and each round of games starts from the same K
// random opening plies; dice are rolled from the seed. The rules end a game (no moves,
// threefold, draw counts, their move limits); --max-plies also caps it as a draw. One line
// per game, then a JSON summary with each player's wins and points as the last line.
func runSelfplay(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("selfplay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gf := addGameFlags(fs, "")
	la := fs.String("a", "advanced", "level of player a: beginner, intermediate, advanced or random")
	lb := fs.String("b", "intermediate", "level of player b")
	list := fs.String("levels", "", "levels of every player in order, comma-separated (instead of --a and --b)")
	n := fs.Int("games", 10, "number of games")
	seed := fs.Int64("seed", 1, "seed of the openings, the dice and the engines' random moves")
	movetime := fs.Int("movetime", 0, "advanced level's time per move in ms (default: its own 1500)")
	open := fs.Int("open", 2, "random opening plies, shared by each round of games")
	maxPlies := fs.Int("max-plies", 0, "plies after which a game counts as a draw (0: only the rules end games)")
	eg := egdbFlag(fs)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if err := loadEgdb(*eg, stderr); err != nil {
		fmt.Fprintln(stderr, "selfplay:", err)
		return 1
	}
	if fs.NArg() != 0 {
		fmt.Fprintln(stderr, "selfplay: unexpected argument", fs.Arg(0))
		return 2
	}
	g, opts, err := gf.resolve()
	if err != nil {
		fmt.Fprintln(stderr, "selfplay:", err)
		return 2
	}
	names := []string{*la, *lb}
	if *list != "" {
		names = strings.Split(*list, ",")
	}
	levels := make([]ai.Level, len(names))
	for i, s := range names {
		if s == randomLevel {
			levels[i] = randomLevel
			continue
		}
		l, err := ai.ParseLevel(s)
		if err != nil {
			fmt.Fprintf(stderr, "selfplay: level %q: beginner, intermediate, advanced or random\n", s)
			return 2
		}
		if _, err := ai.For(g.ID()); err != nil {
			fmt.Fprintf(stderr, "selfplay: no AI for %q (level random plays any game)\n", g.ID())
			return 2
		}
		levels[i] = l
	}
	if *n < 1 || *movetime < 0 || *open < 0 || *maxPlies < 0 {
		fmt.Fprintln(stderr, "selfplay: --games must be positive; --movetime, --open, --max-plies not negative")
		return 2
	}
	if st, err := g.New(opts); err != nil || st.Seats() != len(levels) {
		fmt.Fprintf(stderr, "selfplay: %s with these options has %d seats: give as many levels (--levels)\n", g.ID(), seatsOf(st))
		return 2
	}
	err = series{game: g, opts: opts, games: *n, seed: *seed, open: *open, maxPlies: *maxPlies,
		choose: func(i, who int, rec *record) (rules.Move, error) {
			st := rec.cur
			mseed := *seed*1_000_003 + int64(i)*1000 + int64(st.Ply())
			if levels[who] == randomLevel {
				ms := st.Moves()
				if len(ms) == 0 {
					return nil, ai.ErrNoMove
				}
				return ms[rand.New(rand.NewPCG(uint64(mseed), uint64(len(rec.steps)))).IntN(len(ms))], nil
			}
			req := ai.Request{State: st, Level: levels[who], Seed: mseed}
			if levels[who] == ai.Advanced && *movetime > 0 {
				req.Budget = ai.Budget{Time: time.Duration(*movetime) * time.Millisecond}
			}
			res, err := ai.Choose(context.Background(), req)
			return res.Move, err
		},
	}.play("selfplay", stdout, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "selfplay:", err)
		return 1
	}
	return 0
}

func seatsOf(s rules.State) int {
	if s == nil {
		return 0
	}
	return s.Seats()
}
