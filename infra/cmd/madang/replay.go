package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"madang/games"
)

func init() {
	register("replay", "replay game records (the formats below) through the rules", runReplay)
}

// recordFormat is a record format with the family that reads it.
type recordFormat struct {
	games.RecordFormat
	family *games.Family
}

// recordFormats is the table of readers: every family's formats (games.Family.Records).
func recordFormats() []recordFormat {
	var out []recordFormat
	for _, f := range games.Families() {
		for _, r := range f.Records {
			out = append(out, recordFormat{r, f})
		}
	}
	return out
}

// formatOf picks the reader of a file: by its extension, else by sniffing its first bytes.
func formatOf(table []recordFormat, name string, data []byte) (recordFormat, bool) {
	ext := strings.ToLower(filepath.Ext(name))
	for _, f := range table {
		for _, e := range f.Extensions {
			if e == ext {
				return f, true
			}
		}
	}
	head := data[:min(len(data), 512)]
	for _, f := range table {
		if f.Sniff != nil && f.Sniff(head) {
			return f, true
		}
	}
	return recordFormat{}, false
}

// runReplay: madang replay [--game G] [-v] [--export FILE] FILE|DIR...
//
// Every game of every file is played through the rules; the reader is chosen by the
// file's extension (.pdn) or, failing that, by its content (games.RecordFormat). A
// directory stands for its files (not its subdirectories) that a format claims, by
// extension or by content (the backgammon sites export .txt). Each disagreement is one line
// on stdout,
//
//	FILE: game G (line L): move 12... 18-23: illegal move "18-23": no legal move from 18 to 23
//	FILE: game G (line L): recorded result 1-0 but the rules end the game: win for white (no-moves)
//	FILE: line L: game G: unexpected text "@@"            (a syntax error)
//	FILE: the record is of draughts, not checkers (--game checkers)
//
// and the last line is "games=N moves=M errors=K". --game is the game of the records: those
// that do not name theirs are played as it (an untagged PDN record only the other of
// checkers and draughts plays is that game's, pdn.ReplayGuess), and a file whose records
// name another game (a PDN GameType tag, another family's format) is one error and is not
// replayed (games.ReplayReport.Refused). Without --game a GameType tag decides and an
// untagged PDN record is checkers (or draughts as above). With -v the notes
// (unclaimed automatic draws, ambiguous captures settled by the moves that follow) are
// printed too. --export writes the replayed games, moves in the rules' canonical text, in
// their format; it writes nothing (and leaves an existing FILE as it was) when an input
// cannot be read, is not a record or its format cannot be written (.mat). An --export that is
// one of the inputs or a file in an input folder (exportClash), or "-", is bad usage. The
// exit status is 1 when K > 0, 2 for bad usage.
func runReplay(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	table := recordFormats()
	var readable []string // games some format reads
	for _, f := range table {
		readable = append(readable, f.family.IDs()...)
	}
	game := fs.String("game", "", "game of the records: "+strings.Join(readable, ", ")+"; a file whose records name another game is an error (PDN: GameType 20 is draughts, 21 checkers; without --game the tag decides, and an untagged record is checkers, or draughts when only draughts plays it)")
	verbose := fs.Bool("v", false, "also print notes: unclaimed automatic draws, ambiguous captures settled by the moves that follow")
	export := fs.String("export", "", "write the replayed games, with the rules' canonical move text, to this file")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	known := *game == ""
	for _, id := range readable {
		known = known || id == *game
	}
	if !known {
		fmt.Fprintf(stderr, "replay: unknown game %q (records are read for: %s)\n", *game, strings.Join(readable, ", "))
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "replay: want [--game "+strings.Join(readable, "|")+"] [-v] [--export FILE] FILE|DIR...")
		return 2
	}
	if *export == "-" {
		// stdout carries the error lines and the last line: an export mixed into it could
		// not be read back, and a file named "-" is never what was meant
		fmt.Fprintln(stderr, "replay: --export - is not supported (standard output carries the report): give a file name")
		return 2
	}
	if *export != "" {
		if err := exportClash(*export, fs.Args()); err != nil {
			fmt.Fprintf(stderr, "replay: %v\n", err)
			return 2
		}
	}
	start := time.Now()
	var files []string
	var nGames, moves, errs int
	for _, a := range fs.Args() {
		st, err := os.Stat(a)
		if err == nil && st.IsDir() {
			in := recordFiles(table, a)
			if len(in) == 0 {
				fmt.Fprintf(stdout, "%s: no game record this program reads in this directory\n", a)
				errs++
			}
			files = append(files, in...)
			continue
		}
		files = append(files, a)
	}
	var exported bytes.Buffer
	exportable := true      // every input could be read and exported
	var exportErrs []string // the reasons of export refusals said so far
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			fmt.Fprintf(stdout, "%s: cannot read: %v\n", f, err)
			errs++
			exportable = false
			continue
		}
		format, ok := formatOf(table, f, data)
		if !ok {
			fmt.Fprintf(stdout, "%s: not a game record this program reads\n", f)
			errs++
			exportable = false
			continue
		}
		if *game != "" && !slices.Contains(format.family.IDs(), *game) {
			// a record of another family's game: refused, as a record that names another
			// game of the family is (games.ReplayReport.Refused)
			fmt.Fprintf(stdout, "%s: the record is of %s (%s), not %s (--game %s)\n", f,
				strings.Join(format.family.IDs(), " or "), format.Name, *game, *game)
			errs++
			exportable = false
			continue
		}
		opt := replayOptions(format, *game, *export != "")
		rep := format.Replay(data, opt)
		if rep.Refused {
			exportable = false
		}
		nGames += rep.Games
		moves += rep.Moves
		if *verbose {
			for _, n := range rep.Notes {
				fmt.Fprintf(stdout, "%s: %s\n", f, n)
			}
		}
		for _, p := range rep.Problems {
			fmt.Fprintf(stdout, "%s: %s\n", f, p)
			errs++
		}
		for _, w := range rep.Warnings {
			fmt.Fprintf(stderr, "replay: %s: %s\n", f, w)
		}
		exported.Write(rep.Export)
		if rep.ExportErr != nil {
			// said once per reason: a folder of 30 .mat matches is one refusal, not 30
			if why := rep.ExportErr.Error(); !slices.Contains(exportErrs, why) {
				fmt.Fprintf(stdout, "%s: cannot export: %v\n", *export, rep.ExportErr)
				exportErrs = append(exportErrs, why)
				errs++
			}
			exportable = false
		}
	}
	// The export file is opened only when every input went into it: an existing file is
	// never truncated for an export that could not be made.
	if *export != "" && (!exportable || exported.Len() == 0) {
		why := "not every input could be exported"
		if exportable {
			why = "no game to export"
		}
		fmt.Fprintf(stdout, "%s: not written: %s\n", *export, why)
		if errs == 0 {
			errs++
		}
	} else if *export != "" {
		if err := os.WriteFile(*export, exported.Bytes(), 0o644); err != nil {
			fmt.Fprintf(stdout, "%s: cannot export: %v\n", *export, err)
			errs++
		}
	}
	fmt.Fprintf(stderr, "replay: %d files in %v\n", len(files), time.Since(start).Round(time.Millisecond))
	fmt.Fprintf(stdout, "games=%d moves=%d errors=%d\n", nGames, moves, errs)
	if errs > 0 {
		return 1
	}
	return 0
}

