package main

import (
	"flag"
	"fmt"
	"io"
	"sort"
	"time"

	"madang/games"
)

func init() {
	register("perft", "count the leaf nodes of the move tree of any game", runPerft)
}

// runPerft: madang perft --game G [--players N] [--pieces N] [--opt k=v] [--depth N (default 1)]
// [--position P] [--dice A-B] [--divide]. A game whose family has a perft hook
// (games.Tools.Perft) is counted by it, any other through the rules.State API (games.Perft;
// rolls inside the tree expand over the 21 rolls). A position that waits for a roll needs
// --dice. The leaf count is
// the last line of stdout; time and nodes/s go to stderr.
func runPerft(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gf := addGameFlags(fs, "")
	depth := fs.Int("depth", 1, "depth in plies (>= 0)")
	pos := fs.String("position", "", "start position in the game's encoding (PDN FEN for checkers and draughts; default: the start position)")
	divide := fs.Bool("divide", false, "print the count below each legal move first")
	diceText := fs.String("dice", "", "dice A-B to roll first when the position waits for a roll")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 0 || *depth < 0 {
		fmt.Fprintln(stderr, "perft: want --game, optional --depth N >= 0 (default 1), --position and --divide")
		return 2
	}
	st, err := gf.state(*pos)
	if err == nil {
		st, err = rollFirst(st, *diceText)
	}
	if err != nil {
		fmt.Fprintln(stderr, "perft:", err)
		return 2
	}
	start := time.Now()
	var total uint64
	if *divide && *depth > 0 {
		type line struct {
			text string
			n    uint64
		}
		var lines []line
		for _, m := range st.Moves() {
			next, err := st.Play(m)
			var n uint64
			if err == nil {
				n, err = games.Perft(next, *depth-1)
			}
			if err != nil {
				fmt.Fprintf(stderr, "perft: %s: %v\n", m, err)
				return 1
			}
			lines = append(lines, line{m.String(), n})
			total += n
		}
		sort.Slice(lines, func(i, j int) bool { return lines[i].text < lines[j].text })
		for _, ln := range lines {
			fmt.Fprintf(stdout, "%s %d\n", ln.text, ln.n)
		}
	} else if total, err = games.Perft(st, *depth); err != nil {
		fmt.Fprintln(stderr, "perft:", err)
		return 2
	}
	el := time.Since(start)
	fmt.Fprintf(stderr, "perft %s depth %d: %d nodes in %.3fs (%.0f nodes/s)\n",
		*gf.game, *depth, total, el.Seconds(), float64(total)/max(el.Seconds(), 1e-9))
	fmt.Fprintln(stdout, total)
	return 0
}
