package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
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
// --b LEVEL [--c LEVEL] | --levels L1,L2[,L3] --games N [--seed S] [--movetime MS]
// [--open K] [--max-plies P] [--out FILE]. One level per seat of the game (beginner,
// intermediate, advanced or random). Seats rotate from game to game and each round of
// games starts from the same K random opening plies; dice are rolled from the seed. The
// rules end a game (no moves, threefold, draw counts, their move limits); --max-plies also
// caps it as a draw. One line per game, then a JSON summary with each player's wins and
// points as the last line; --out also writes the results file (selfplayResults), after
// checking before the first game that it can (checkWritable; exit 2 when not).
func runSelfplay(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("selfplay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gf := addGameFlags(fs, "")
	la := fs.String("a", "advanced", "level of player a: beginner, intermediate, advanced or random")
	lb := fs.String("b", "intermediate", "level of player b")
	lc := fs.String("c", "", "level of player c (three-player games)")
	outFile := fs.String("out", "", "also write the results as JSON to this file (game, options, levels, seed, summary)")
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
	if *lc != "" {
		names = append(names, *lc)
	}
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
	if *outFile != "" {
		if err := checkWritable(*outFile); err != nil {
			fmt.Fprintln(stderr, "selfplay: --out:", err)
			return 2
		}
	}
	var rep selfplayReport
	start := time.Now()
	err = series{game: g, opts: opts, games: *n, seed: *seed, open: *open, maxPlies: *maxPlies, report: &rep,
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
	if *outFile != "" {
		st, _ := g.New(opts)
		res := selfplayResults{Game: g.ID(), Options: st.Options(), Levels: names, Seed: *seed,
			MoveTimeMS: *movetime, Open: *open, MaxPlies: *maxPlies, Report: rep,
			AvgMovesPerPlayer: rep.AvgPlies / float64(len(names)),
			FirstSeatWinRate:  float64(rep.SeatWins[0]) / float64(rep.Games),
			Seconds:           time.Since(start).Seconds()}
		if err := writeJSON(*outFile, res); err != nil {
			fmt.Fprintln(stderr, "selfplay:", err)
			return 1
		}
	}
	return 0
}

// selfplayResults is the file `madang selfplay --out` writes: the run's settings, its
// summary (the last line of the output) and two derived figures. MoveTimeMS 0 is the
// advanced level's own time.
type selfplayResults struct {
	Game              string         `json:"game"`
	Options           rules.Options  `json:"options"`
	Levels            []string       `json:"levels"` // players a, b, c in order
	Seed              int64          `json:"seed"`
	MoveTimeMS        int            `json:"moveTimeMs"`
	Open              int            `json:"open"`
	MaxPlies          int            `json:"maxPlies"`
	Report            selfplayReport `json:"report"`
	AvgMovesPerPlayer float64        `json:"avgMovesPerPlayer"` // avgPlies / players
	FirstSeatWinRate  float64        `json:"firstSeatWinRate"`  // seat 0's wins / games, whoever sat there
	Seconds           float64        `json:"seconds"`           // wall time of the run
}

// checkWritable tells before a long run whether writeJSON could write path: path is no
// directory and a file can be created in its directory (a temporary one, removed at once,
// so nothing is left behind either way).
func checkWritable(path string) error {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return fmt.Errorf("%s is a directory", path)
	}
	dir := filepath.Dir(path)
	st, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("cannot write %s: no directory %s", path, dir)
	}
	if !st.IsDir() {
		return fmt.Errorf("cannot write %s: %s is not a directory", path, dir)
	}
	tmp, err := os.CreateTemp(dir, ".selfplay-*.json")
	if errors.Is(err, os.ErrPermission) {
		return fmt.Errorf("cannot write %s: no permission to create files in %s", path, dir)
	}
	if err != nil {
		return fmt.Errorf("cannot write %s: %v", path, err)
	}
	tmp.Close()
	return os.Remove(tmp.Name())
}

// writeJSON writes v indented to path (mode 0644) through a temporary file renamed into
// place, so a reader never sees half a file.
func writeJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".selfplay-*.json")
	if err != nil {
		return err
	}
	// CreateTemp makes the file 0600; a results file is for others to read too, as a file
	// made by os.Create would be.
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if _, err := tmp.Write(append(b, '\n')); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}

func seatsOf(s rules.State) int {
	if s == nil {
		return 0
	}
	return s.Seats()
}
