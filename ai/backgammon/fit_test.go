package backgammon

// The making of the shipped net (make backgammon-train, see README): positions from
// self-play (TestGenPositions), GNU Backgammon's evaluations of them (TestGnubgLabel, its
// output through its Python interface, not its code or weights), a net fitted to those
// (TestFitNet). Each step is a test skipped unless its flags are given; each writes a
// file outside the repository (the Makefile's BG_CACHE).

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"madang/rules"
	bg "madang/rules/backgammon"
)

var (
	genGames   = flag.Int("gen.games", 0, "self-play games for TestGenPositions (0 skips it)")
	genSeed    = flag.Uint64("gen.seed", 1, "seed of TestGenPositions' dice and choices")
	genNet     = flag.String("gen.net", "", "net the self-play of TestGenPositions plays with (default: the hand-made evaluation)")
	genExplore = flag.Float64("gen.explore", 0.1, "share of TestGenPositions' turns played at random")
	genOut     = flag.String("gen.out", "", "where TestGenPositions writes its Position IDs")
	genTop     = flag.Int("gen.top", 0, "write the positions after the K plays valued most instead of after two plays at random (0: two at random)")

	labelIn      = flag.String("label.in", "", "Position IDs for TestGnubgLabel (empty skips it)")
	labelOut     = flag.String("label.out", "", "where TestGnubgLabel appends its labels (a partial file is resumed)")
	labelPlies   = flag.Int("label.plies", 0, "GNU Backgammon's plies for TestGnubgLabel")
	gnubgPreload = flag.String("gnubg.preload", "", "a library to preload into gnubg (testdata/nosleep.c: without it each of gnubg's Python calls sleeps 10 ms)")

	fitIn     = flag.String("fit.in", "", "label files for TestFitNet, comma-separated (empty skips it)")
	fitHidden = flag.Int("fit.hidden", 128, "hidden units of TestFitNet's net")
	fitEpochs = flag.Int("fit.epochs", 10, "passes over the samples")
	fitSeed   = flag.Uint64("fit.seed", 1, "seed of the weights and the order")
	fitAlpha  = flag.Float64("fit.alpha", 0.02, "first learning rate")
	fitLast   = flag.Float64("fit.last", 0.1, "the last pass's learning rate as a share of the first")
	fitOut    = flag.String("fit.out", "", "where TestFitNet writes the net")
)

