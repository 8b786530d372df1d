package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"time"

	"madang/rules/draughts/pdn"

	_ "madang/rules/draughts" // registers checkers and draughts
)

func init() {
	register("replay", "replay PDN game records through the rules (checkers, draughts)", runReplay)
}

// runReplay: madang replay [--game checkers|draughts] [-v] [--export FILE] FILE|DIR...
//
// Every game of every file (a directory stands for its *.pdn files) is played through the
// rules registry; each disagreement is one line on stdout,
//
//	FILE: game G (line L): move 12... 18-23: illegal move "18-23": no legal move from 18 to 23
//	FILE: game G (line L): recorded result 1-0 but the rules end the game: win for white (no-moves)
//	FILE: line L: game G: unexpected text "@@"            (a syntax error)
//
// and the last line is "games=N moves=M errors=K". With -v the notes (unclaimed automatic
// draws, ambiguous captures settled by the moves that follow) are printed too. --export
// writes the replayed games, moves in the rules' canonical text, as PDN. The exit status
// is 1 when K > 0, 2 for bad usage.
func runReplay(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	game := fs.String("game", "checkers", "game of the records without a GameType tag: checkers or draughts (GameType 20 is draughts, 21 checkers)")
	verbose := fs.Bool("v", false, "also print notes: unclaimed automatic draws, ambiguous captures settled by the moves that follow")
	export := fs.String("export", "", "write the replayed games, with the rules' canonical move text, to this PDN file")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 || (*game != "checkers" && *game != "draughts") {
		fmt.Fprintln(stderr, "replay: want [--game checkers|draughts] [-v] [--export FILE] FILE|DIR...")
		return 2
	}
	explicit := false
	fs.Visit(func(f *flag.Flag) { explicit = explicit || f.Name == "game" })
	start := time.Now()
	var files []string
	for _, a := range fs.Args() {
		st, err := os.Stat(a)
		if err == nil && st.IsDir() {
			m, _ := filepath.Glob(filepath.Join(a, "*.pdn"))
			sort.Strings(m)
			files = append(files, m...)
			continue
		}
		files = append(files, a)
	}
	var games, moves, errs int
	var exported []pdn.Game
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			fmt.Fprintf(stdout, "%s: cannot read: %v\n", f, err)
			errs++
			continue
		}
		read, err := pdn.Read(data)
		var el pdn.ErrorList
		if errors.As(err, &el) {
			for _, e := range el {
				fmt.Fprintf(stdout, "%s: %v\n", f, e)
				errs++
			}
		}
		if len(read) == 0 && err == nil {
			fmt.Fprintf(stdout, "%s: no PDN game found\n", f)
			errs++
		}
		overridden := 0
		for i := range read {
			g := &read[i]
			games++
			if v, err := pdn.Variant(g, *game); explicit && err == nil && v != *game {
				overridden++
			}
			r := pdn.Replay(g, *game)
			moves += len(r.Played)
			where := fmt.Sprintf("%s: game %d (line %d)", f, g.Index, g.Line)
			if *verbose {
				for _, n := range r.Notes {
					fmt.Fprintf(stdout, "%s: note: move %s %s: %s\n", where, moveNumber(g.Moves[n.Move]), g.Moves[n.Move].Text, n.Text)
				}
			}
			for _, p := range r.Problems {
				errs++
				if p.Move < 0 {
					fmt.Fprintf(stdout, "%s: %v\n", where, p.Err)
				} else {
					m := g.Moves[p.Move]
					fmt.Fprintf(stdout, "%s: move %s %s: %v\n", where, moveNumber(m), m.Text, p.Err)
				}
			}
			if *export != "" && r.Start != nil {
				exported = append(exported, r.Export())
			}
		}
		if overridden > 0 {
			fmt.Fprintf(stderr, "replay: %s: %d game(s) have a GameType tag of another game than --game %s; the tag decides\n", f, overridden, *game)
		}
	}
	if *export != "" {
		var buf bytes.Buffer
		err := pdn.Write(&buf, exported...)
		if err == nil {
			err = os.WriteFile(*export, buf.Bytes(), 0o644)
		}
		if err != nil {
			fmt.Fprintf(stdout, "%s: cannot export: %v\n", *export, err)
			errs++
		}
	}
	fmt.Fprintf(stderr, "replay: %d files in %v\n", len(files), time.Since(start).Round(time.Millisecond))
	fmt.Fprintf(stdout, "games=%d moves=%d errors=%d\n", games, moves, errs)
	if errs > 0 {
		return 1
	}
	return 0
}

// moveNumber writes a move's number as PDN does: "12." or "12...".
func moveNumber(m pdn.Move) string {
	if m.Second {
		return fmt.Sprintf("%d...", m.Number)
	}
	return fmt.Sprintf("%d.", m.Number)
}
