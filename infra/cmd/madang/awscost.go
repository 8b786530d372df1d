package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"madang/infra/awscost"
)

func init() {
	register("aws-cost", "dollars per 1,000 games and per month on AWS, from make aws-e2e's report", runAWSCost)
}

func runAWSCost(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("aws-cost", flag.ContinueOnError)
	fs.SetOutput(stderr)
	report := fs.String("report", "bin/aws-e2e-report.json", "the JSON report that make aws-e2e writes")
	pace := fs.Float64("pace", 5, "seconds between plies in a room")
	rooms := fs.Float64("rooms", 100000, "concurrent rooms for the monthly figure")
	figures := fs.String("figures", "site/src/guide/ai-figures.json", "the AI figures whose intermediate self-play averages give each game's length")
	month := fs.String("month", "checkers human-vs-human,checkers vs AI intermediate,checkers vs AI advanced,backgammon human-vs-human", "report rows (labels, comma-separated) to price for a month of -rooms rooms")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *pace <= 0 || *rooms <= 0 {
		fmt.Fprintln(stderr, "aws-cost: --pace and --rooms must be positive")
		return 2
	}
	f, err := os.Open(*report)
	if err != nil {
		fmt.Fprintf(stderr, "aws-cost: %v (run make aws-e2e first)\n", err)
		return 1
	}
	defer f.Close()
	rep, err := awscost.ReadReport(f)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	plies, err := awscost.ReadPlies(*figures)
	if err != nil {
		fmt.Fprintf(stderr, "aws-cost: %v\n", err)
		return 1
	}
	var labels []string
	known := map[string]bool{}
	for _, g := range rep.Games {
		known[g.Label] = true
		if plies[g.Game] == 0 {
			fmt.Fprintf(stderr, "aws-cost: %s has no game length for %q (avgPlies)\n", *figures, g.Game)
			return 1
		}
	}
	for _, l := range strings.Split(*month, ",") {
		if l = strings.TrimSpace(l); l == "" {
			continue
		}
		if !known[l] {
			fmt.Fprintf(stderr, "aws-cost: --month: no row %q in %s\n", l, *report)
			return 2
		}
		labels = append(labels, l)
	}
	awscost.Table(stdout, rep, awscost.USEast1, awscost.Scenario{PaceSeconds: *pace, Plies: plies}, *rooms, labels)
	return 0
}
