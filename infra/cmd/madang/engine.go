package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"madang/games"
)

func init() {
	var summaries, ids []string
	for _, f := range games.InOrder() {
		if f.Engine != nil {
			summaries = append(summaries, f.Engine.Summary)
			ids = append(ids, f.IDs()...)
		}
	}
	register("engine", "play "+strings.Join(summaries, ", ")+", on stdin/stdout (--game "+strings.Join(ids, "|")+")", runEngine)
	for _, f := range games.Families() {
		for _, c := range f.Commands {
			register(c.Name, c.Summary, c.Run)
		}
	}
}

// defaultEngineGame is the game madang engine plays without --game (draughts, over the Hub
// protocol): also the default game of madang match, which speaks only the Hub protocol.
func defaultEngineGame() string { return defaultHubGame(games.InOrder()) }

// defaultHubGame is the default game (games.Engine.Default) of the first of fams whose
// engine names one and that speaks the Hub protocol (games.Family.Hub; "" when none): an
// engine of another protocol (backgammon's line protocol) is never started without its
// --game.
func defaultHubGame(fams []*games.Family) string {
	for _, f := range fams {
		if f.Engine != nil && f.Engine.Default != "" && f.Hub != nil {
			return f.Engine.Default
		}
	}
	return ""
}

// runEngine: madang engine [--game ID] [flags]: the engine protocol of the game's family
// (games.Tools.Engine) on standard input and output; each protocol parses its own flags.
// Without --game it plays the default Hub game (defaultEngineGame).
func runEngine(args []string, stdout, stderr io.Writer) int {
	return runEngineOn(args, os.Stdin, stdout, stderr)
}

// runEngineOn is runEngine reading in.
func runEngineOn(args []string, in io.Reader, stdout, stderr io.Writer) int {
	var ids []string
	for _, f := range games.InOrder() {
		if f.Engine != nil {
			ids = append(ids, f.IDs()...)
		}
	}
	game := engineGame(args)
	if game == "" {
		game = defaultEngineGame()
	}
	if game == "" {
		fmt.Fprintf(stderr, "engine: want --game G (%s)\n", strings.Join(ids, ", "))
		return 2
	}
	f, ok := games.Of(game)
	if !ok || f.Engine == nil {
		fmt.Fprintf(stderr, "engine: unknown game %q (%s)\n", game, strings.Join(ids, ", "))
		return 2
	}
	return f.Engine.Run(args, in, stdout, stderr)
}

// engineGame is the value of --game among the engine's arguments ("" when absent), read
// before the flags are parsed so that each protocol parses its own flags.
func engineGame(args []string) string {
	for i, a := range args {
		name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || name != "game" {
			continue
		}
		if hasVal {
			return val
		}
		if i+1 < len(args) {
			return args[i+1]
		}
	}
	return ""
}

// egdbFlag is the --egdb flag of the commands that search: the folder of the endgame
// tables (madang egdb) of the families that have them (games.Tools.Tables).
func egdbFlag(fs *flag.FlagSet) *string {
	var ids []string
	for _, f := range games.InOrder() {
		if f.Tables != nil {
			ids = append(ids, f.IDs()...)
		}
	}
	return fs.String("egdb", "", "folder of "+strings.Join(ids, "/")+" endgame tables (madang egdb) for the search to probe")
}

// loadEgdb loads every family's endgame tables found in dir (none when dir is empty) for
// their searches; a dir without any table is an error.
func loadEgdb(dir string, stderr io.Writer) error {
	if dir == "" {
		return nil
	}
	n := 0
	for _, f := range games.Families() {
		if f.Tables == nil {
			continue
		}
		k, err := f.Tables(dir)
		if err != nil {
			return err
		}
		n += k
	}
	if n == 0 {
		return fmt.Errorf("no endgame tables in %s", dir)
	}
	fmt.Fprintf(stderr, "egdb: %d tables from %s\n", n, dir)
	return nil
}
