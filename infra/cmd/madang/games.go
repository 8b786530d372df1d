package main

import (
	"flag"
	"fmt"
	"io"

	"madang/games/manifest"
)

func init() {
	register("games", "list the game families and their games; --json prints the site manifest (site/.build/games.json)", runGames)
}

// runGames prints the registered games, one a line, or with --json the site manifest
// (package games/manifest). The exit status is 1 when a family's game cannot be described,
// 2 for bad usage.
func runGames(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("games", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print the site manifest as JSON")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "games: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	m, err := manifest.Build()
	if err != nil {
		fmt.Fprintln(stderr, "games:", err)
		return 1
	}
	if !*asJSON {
		fmt.Fprint(stdout, m.Text())
		return 0
	}
	b, err := m.JSON()
	if err != nil {
		fmt.Fprintln(stderr, "games:", err)
		return 1
	}
	stdout.Write(b)
	return 0
}
