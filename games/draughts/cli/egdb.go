//go:build !js

package cli

import (
	"flag"
	"fmt"
	"io"
	"time"

	aidraughts "madang/ai/draughts"
	"madang/ai/draughts/egdb"
	rd "madang/rules/draughts"
)

// runEgdb: madang egdb --game checkers|draughts --pieces N [--dir DIR] [--probe FEN].
// Without --probe it builds every table of 2..N pieces (tables already in DIR are loaded,
// not rebuilt) and writes them to DIR; one line a table goes to stderr, and the last line
// of stdout is "tables=T positions=P wins=W losses=L draws=D". With --probe it loads DIR,
// builds what the position still needs (one line a table to stderr; not saved), and prints
// win, loss or draw for the side to move.
func runEgdb(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("egdb", flag.ContinueOnError)
	fs.SetOutput(stderr)
	game := fs.String("game", "", "checkers or draughts")
	pieces := fs.Int("pieces", 3, fmt.Sprintf("largest number of pieces on the board (2..%d)", egdb.MaxPieces))
	dir := fs.String("dir", "", "folder of the table files (read, then written unless --probe)")
	probe := fs.String("probe", "", "a position (PDN FEN) to look up instead of building")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	r, ok := rd.ByID(*game)
	if fs.NArg() != 0 || !ok || *pieces < 2 || *pieces > egdb.MaxPieces || (*probe == "" && *dir == "") {
		fmt.Fprintf(stderr, "egdb: want --game checkers|draughts, --pieces 2..%d and --dir DIR or --probe FEN\n", egdb.MaxPieces)
		return 2
	}
	db := egdb.New(r)
	if *dir != "" {
		if _, err := db.Load(*dir); err != nil {
			fmt.Fprintln(stderr, "egdb:", err)
			return 1
		}
	}
	start := time.Now()
	if *probe != "" {
		p, err := rd.ParseFEN(r, *probe)
		if err != nil {
			fmt.Fprintln(stderr, "egdb:", err)
			return 2
		}
		// Tables the position needs that DIR lacks are built now, and not saved: say so,
		// one line a table, so a long build is not a silent wait.
		db.Progress = func(m egdb.Material, n int) {
			fmt.Fprintf(stderr, "egdb: %s %s: not in --dir, built for this probe (not saved): %d entries, %v\n",
				r.ID, m, n, time.Since(start).Round(time.Millisecond))
		}
		v, err := db.Value(&p)
		if err != nil {
			fmt.Fprintln(stderr, "egdb:", err)
			return 2
		}
		fmt.Fprintln(stdout, v)
		return 0
	}
	db.Progress = func(m egdb.Material, n int) {
		fmt.Fprintf(stderr, "egdb: %s %s: %d entries, %v\n", r.ID, m, n, time.Since(start).Round(time.Millisecond))
	}
	if err := db.Build(*pieces); err != nil {
		fmt.Fprintln(stderr, "egdb:", err)
		return 1
	}
	n, err := db.Save(*dir)
	if err != nil {
		fmt.Fprintln(stderr, "egdb:", err)
		return 1
	}
	st := db.Stats()
	fmt.Fprintf(stderr, "egdb: %d tables in %s, %v\n", n, *dir, time.Since(start).Round(time.Millisecond))
	fmt.Fprintf(stdout, "tables=%d positions=%d wins=%d losses=%d draws=%d\n", n, st.Positions, st.Wins, st.Losses, st.Draws)
	return 0
}

// egdbFlag is the --egdb flag of the family's engine.
func egdbFlag(fs *flag.FlagSet) *string {
	return fs.String("egdb", "", "folder of checkers/draughts endgame tables (madang egdb) for the search to probe")
}

// loadEgdb loads the tables of dir (none when dir is empty) for the draughts searches and
// says how many on stderr; no table in dir is an error.
func loadEgdb(dir string, stderr io.Writer) error {
	if dir == "" {
		return nil
	}
	n, err := loadTables(dir)
	if err != nil {
		return err
	}
	if n == 0 {
		return fmt.Errorf("no endgame tables in %s", dir)
	}
	fmt.Fprintf(stderr, "egdb: %d tables from %s\n", n, dir)
	return nil
}

// loadTables is the family's games.Tools.Tables: the checkers and draughts tables found in
// dir, each set for its variant's search.
func loadTables(dir string) (int, error) {
	n := 0
	for _, r := range []*rd.Rules{&rd.English, &rd.International} {
		db := egdb.New(r)
		k, err := db.Load(dir)
		if err != nil {
			return n, err
		}
		n += k
		if k > 0 {
			aidraughts.SetEndgames(r, db)
		}
	}
	return n, nil
}
