package train

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"flag"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"madang/ai/draughts"
)

// The shipped weights (ai/draughts/weights) are what `make train-eval` makes, byte for
// byte, only while the code plays the recipe's self-play games as it did when the files
// were made: a change to the rules' move order, the search or an evaluation changes the
// games and so the weights, silently (checkers.bin went that way between 2026-11-30 and
// 2026-12-07). testdata/selfplay.pin holds a digest of the first games of each recipe's
// self-play, written by the recipe itself (the last step of `make train-eval` runs this
// test with -update), and TestRecipeSelfplayPinned replays them.
var updatePin = flag.Bool("update", false, "rewrite testdata/selfplay.pin from today's code (make train-eval's last step)")

const pinFile = "testdata/selfplay.pin"

// pinGames are the games of each pinned self-play: a few seconds for all four.
const pinGames = 16

// pinned are the self-plays a shipped file's recipe runs: each variant's first generation
// (the hand-made evaluation) and a later one (played with the shipped weights at the
// variant's mix, as draughts' last generation plays with the one before).
func pinned() []struct {
	name string
	v    *draughts.Variant
	cfg  Config
} {
	type entry = struct {
		name string
		v    *draughts.Variant
		cfg  Config
	}
	var out []entry
	for _, v := range []*draughts.Variant{draughts.Checkers, draughts.Draughts} {
		cfg := Defaults[v.ID]
		cfg.Games, cfg.Workers = pinGames, 1
		out = append(out, entry{v.ID + "/hand-made", v, cfg})
		cfg.PlayWeights, cfg.PlayMix = v.Trained(), v.Mix()
		out = append(out, entry{v.ID + "/shipped-weights", v, cfg})
	}
	return out
}

// digest is the SHA-256 of every sample's features, label, search score and game, in
// order, as little-endian fixed-size fields.
func digest(samples []Sample) string {
	h := sha256.New()
	var b []byte
	for i := range samples {
		s := &samples[i]
		b = b[:0]
		b = binary.LittleEndian.AppendUint64(b, uint64(s.F.Windows))
		b = binary.LittleEndian.AppendUint64(b, uint64(s.F.Per))
		for _, x := range s.F.A {
			b = binary.LittleEndian.AppendUint32(b, uint32(x))
		}
		for _, x := range s.F.B {
			b = binary.LittleEndian.AppendUint32(b, uint32(x))
		}
		for _, x := range s.F.Scalars {
			b = binary.LittleEndian.AppendUint32(b, uint32(x))
		}
		b = binary.LittleEndian.AppendUint32(b, uint32(s.F.EndNum))
		b = binary.LittleEndian.AppendUint32(b, uint32(s.F.EndDen))
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(s.Label))
		b = binary.LittleEndian.AppendUint64(b, uint64(s.Score))
		b = binary.LittleEndian.AppendUint64(b, uint64(s.Game))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))
}

func readPin(t *testing.T) map[string]string {
	f, err := os.Open(pinFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		if len(fields) != 3 {
			t.Fatalf("%s: bad line %q (want: name samples sha256)", pinFile, line)
		}
		want[fields[0]] = fields[1] + " " + fields[2]
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return want
}

func TestRecipeSelfplayPinned(t *testing.T) {
	if testing.Short() && !*updatePin {
		t.Skip("plays 64 games")
	}
	var lines []string
	got := map[string]string{}
	for _, p := range pinned() {
		if strings.HasSuffix(p.name, "/shipped-weights") && p.cfg.PlayWeights == nil {
			t.Fatalf("%s: the variant has no shipped weights", p.name)
		}
		samples, err := Selfplay(p.v, p.cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		got[p.name] = fmt.Sprintf("%d %s", len(samples), digest(samples))
		lines = append(lines, p.name+" "+got[p.name])
	}
	if *updatePin {
		head := fmt.Sprintf("# The first %d self-play games of each shipped weights file's recipe (train.Defaults):\n"+
			"# name, samples, SHA-256 of the samples. Written by `make train-eval` (go test\n"+
			"# ./ai/draughts/train -run TestRecipeSelfplayPinned -args -update) with the files it made.\n", pinGames)
		if err := os.WriteFile(pinFile, []byte(head+strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want := readPin(t)
	for _, p := range pinned() {
		if want[p.name] != got[p.name] {
			t.Errorf("%s: self-play gives %q, the recipe's run gave %q: the code no longer plays the games that made ai/draughts/weights/%s.bin, so `make train-eval` would not remake it; remake the weights (make train-eval, which rewrites %s) and check them against the shipped ones in a match",
				p.name, got[p.name], want[p.name], p.v.ID, pinFile)
		}
	}
	if len(want) != len(got) {
		t.Errorf("%s has %d entries, want %d", pinFile, len(want), len(got))
	}
}
