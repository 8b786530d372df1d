//go:build !js

package cli

import (
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	aidraughts "madang/ai/draughts"
)

// runBook: madang book --game draughts|checkers [--out FILE] [--plies P] [--depth D]
// [--margin CM] [--max N]. It grows the opening book of the advanced level with the
// shipped learned evaluation alone (aidraughts.BuildBook), also in draughts, whose variant
// blends it with the hand-made one (the shipped books were made so); the defaults are the
// shipped books'
// (aidraughts.DefaultBook), so `madang book --game draughts --out
// ai/draughts/book/draughts.txt` remakes the committed file (after the weights).
func runBook(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("book", flag.ContinueOnError)
	fs.SetOutput(stderr)
	d := aidraughts.DefaultBook
	game := fs.String("game", "draughts", "draughts or checkers")
	out := fs.String("out", "", "book file to write (default: standard output)")
	fs.IntVar(&d.Plies, "plies", d.Plies, "plies from the start covered by the book")
	fs.IntVar(&d.Depth, "depth", d.Depth, "search depth scoring each move")
	fs.IntVar(&d.Margin, "margin", d.Margin, "keep moves within this many centi-men of the best")
	fs.IntVar(&d.Max, "max", d.Max, "at most this many moves per position")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	v, ok := aidraughts.VariantByID(*game)
	if !ok || fs.NArg() != 0 || d.Plies < 1 || d.Depth < 1 || d.Margin < 0 || d.Max < 1 {
		fmt.Fprintln(stderr, "book: --game draughts or checkers; --plies, --depth, --max positive")
		return 2
	}
	if v.Trained() != nil {
		// The book is searched with the learned evaluation alone.
		v = v.WithWeights(v.Trained()).WithMix(aidraughts.MixUnit)
	}
	start := time.Now()
	b := v.BuildBook(d, nil)
	fmt.Fprintf(stderr, "book %s: %d positions (plies %d, depth %d, margin %d, max %d) in %s\n",
		*game, b.Len(), d.Plies, d.Depth, d.Margin, d.Max, time.Since(start).Round(time.Second))
	if *out == "" {
		stdout.Write(b.Marshal())
		return 0
	}
	if err := os.WriteFile(*out, b.Marshal(), 0o644); err != nil {
		fmt.Fprintln(stderr, "book:", err)
		return 1
	}
	return 0
}
