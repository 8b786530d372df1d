package train

import (
	"errors"
	"reflect"
	"testing"

	"madang/ai/draughts"
)

// small is a configuration a test can play in a second: checkers at 2 plies.
func small(games int) Config {
	c := Defaults["checkers"]
	c.Games, c.Depth, c.MaxPlies, c.Workers = games, 2, 120, 1
	return c
}

func TestSelfplaySameForAnyWorkerCount(t *testing.T) {
	one, err := Selfplay(draughts.Checkers, small(6), nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg := small(6)
	cfg.Workers = 3
	three, err := Selfplay(draughts.Checkers, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(one) == 0 || !reflect.DeepEqual(one, three) {
		t.Fatalf("1 worker gave %d samples, 3 workers %d, or they differ", len(one), len(three))
	}
}

// A later generation plays with the given weights: its games are not the hand-made
// evaluation's, and the same weights and mix play the same games again.
func TestSelfplayWithPlayWeights(t *testing.T) {
	classic, err := Selfplay(draughts.Checkers, small(6), nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg := small(6)
	cfg.PlayWeights = draughts.Checkers.Trained()
	cfg.PlayMix = draughts.MixUnit
	if cfg.PlayWeights == nil {
		t.Fatal("checkers has no shipped weights")
	}
	learned, err := Selfplay(draughts.Checkers, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	again, err := Selfplay(draughts.Checkers, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if reflect.DeepEqual(classic, learned) {
		t.Fatal("self-play with the learned weights played the hand-made evaluation's games")
	}
	if !reflect.DeepEqual(learned, again) {
		t.Fatal("the same weights and seed played different games")
	}
}

func TestConfigRefused(t *testing.T) {
	for name, edit := range map[string]func(*Config){
		"mix above unit": func(c *Config) { c.PlayWeights = draughts.Checkers.Trained(); c.PlayMix = draughts.MixUnit + 1 },
		"negative mix":   func(c *Config) { c.PlayWeights = draughts.Checkers.Trained(); c.PlayMix = -1 },
		"no games":       func(c *Config) { c.Games = 0 },
		"three phases":   func(c *Config) { c.Phases = 3 },
		"lambda above 1": func(c *Config) { c.Lambda = 1.5 },
		"generation mix": func(c *Config) { c.GenerationMixes = []int{draughts.MixUnit + 1} },
	} {
		cfg := small(2)
		edit(&cfg)
		if _, err := Selfplay(draughts.Checkers, cfg, nil); !errors.Is(err, ErrConfig) {
			t.Errorf("%s: Selfplay gave %v, want ErrConfig", name, err)
		}
		if _, _, err := Fit(draughts.Checkers, nil, cfg); !errors.Is(err, ErrConfig) {
			t.Errorf("%s: Fit gave %v, want ErrConfig", name, err)
		}
	}
}

// The fit learns: on held-out games it predicts the results better than always answering
// the mean result, and the weights it makes load and score the start position 0
// (antisymmetric by construction).
func TestFitPredictsHeldOutGames(t *testing.T) {
	cfg := small(60)
	cfg.Validate = 5
	samples, err := Selfplay(draughts.Checkers, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	w, rep, err := Fit(draughts.Checkers, samples, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Held == 0 || rep.Train == 0 || rep.Held+rep.Train != len(samples) {
		t.Fatalf("report counts %d fitted, %d held of %d", rep.Train, rep.Held, len(samples))
	}
	if !(rep.HeldLoss < rep.BaseLoss) {
		t.Fatalf("held-out log-loss %.4f, not below the mean label's %.4f", rep.HeldLoss, rep.BaseLoss)
	}
	back, err := draughts.Checkers.UnmarshalWeights(w.Marshal())
	if err != nil {
		t.Fatal(err)
	}
	start := draughts.Checkers.Start()
	if s := back.Score(draughts.Checkers, &start); s != 0 {
		t.Fatalf("fitted weights score the start %d, want 0", s)
	}
}

// With WindowTables every window gets a table of its own (9 in checkers): the fit still
// predicts held-out games better than the mean result, the file loads with 9 tables, and
// the start scores 0.
func TestFitWindowTables(t *testing.T) {
	cfg := small(60)
	cfg.Validate = 5
	samples, err := Selfplay(draughts.Checkers, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg.WindowTables = true
	w, rep, err := Fit(draughts.Checkers, samples, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !(rep.HeldLoss < rep.BaseLoss) {
		t.Fatalf("held-out log-loss %.4f, not below the mean label's %.4f", rep.HeldLoss, rep.BaseLoss)
	}
	back, err := draughts.Checkers.UnmarshalWeights(w.Marshal())
	if err != nil {
		t.Fatal(err)
	}
	if back.Tables != draughts.Checkers.WindowTables() || back.Tables != 9 {
		t.Fatalf("%d tables, want 9", back.Tables)
	}
	start := draughts.Checkers.Start()
	if s := back.Score(draughts.Checkers, &start); s != 0 {
		t.Fatalf("fitted weights score the start %d, want 0", s)
	}
}

// GenerationMix reads the recorded mix of generations 2, 3, ... and the variant's past the
// record; the shipped draughts record says its second generation played at 192/256.
func TestGenerationMix(t *testing.T) {
	c := Config{GenerationMixes: []int{192, 200}}
	for gen, want := range map[int]int{1: 224, 2: 192, 3: 200, 4: 224} {
		if got := c.GenerationMix(gen, 224); got != want {
			t.Errorf("generation %d: mix %d, want %d", gen, got, want)
		}
	}
	if got := Defaults["draughts"].GenerationMix(2, draughts.Draughts.Mix()); got != 192 {
		t.Errorf("draughts' second generation: mix %d, want 192 (docs/measurements.md, the shipped weights)", got)
	}
}