// recordFiles lists the regular files directly in dir that some format reads: by extension,
// else by sniffing the first 512 bytes (formatOf), in name order. Files no format claims
// (a README, a licence) are left out; an unreadable directory gives none.
func recordFiles(table []recordFormat, dir string) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		if !e.Type().IsRegular() {
			continue
		}
		name := filepath.Join(dir, e.Name())
		if _, ok := formatOf(table, name, fileHead(name)); ok {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// fileHead is the first 512 bytes of a file (fewer when shorter or unreadable).
func fileHead(name string) []byte {
	f, err := os.Open(name)
	if err != nil {
		return nil
	}
	defer f.Close()
	head := make([]byte, 512)
	n, _ := io.ReadFull(f, head)
	return head[:n]
}

// exportClash refuses an --export path that is one of the inputs or a file directly in an
// input folder (which the folder stands for, now or on the next run): the export would
// overwrite the records it was made from, their comments and variations lost. Paths are
// compared cleaned and absolute, and by os.SameFile where both exist (a link, another
// spelling of the same file).
func exportClash(export string, inputs []string) error {
	abs := func(p string) string {
		a, err := filepath.Abs(p)
		if err != nil {
			return filepath.Clean(p)
		}
		return a
	}
	out := abs(export)
	outSt, outErr := os.Stat(export)
	dirSt, dirErr := os.Stat(filepath.Dir(out))
	for _, in := range inputs {
		inSt, inErr := os.Stat(in)
		if inErr == nil && inSt.IsDir() {
			if filepath.Dir(out) == abs(in) || (dirErr == nil && os.SameFile(dirSt, inSt)) {
				return fmt.Errorf("--export %s is inside the input folder %s: it would overwrite or join the records it is made from; write it elsewhere", export, in)
			}
			continue
		}
		if out == abs(in) || (inErr == nil && outErr == nil && os.SameFile(outSt, inSt)) {
			return fmt.Errorf("--export %s is the input %s: it would overwrite the record it is made from (comments and variations lost); write it elsewhere", export, in)
		}
	}
	return nil
}

// replayOptions passes --game to a format only when its family plays that game.
func replayOptions(f recordFormat, game string, export bool) games.ReplayOptions {
	opt := games.ReplayOptions{Export: export}
	for _, id := range f.family.IDs() {
		if id == game {
			opt.Game, opt.Explicit = game, true
		}
	}
	return opt
}
