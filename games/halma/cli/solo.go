package cli

import (
	"flag"
	"fmt"
	"io"
	"time"

	aihalma "madang/ai/halma"
)

// runSolo: madang solo [--pieces 10|15] [--beam N]. It prints the plan, one move a line
// ("3. 3.2-5.4", holes named from the start apex), then the number of moves as the last line;
// the time and the positions searched go to stderr.
func runSolo(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("solo", flag.ContinueOnError)
	fs.SetOutput(stderr)
	pieces := fs.Int("pieces", 10, "pieces in the camp: 10 (the triangle) or 15 (with its five border holes)")
	beam := fs.Int("beam", aihalma.SoloWidth, "positions kept a move count (>= 1)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 0 || *beam < 1 || (*pieces != 10 && *pieces != 15) {
		fmt.Fprintln(stderr, "solo: want --pieces 10 or 15 and --beam N >= 1")
		return 2
	}
	start := time.Now()
	r, err := aihalma.Solo(*pieces, *beam)
	if err != nil {
		fmt.Fprintln(stderr, "solo:", err)
		return 1
	}
	for i, m := range r.Moves {
		fmt.Fprintf(stdout, "%d. %s\n", i+1, m)
	}
	fmt.Fprintf(stderr, "solo: %d pieces, beam %d: %d positions in %v\n", *pieces, *beam, r.Searched, time.Since(start).Round(time.Millisecond))
	fmt.Fprintln(stdout, len(r.Moves))
	return 0
}
