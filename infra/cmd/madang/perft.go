package main

import (
	"flag"
	"fmt"
	"io"
	"sort"
	"time"

	"madang/rules/draughts"
)

func init() {
	register("perft", "count the leaf nodes of the move tree (checkers, draughts)", runPerft)
}

// draughtsRules maps a game id to its ruleset.
func draughtsRules(id string) (*draughts.Rules, error) {
	if r, ok := draughts.ByID(id); ok {
		return r, nil
	}
	return nil, fmt.Errorf("unknown game %q (want checkers or draughts)", id)
}

// draughtsPosition reads --game and --position into a position (the start when fen is "").
func draughtsPosition(game, fen string) (draughts.Position, error) {
	r, err := draughtsRules(game)
	if err != nil {
		return draughts.Position{}, err
	}
	if fen == "" {
		return r.Start(), nil
	}
	return draughts.ParseFEN(r, fen)
}

// runPerft: madang perft --game checkers|draughts --depth N [--position FEN] [--divide].
// The leaf count is the last line of stdout; time and nodes/s go to stderr.
func runPerft(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	game := fs.String("game", "checkers", "game id: checkers or draughts")
	depth := fs.Int("depth", 1, "depth in plies (>= 0)")
	fen := fs.String("position", "", "start position in PDN FEN (default: the start position)")
	divide := fs.Bool("divide", false, "print the count below each legal move first")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 0 || *depth < 0 {
		fmt.Fprintln(stderr, "perft: want --game, --depth N >= 0, optional --position and --divide")
		return 2
	}
	p, err := draughtsPosition(*game, *fen)
	if err != nil {
		fmt.Fprintln(stderr, "perft:", err)
		return 2
	}
	start := time.Now()
	var total uint64
	if *divide && *depth > 0 {
		var l draughts.MoveList
		p.Generate(&l)
		type line struct {
			text string
			n    uint64
		}
		lines := make([]line, 0, l.N)
		for _, m := range l.Slice() {
			n := draughts.Perft(p.Apply(m), *depth-1)
			lines = append(lines, line{p.MoveText(m), n})
			total += n
		}
		sort.Slice(lines, func(i, j int) bool { return lines[i].text < lines[j].text })
		for _, ln := range lines {
			fmt.Fprintf(stdout, "%s %d\n", ln.text, ln.n)
		}
	} else {
		total = draughts.Perft(p, *depth)
	}
	el := time.Since(start)
	fmt.Fprintf(stderr, "perft %s depth %d: %d nodes in %.3fs (%.0f nodes/s)\n",
		*game, *depth, total, el.Seconds(), float64(total)/max(el.Seconds(), 1e-9))
	fmt.Fprintln(stdout, total)
	return 0
}
