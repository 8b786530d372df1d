// Command madang is the one CLI of the project: serve, perft, moves, replay, selfplay,
// engine, loadtest. Each subcommand lives in its own file and registers itself in init.
package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strings"

	_ "madang/games/all" // every game family: rules, engines, tool hooks
	"madang/rules"
)

// command is one subcommand: run gets the arguments after the subcommand name and returns
// the process exit status.
type command struct {
	summary string
	run     func(args []string, stdout, stderr io.Writer) int
}

var commands = map[string]command{}

func register(name, summary string, run func(args []string, stdout, stderr io.Writer) int) {
	commands[name] = command{summary: summary, run: run}
}

func main() {
	os.Exit(dispatch(os.Args[1:], os.Stdout, os.Stderr))
}

func dispatch(args []string, stdout, stderr io.Writer) int {
	// "help COMMAND" is "COMMAND -h": that command's flags
	if len(args) == 2 && args[0] == "help" {
		if _, ok := commands[args[1]]; !ok {
			fmt.Fprintf(stderr, "madang: unknown command %q\n", args[1])
			usage(stderr)
			return 2
		}
		args = []string{args[1], "-h"}
	}
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stderr)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "madang: unknown command %q\n", args[0])
		usage(stderr)
		return 2
	}
	code := c.run(args[1:], stdout, stderr)
	// a command's flags answer -h with their usage and flag.ErrHelp, which the commands
	// report as a usage error (2); asking for help is no error
	if code == 2 && slices.ContainsFunc(args[1:], func(a string) bool { return a == "-h" || a == "-help" || a == "--help" }) {
		return 0
	}
	return code
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: madang <command> [flags]")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "games (--game):", strings.Join(rules.IDs(), ", "))
	var formats []string
	for _, f := range recordFormats() {
		formats = append(formats, f.Name+" ("+strings.Join(f.Extensions, ", ")+")")
	}
	fmt.Fprintln(w, "record formats (replay):", strings.Join(formats, ", "))
}
