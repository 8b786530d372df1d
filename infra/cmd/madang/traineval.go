package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	aidraughts "madang/ai/draughts"
	"madang/ai/draughts/train"
)

func init() {
	register("train-eval", "train the learned checkers/draughts evaluation from seeded self-play (--game checkers|draughts --out FILE)", runTrainEval)
}

// runTrainEval: madang train-eval --game draughts|checkers [--out FILE] [--games N]
// [--depth D] [--open K] [--seed S] [--epochs E] [--workers W]. It plays the self-play
// games with the hand-made evaluation, fits the learned evaluation's weights to their
// results (ai/draughts/train) and writes the weights file. The defaults are those of the
// shipped weights (train.Defaults), so `madang train-eval --game draughts --out
// ai/draughts/weights/draughts.bin` remakes the committed file byte for byte. Progress and
// the fit's figures go to stderr.
func runTrainEval(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("train-eval", flag.ContinueOnError)
	fs.SetOutput(stderr)
	game := fs.String("game", "draughts", "draughts or checkers")
	out := fs.String("out", "", "weights file to write (default: only report the fit)")
	games := fs.Int("games", 0, "self-play games (0: the shipped default)")
	depth := fs.Int("depth", 0, "search depth of a self-play move (0: the shipped default)")
	open := fs.Int("open", -1, "random opening plies (-1: the shipped default)")
	seed := fs.Uint64("seed", 0, "seed (0: the shipped default)")
	epochs := fs.Int("epochs", 0, "passes of the fit (0: the shipped default)")
	workers := fs.Int("workers", 1, "self-play goroutines (the weights do not depend on it)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	v, ok := aidraughts.VariantByID(*game)
	cfg, ok2 := train.Defaults[*game]
	if !ok || !ok2 || fs.NArg() != 0 {
		fmt.Fprintln(stderr, "train-eval: --game draughts or checkers, no other arguments")
		return 2
	}
	if *games > 0 {
		cfg.Games = *games
	}
	if *depth > 0 {
		cfg.Depth = *depth
	}
	if *open >= 0 {
		cfg.Open = *open
	}
	if *seed > 0 {
		cfg.Seed = *seed
	}
	if *epochs > 0 {
		cfg.Epochs = *epochs
	}
	cfg.Workers = *workers
	start := time.Now()
	samples, err := train.Selfplay(v, cfg, func(done int) {
		if done%100 == 0 || done == cfg.Games {
			fmt.Fprintf(stderr, "train-eval: %d/%d games, %s\n", done, cfg.Games, time.Since(start).Round(time.Second))
		}
	})
	if err != nil {
		fmt.Fprintln(stderr, "train-eval:", err)
		return 2
	}
	played := time.Since(start)
	w, rep, err := train.Fit(v, samples, cfg)
	if err != nil {
		fmt.Fprintln(stderr, "train-eval:", err)
		return 1
	}
	fmt.Fprintf(stdout, "train-eval %s: %d games (depth %d, %d random opening plies, seed %d), %d positions; self-play %s, fit %s (%d epochs)\n",
		*game, cfg.Games, cfg.Depth, cfg.Open, cfg.Seed, len(samples), played.Round(time.Second), (time.Since(start) - played).Round(time.Second), cfg.Epochs)
	fmt.Fprintf(stdout, "fit: %d positions, log-loss %.4f; held out %d positions, log-loss %.4f (mean-label baseline %.4f)\n",
		rep.Train, rep.TrainLoss, rep.Held, rep.HeldLoss, rep.BaseLoss)
	for k, name := range aidraughts.ScalarNames {
		fmt.Fprintf(stdout, "  %-16s %8.4f logit\n", name, float64(w.Scalar[k])/2048)
	}
	if *out != "" {
		if err := os.WriteFile(*out, w.Marshal(), 0o644); err != nil {
			fmt.Fprintln(stderr, "train-eval:", err)
			return 1
		}
		fmt.Fprintln(stdout, "wrote", *out)
	}
	return 0
}
