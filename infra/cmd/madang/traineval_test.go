package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	aidraughts "madang/ai/draughts"
)

// --generations 2 is generation 1 written to a file, then a self-play with that file as
// --play-weights: the same weights byte for byte, and a second run with the cache replays
// nothing and writes them again.
func TestTrainEvalGenerations(t *testing.T) {
	dir := t.TempDir()
	small := []string{"train-eval", "--game", "checkers", "--games", "12", "--depth", "2"}
	file := func(name string) []byte {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	cache := filepath.Join(dir, "pos.cache")
	steps := [][]string{
		{"--out", filepath.Join(dir, "g1.bin")},
		{"--play-weights", filepath.Join(dir, "g1.bin"), "--out", filepath.Join(dir, "g2-file.bin")},
		{"--generations", "2", "--cache", cache, "--out", filepath.Join(dir, "g2.bin")},
	}
	for _, s := range steps {
		if code, _, errs := run(t, append(append([]string{}, small...), s...)...); code != 0 {
			t.Fatalf("%v: exit %d, %s", s, code, errs)
		}
	}
	if !bytes.Equal(file("g2.bin"), file("g2-file.bin")) {
		t.Fatal("--generations 2 differs from generation 1's file played by --play-weights")
	}
	if bytes.Equal(file("g1.bin"), file("g2.bin")) {
		t.Fatal("generation 2 wrote generation 1's weights")
	}
	for _, c := range []string{cache, cache + ".gen2"} {
		if _, err := os.Stat(c); err != nil {
			t.Fatalf("cache of a generation: %v", err)
		}
	}
	code, _, errs := run(t, append(append([]string{}, small...), "--generations", "2", "--cache", cache, "--out", filepath.Join(dir, "again.bin"))...)
	if code != 0 || !bytes.Equal(file("again.bin"), file("g2.bin")) || bytes.Contains([]byte(errs), []byte("games,")) {
		t.Fatalf("from the cache: exit %d, same weights %v, progress %q", code, bytes.Equal(file("again.bin"), file("g2.bin")), errs)
	}
	if code, _, _ := run(t, append(append([]string{}, small...), "--play-weights", filepath.Join(dir, "missing.bin"))...); code != 2 {
		t.Fatalf("a missing --play-weights file: exit %d, want 2", code)
	}
}

// A generation after the first plays at the mix train.Defaults records for it, not at the
// variant's mix of today: draughts' --generations 2 is generation 1's file played by
// --play-weights at --play-mix 192, and differs from it played at the variant's 224.
func TestTrainEvalGenerationMix(t *testing.T) {
	dir := t.TempDir()
	small := []string{"train-eval", "--game", "draughts", "--games", "8", "--depth", "2", "--epochs", "1"}
	out := func(args ...string) []byte {
		t.Helper()
		name := filepath.Join(dir, "w.bin")
		if code, _, errs := run(t, append(append(append([]string{}, small...), args...), "--out", name)...); code != 0 {
			t.Fatalf("%v: exit %d, %s", args, code, errs)
		}
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	g1 := filepath.Join(dir, "g1.bin")
	if err := os.WriteFile(g1, out("--generations", "1"), 0o644); err != nil {
		t.Fatal(err)
	}
	two := out() // the shipped default: two generations
	if !bytes.Equal(two, out("--generations", "1", "--play-weights", g1, "--play-mix", "192")) {
		t.Fatal("--generations 2 is not generation 1's file played at the recorded mix 192")
	}
	if bytes.Equal(two, out("--generations", "1", "--play-weights", g1, "--play-mix", "224")) {
		t.Fatal("the mix of the second generation's self-play changes nothing: the test cannot tell")
	}
}

// --fit-extra joins another self-play's cached positions to the fit (the weights change
// and the report counts them), --tables window writes a table a window (9 in checkers);
// a file that is not a cache, another game's cache and an unknown layout are refused.
func TestTrainEvalFitExtraAndTables(t *testing.T) {
	dir := t.TempDir()
	small := []string{"train-eval", "--game", "checkers", "--games", "12", "--depth", "2"}
	p := func(name string) string { return filepath.Join(dir, name) }
	arg := func(a ...string) []string { return append(append([]string{}, small...), a...) }
	if code, _, errs := run(t, arg("--seed", "3", "--cache", p("other.cache"), "--out", p("other.bin"))...); code != 0 {
		t.Fatalf("exit %d, %s", code, errs)
	}
	if code, _, errs := run(t, arg("--out", p("own.bin"))...); code != 0 {
		t.Fatalf("exit %d, %s", code, errs)
	}
	code, out, errs := run(t, arg("--fit-extra", p("other.cache"), "--out", p("both.bin"))...)
	if code != 0 || !bytes.Contains([]byte(out), []byte(" of other self-plays)")) || bytes.Contains([]byte(out), []byte("(and 0 of other")) {
		t.Fatalf("--fit-extra: exit %d, %s%s", code, out, errs)
	}
	own, _ := os.ReadFile(p("own.bin"))
	both, _ := os.ReadFile(p("both.bin"))
	if bytes.Equal(own, both) {
		t.Fatal("--fit-extra fitted the same weights as without")
	}
	if code, _, errs := run(t, arg("--tables", "window", "--out", p("window.bin"))...); code != 0 {
		t.Fatalf("--tables window: exit %d, %s", code, errs)
	}
	data, _ := os.ReadFile(p("window.bin"))
	w, err := aidraughts.Checkers.UnmarshalWeights(data)
	if err != nil || w.Tables != 9 {
		t.Fatalf("--tables window: %v, tables %v", err, w)
	}
	if err := os.WriteFile(p("junk"), []byte("not a cache"), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, a := range map[string][]string{
		"not a cache": {"--fit-extra", p("junk")},
		"missing":     {"--fit-extra", p("missing.cache")},
		"other game":  {"--game", "draughts", "--fit-extra", p("other.cache")},
		"layout":      {"--tables", "diagonal"},
	} {
		if code, _, _ := run(t, arg(a...)...); code != 2 {
			t.Errorf("%s: exit %d, want 2", name, code)
		}
	}
}

// A value out of a flag's range is refused with exit 2 and the flag's name, before any
// self-play: --games -3 used to run the full default self-play (a negative value was
// taken as 0, "the shipped default").
func TestTrainEvalRefusesBadFlags(t *testing.T) {
	for _, bad := range [][]string{
		{"--games", "-3"}, {"--depth", "-1"}, {"--epochs", "-2"}, {"--generations", "-1"},
		{"--phases", "-1"}, {"--phases", "3"}, {"--open", "-2"}, {"--workers", "0"}, {"--workers", "-4"},
		{"--play-mix", "-2"}, {"--play-mix", "257"}, {"--lambda", "-0.5"}, {"--lambda", "2"},
		{"--l2", "-3"}, {"--rate", "0"}, {"--rate", "NaN"}, {"--prior", "-2"}, {"--prior", "+Inf"},
	} {
		start := time.Now()
		code, out, errs := run(t, append([]string{"train-eval", "--game", "checkers"}, bad...)...)
		if code != 2 || out != "" || !strings.Contains(errs, "train-eval: "+bad[0]+" ") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q: want exit 2 naming the flag", bad, code, out, errs)
		}
		if el := time.Since(start); el > time.Second {
			t.Fatalf("%v: refused after %v: a self-play ran first", bad, el)
		}
	}
}