// TestGenPositions plays -gen.games games of self-play, each side taking the play valued
// most (by -gen.net or the hand-made evaluation) or, in -gen.explore of the turns, a play
// at random, and writes the position after the play and after up to two other legal plays
// at random (with -gen.top K: after the K plays valued most), each once, as Position IDs
// with the next player on roll, one a line.
func TestGenPositions(t *testing.T) {
	if *genGames <= 0 || *genOut == "" {
		t.Skip("positions: pass -gen.games N -gen.out FILE")
	}
	eval := Evaluate
	if *genNet != "" {
		data, err := os.ReadFile(*genNet)
		if err != nil {
			t.Fatal(err)
		}
		n, err := UnmarshalNet(data)
		if err != nil {
			t.Fatal(err)
		}
		eval = n.Equity
	}
	rng := rand.New(rand.NewPCG(*genSeed, 0x9e4))
	seen := map[bg.Key]bool{}
	var out bytes.Buffer
	emit := func(b *bg.Board, mover rules.Seat) {
		if _, over := final(b, mover); over {
			return
		}
		k := b.Key(1 - mover)
		if seen[k] {
			return
		}
		seen[k] = true
		out.WriteString(k.String())
		out.WriteByte('\n')
	}
	for g := 0; g < *genGames; g++ {
		b := bg.Start
		var d rules.Dice
		for d[0] == d[1] {
			d = rules.Dice{int8(rng.IntN(6) + 1), int8(rng.IntN(6) + 1)}
		}
		seat := rules.Seat(rng.IntN(2))
		for {
			if plays := bg.Plays(&b, seat, d); len(plays) > 0 {
				var pick bg.Move
				if rng.Float64() < *genExplore {
					pick = plays[rng.IntN(len(plays))]
				} else {
					pick = rank(&b, seat, plays, eval)[0].m
				}
				if *genTop > 0 {
					// The close decisions: the plays the evaluation itself would weigh.
					for _, c := range rank(&b, seat, plays, eval)[:min(*genTop, len(plays))] {
						emit(&c.after, seat)
					}
				} else {
					for k := 0; k < 2 && len(plays) > 1; k++ {
						a := b.After(seat, plays[rng.IntN(len(plays))])
						emit(&a, seat)
					}
				}
				b = b.After(seat, pick)
				emit(&b, seat)
			}
			if _, over := final(&b, seat); over {
				break
			}
			seat = 1 - seat
			d = rules.Dice{int8(rng.IntN(6) + 1), int8(rng.IntN(6) + 1)}
		}
	}
	if err := os.WriteFile(*genOut, out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d games: %d positions", *genGames, len(seen))
}

// gnubgLabelScript evaluates, cubeless at LABEL_PLIES, every Position ID of LABEL_IN past
// the lines LABEL_OUT already has, and appends "ID P(win) P(win gammon) P(win backgammon)
// P(lose gammon) P(lose backgammon)" for the player on roll.
const gnubgLabelScript = `
import gnubg, os, sys
src, dst, plies = os.environ['LABEL_IN'], os.environ['LABEL_OUT'], int(os.environ['LABEL_PLIES'])
gnubg.command('set threads 1')
ec = gnubg.evalcontext(0, plies, 0, 1, 0.0)
ci = gnubg.cubeinfo(1, 0, 0, 0, (0, 0), 0, 0)
done = 0
if os.path.exists(dst):
    # a run that was stopped may have left half a line: cut it, then go on after the whole ones
    with open(dst, 'rb+') as f:
        data = f.read()
        cut = data.rfind(b'\n') + 1
        if cut != len(data):
            f.truncate(cut)
        done = data.count(b'\n', 0, cut)
with open(src) as f, open(dst, 'a') as out:
    for i, line in enumerate(f):
        if i < done:
            continue
        pid = line.strip()
        r = gnubg.evaluate(gnubg.positionfromid(pid), ci, ec)
        out.write(pid + ' ' + ' '.join('%.6f' % x for x in r[:5]) + '\n')
        if i % 10000 == 0:
            out.flush()
print('LABELLED', done)
`

// TestGnubgLabel labels -label.in's positions with GNU Backgammon's evaluation at
// -label.plies, appending to -label.out (a partial file is resumed where it stopped, a half
// line at its end cut).
func TestGnubgLabel(t *testing.T) {
	if *labelIn == "" || *labelOut == "" {
		t.Skip("labels: pass -label.in FILE -label.out FILE")
	}
	if _, err := os.Stat(*gnubgBin); err != nil {
		t.Skipf("labels: %s not found", *gnubgBin)
	}
	script := filepath.Join(t.TempDir(), "label.py")
	if err := os.WriteFile(script, []byte(gnubgLabelScript), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(*gnubgBin, "-t", "-q", "-r", "-p", script)
	cmd.Env = append(os.Environ(), "LABEL_IN="+*labelIn, "LABEL_OUT="+*labelOut, "LABEL_PLIES="+strconv.Itoa(*labelPlies))
	if *gnubgPreload != "" {
		cmd.Env = append(cmd.Env, "LD_PRELOAD="+*gnubgPreload)
	}
	start := time.Now()
	if out, err := cmd.CombinedOutput(); err != nil || !bytes.Contains(out, []byte("LABELLED")) {
		t.Fatalf("gnubg: %v\n%s", err, out)
	}
	t.Logf("labelled in %s", time.Since(start).Round(time.Second))
}

// readSamples reads TestGnubgLabel's lines: the chances of the player on roll turned to
// those of the player who has just played (seat 0 of the sample's board).
func readSamples(path string) ([]Sample, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Sample
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) != 1+Outputs {
			return nil, fmt.Errorf("%s: bad line %q", path, sc.Text())
		}
		b, err := bg.ParsePositionID(fs[0], 1)
		if err != nil {
			return nil, err
		}
		var p [Outputs]float32
		for i := range p {
			v, err := strconv.ParseFloat(fs[1+i], 32)
			if err != nil {
				return nil, err
			}
			p[i] = float32(v)
		}
		out = append(out, Sample{Board: b, Target: Flip(p)})
	}
	return out, sc.Err()
}

// TestFitNet fits a new net of -fit.hidden units to the label files of -fit.in (Fit) and
// writes it to -fit.out; one sample in 50 is held out and its mean cross-entropy and
// equity error logged.
func TestFitNet(t *testing.T) {
	if *fitIn == "" {
		t.Skip("fit: pass -fit.in FILES -fit.out FILE")
	}
	var train, held []Sample
	for _, path := range strings.Split(*fitIn, ",") {
		s, err := readSamples(path)
		if err != nil {
			t.Fatal(err)
		}
		for i := range s {
			if i%50 == 49 {
				held = append(held, s[i])
			} else {
				train = append(train, s[i])
			}
		}
	}
	t.Logf("%d samples, %d held out", len(train), len(held))
	n := NewNet(*fitHidden, rand.New(rand.NewPCG(*fitSeed, 1)))
	start := time.Now()
	Fit(n, train, *fitEpochs, *fitSeed, float32(*fitAlpha), float32(*fitLast), func(e int, loss float64) {
		ce, eq := heldOut(n, held)
		t.Logf("pass %d: loss %.5f, held out %.5f, equity error %.4f (%s)", e, loss, ce, eq, time.Since(start).Round(time.Second))
	})
	if *fitOut != "" {
		if err := os.WriteFile(*fitOut, n.Marshal(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// heldOut is n's mean cross-entropy a sample and output on s, and its mean absolute
// equity error.
func heldOut(n *Net, s []Sample) (float64, float64) {
	if len(s) == 0 {
		return 0, 0
	}
	ce, eq := 0.0, 0.0
	for i := range s {
		p := n.Probabilities(&s[i].Board, 0)
		for o := range p {
			q := min(max(float64(p[o]), 1e-7), 1-1e-7)
			y := float64(s[i].Target[o])
			ce -= y*math.Log(q) + (1-y)*math.Log(1-q)
		}
		eq += math.Abs(equity(p) - equity(s[i].Target))
	}
	k := float64(len(s))
	return ce / (k * Outputs), eq / k
}
