//go:build !js

package cli

import (
	"crypto/sha256"
	"encoding/gob"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"time"

	aidraughts "madang/ai/draughts"
	"madang/ai/draughts/train"
)

// runTrainEval: madang train-eval --game draughts|checkers [--out FILE] [--games N]
// [--depth D] [--open K] [--seed S] [--epochs E] [--workers W] [--generations G]
// [--play-weights FILE] [--play-mix M]. It plays the self-play games with the hand-made
// evaluation (or with FILE's weights), fits the learned evaluation's weights to their
// results (ai/draughts/train); each further generation plays with the weights the one
// before it fitted (at train.Config.GenerationMix, or M/256) and fits anew; it writes the last
// generation's weights file. The defaults are those of the
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
	var fit train.Config
	fs.Float64Var(&fit.Lambda, "lambda", -1, "weight of the game results in the target, 0..1 (-1: the shipped default)")
	fs.Float64Var(&fit.L2, "l2", -1, "weight decay (-1: the shipped default)")
	fs.Float64Var(&fit.Rate, "rate", -1, "AdaGrad step size (-1: the shipped default)")
	fs.Float64Var(&fit.Prior, "prior", -1, "AdaGrad prior sum of squares (-1: the shipped default)")
	phases := fs.Int("phases", 0, "pattern table sets: 1, or 2 for an opening's and an ending's (0: the shipped default)")
	workers := fs.Int("workers", 1, "self-play goroutines (the weights do not depend on it)")
	playWeights := fs.String("play-weights", "", "weights file the self-play evaluates with (a later generation; default: the hand-made evaluation)")
	playMix := fs.Int("play-mix", -1, "with --play-weights: their share of the self-play's evaluation in 1/256, the rest the hand-made one's (-1: the variant's own)")
	generations := fs.Int("generations", 0, "self-play generations: each after the first plays with the weights the one before fitted (0: the shipped default)")
	tables := fs.String("tables", "", "pattern tables: band (the windows of a band of rows share one) or window (one a window); default: the shipped one")
	fitExtra := fs.String("fit-extra", "", "comma-separated cache files of other self-plays (same game, written by --cache) whose positions join the last generation's fit")
	cache := fs.String("cache", "", "file of the self-play positions: read when it exists and was made with the same self-play settings, else written (to refit without replaying)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	v, ok := aidraughts.VariantByID(*game)
	cfg, ok2 := train.Defaults[*game]
	if !ok || !ok2 || fs.NArg() != 0 {
		fmt.Fprintln(stderr, "train-eval: --game draughts or checkers, no other arguments")
		return 2
	}
	// A value out of range is refused, not taken as the default: --games -3 used to run
	// the full default self-play.
	for _, f := range []struct {
		name     string
		val, min int
		want     string
	}{
		{"games", *games, 0, "a number of games (0: the shipped default)"},
		{"depth", *depth, 0, "plies (0: the shipped default)"},
		{"open", *open, -1, "plies (-1: the shipped default)"},
		{"epochs", *epochs, 0, "a number of passes (0: the shipped default)"},
		{"generations", *generations, 0, "a number of generations (0: the shipped default)"},
		{"workers", *workers, 1, "a number of goroutines from 1"},
		{"play-mix", *playMix, -1, fmt.Sprintf("0..%d (-1: the variant's own)", aidraughts.MixUnit)},
	} {
		if f.val < f.min || (f.name == "play-mix" && f.val > aidraughts.MixUnit) {
			fmt.Fprintf(stderr, "train-eval: --%s %d: want %s\n", f.name, f.val, f.want)
			return 2
		}
	}
	if *phases < 0 || *phases > 2 {
		fmt.Fprintf(stderr, "train-eval: --phases %d: want 1 or 2 (0: the shipped default)\n", *phases)
		return 2
	}
	for _, f := range []struct {
		name string
		val  float64
		ok   bool // within its range, -1 aside
	}{
		{"lambda", fit.Lambda, fit.Lambda >= 0 && fit.Lambda <= 1},
		{"l2", fit.L2, fit.L2 >= 0},
		{"rate", fit.Rate, fit.Rate > 0},
		{"prior", fit.Prior, fit.Prior >= 0},
	} {
		if f.val != -1 && (!f.ok || math.IsInf(f.val, 0)) { // NaN is not ok either
			want := "a number from 0"
			switch f.name {
			case "lambda":
				want = "0..1"
			case "rate":
				want = "a number above 0"
			}
			fmt.Fprintf(stderr, "train-eval: --%s %v: want %s (-1: the shipped default)\n", f.name, f.val, want)
			return 2
		}
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
	if *phases > 0 {
		cfg.Phases = *phases
	}
	switch *tables {
	case "":
	case "band":
		cfg.WindowTables = false
	case "window":
		cfg.WindowTables = true
	default:
		fmt.Fprintln(stderr, "train-eval: --tables band or window")
		return 2
	}
	var extra []train.Sample
	if *fitExtra != "" {
		for k, path := range strings.Split(*fitExtra, ",") {
			s, err := readAnyCache(path, *game)
			if err != nil {
				fmt.Fprintln(stderr, "train-eval: --fit-extra:", err)
				return 2
			}
			// Keep every cache's games apart (and their held-out tenth held out).
			for i := range s {
				s[i].Game += (k + 1) * 10_000_000
			}
			extra = append(extra, s...)
		}
	}
	cfg.Workers = *workers
	var playHash, playName string
	if *playWeights != "" {
		data, err := os.ReadFile(*playWeights)
		if err == nil {
			cfg.PlayWeights, err = v.UnmarshalWeights(data)
		}
		if err != nil {
			fmt.Fprintln(stderr, "train-eval: --play-weights:", err)
			return 2
		}
		cfg.PlayMix = v.Mix()
		if *playMix >= 0 {
			cfg.PlayMix = *playMix
		}
		playHash = fmt.Sprintf("%x", sha256.Sum256(data))
		playName = *playWeights
	}
	for _, f := range []struct{ from, to *float64 }{{&fit.Lambda, &cfg.Lambda}, {&fit.L2, &cfg.L2}, {&fit.Rate, &cfg.Rate}, {&fit.Prior, &cfg.Prior}} {
		if *f.from >= 0 {
			*f.to = *f.from
		}
	}
	gens := cfg.Generations
	if *generations > 0 {
		gens = *generations
	}
	if gens < 1 {
		gens = 1
	}
	var w *aidraughts.Weights
	for gen := 1; gen <= gens; gen++ {
		if gen > 1 {
			// The next generation plays with the weights as a file holds them (int8
			// patterns), exactly as --play-weights would read the file just written.
			data := w.Marshal()
			pw, err := v.UnmarshalWeights(data)
			if err != nil {
				fmt.Fprintln(stderr, "train-eval:", err)
				return 1
			}
			cfg.PlayWeights, cfg.PlayMix = pw, cfg.GenerationMix(gen, v.Mix())
			if *playMix >= 0 {
				cfg.PlayMix = *playMix
			}
			playHash = fmt.Sprintf("%x", sha256.Sum256(data))
			playName = fmt.Sprintf("generation %d's weights", gen-1)
		}
		var code int
		var more []train.Sample
		if gen == gens {
			more = extra
		}
		w, code = trainGeneration(v, *game, cfg, playHash, playName, cacheName(*cache, gen), gens, gen, more, stdout, stderr)
		if code != 0 {
			return code
		}
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

// trainGeneration plays one generation's self-play (or reads it from cache) and fits its
// weights, reporting to stdout; a non-zero code is the command's exit status.
// extra are positions of other self-plays that join the fit.
func trainGeneration(v *aidraughts.Variant, game string, cfg train.Config, playHash, playName, cache string, gens, gen int, extra []train.Sample, stdout, stderr io.Writer) (*aidraughts.Weights, int) {
	start := time.Now()
	samples, ok := readCache(cache, game, cfg, playHash)
	if !ok {
		var err error
		samples, err = train.Selfplay(v, cfg, func(done int) {
			if done%100 == 0 || done == cfg.Games {
				fmt.Fprintf(stderr, "train-eval: generation %d/%d: %d/%d games, %s\n", gen, gens, done, cfg.Games, time.Since(start).Round(time.Second))
			}
		})
		if err != nil {
			fmt.Fprintln(stderr, "train-eval:", err)
			return nil, 2
		}
		if cache != "" {
			if err := writeCache(cache, game, cfg, playHash, samples); err != nil {
				fmt.Fprintln(stderr, "train-eval:", err)
				return nil, 1
			}
		}
	}
	played := time.Since(start)
	own := len(samples)
	if len(extra) > 0 {
		samples = append(samples[:len(samples):len(samples)], extra...)
	}
	w, rep, err := train.Fit(v, samples, cfg)
	if err != nil {
		fmt.Fprintln(stderr, "train-eval:", err)
		return nil, 1
	}
	player := "the hand-made evaluation"
	if cfg.PlayWeights != nil {
		player = fmt.Sprintf("%s at mix %d/256", playName, cfg.PlayMix)
	}
	layout := "band"
	if cfg.WindowTables {
		layout = "window"
	}
	fmt.Fprintf(stdout, "train-eval %s generation %d/%d: %d games (depth %d, %d random opening plies, seed %d, %s), %d positions (and %d of other self-plays); self-play %s, fit %s (%d epochs, %d phases, %s tables)\n",
		game, gen, gens, cfg.Games, cfg.Depth, cfg.Open, cfg.Seed, player, own, len(samples)-own, played.Round(time.Second), (time.Since(start) - played).Round(time.Second), cfg.Epochs, cfg.Phases, layout)
	fmt.Fprintf(stdout, "fit: %d positions, log-loss %.4f; held out %d positions, log-loss %.4f (mean-label baseline %.4f, the self-play search's scores %.4f at %.0f centi-men per logit)\n",
		rep.Train, rep.TrainLoss, rep.Held, rep.HeldLoss, rep.BaseLoss, rep.SearchLoss, rep.ScoreScale)
	for k, name := range aidraughts.ScalarNames {
		fmt.Fprintf(stdout, "  %-16s %8.4f logit\n", name, float64(w.Scalar[k])/2048)
	}
	return w, 0
}

// cacheName is generation gen's cache file: path itself for the first, path.genN after.
func cacheName(path string, gen int) string {
	if path == "" || gen == 1 {
		return path
	}
	return fmt.Sprintf("%s.gen%d", path, gen)
}

// cacheHeader identifies the self-play a cache file holds.
type cacheHeader struct {
	Game                                     string
	Games, Depth, Open, MaxPlies, Adjudicate int
	Seed                                     uint64
	PlayHash                                 string // sha256 of the self-play's weights file ("": hand-made)
	PlayMix                                  int
}

func headerOf(game string, c train.Config, playHash string) cacheHeader {
	return cacheHeader{game, c.Games, c.Depth, c.Open, c.MaxPlies, c.Adjudicate, c.Seed, playHash, c.PlayMix}
}

// readCache reads the self-play positions of path when it holds those of cfg.
func readCache(path, game string, cfg train.Config, playHash string) ([]train.Sample, bool) {
	if path == "" {
		return nil, false
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	dec := gob.NewDecoder(f)
	var h cacheHeader
	var samples []train.Sample
	if dec.Decode(&h) != nil || h != headerOf(game, cfg, playHash) || dec.Decode(&samples) != nil {
		return nil, false
	}
	return samples, true
}

// readAnyCache reads the positions of a cache file of game whatever self-play made them.
// Errors: the file cannot be read, is not a cache, or holds another game's positions.
func readAnyCache(path, game string) ([]train.Sample, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	dec := gob.NewDecoder(f)
	var h cacheHeader
	var samples []train.Sample
	if err := dec.Decode(&h); err != nil {
		return nil, fmt.Errorf("%s: not a train-eval cache: %w", path, err)
	}
	if h.Game != game {
		return nil, fmt.Errorf("%s: positions of %s, not %s", path, h.Game, game)
	}
	if err := dec.Decode(&samples); err != nil {
		return nil, fmt.Errorf("%s: not a train-eval cache: %w", path, err)
	}
	return samples, nil
}

func writeCache(path, game string, cfg train.Config, playHash string, samples []train.Sample) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	enc := gob.NewEncoder(f)
	if err := enc.Encode(headerOf(game, cfg, playHash)); err != nil {
		f.Close()
		return err
	}
	if err := enc.Encode(samples); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
