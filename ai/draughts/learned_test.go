package draughts

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"madang/ai"
	"madang/rules"
	rd "madang/rules/draughts"
)

// flip turns p half round (square k to n+1-k) and swaps the seats, side to move too.
func flip(t *testing.T, v *Variant, p rd.Position) rd.Position {
	t.Helper()
	n := v.Squares()
	var parts [2][]string
	for sq := 1; sq <= n; sq++ {
		seat, king, ok := p.Piece(rd.Square(sq))
		if !ok {
			continue
		}
		s := strconv.Itoa(n + 1 - sq)
		if king {
			s = "K" + s
		}
		parts[seat^1] = append(parts[seat^1], s)
	}
	// Seat 0 is the first colour of the ruleset.
	first, second := string(v.R.FirstColour), string('W'+'B'-v.R.FirstColour)
	side := first
	if p.Side() == 0 {
		side = second
	}
	fen := side + ":" + first + strings.Join(parts[0], ",") + ":" + second + strings.Join(parts[1], ",")
	q, err := rd.ParseFEN(v.R, fen)
	if err != nil {
		t.Fatalf("flip %s: %v", fen, err)
	}
	return q
}

// randomWeights gives v weights of one phase with every table entry random, so that a
// wrong index shows.
func randomWeights(t *testing.T, v *Variant) *Weights { return randomPhased(t, v, 1) }

// randomPhased is randomWeights with phases sets of pattern tables.
func randomPhased(t *testing.T, v *Variant, phases int) *Weights {
	return randomTables(t, v, phases, v.PatternTables())
}

// randomTables is randomPhased with tables pattern tables a phase (v.PatternTables() or
// v.WindowTables()).
func randomTables(t *testing.T, v *Variant, phases, tables int) *Weights {
	t.Helper()
	rng := rand.New(rand.NewPCG(7, uint64(phases*100+tables)))
	pat := make([]float64, phases*tables*Patterns)
	for i := range pat {
		pat[i] = rng.Float64() - 0.5
	}
	scal := make([]float64, NumScalars)
	for i := range scal {
		scal[i] = rng.Float64()
	}
	w, err := v.NewWeights(pat, scal, tables)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// tableCases are the table layouts the learned evaluation's tests run over: each ruleset
// with one and two phases, tables shared by a band of rows or one per window.
func tableCases() []tableCase {
	var cs []tableCase
	for _, v := range []*Variant{Checkers, Draughts} {
		for _, phases := range []int{1, 2} {
			for _, tables := range []int{v.PatternTables(), v.WindowTables()} {
				cs = append(cs, tableCase{v, phases, tables})
			}
		}
	}
	return cs
}

type tableCase struct {
	v              *Variant
	phases, tables int
}

// The learned evaluation is antisymmetric: a position and its half-turned, seat-swapped
// twin score opposite from seat 0's view, i.e. the same for the side to move; the start
// position scores 0 with any weights.
func TestLearnedAntisymmetric(t *testing.T) {
	for _, c := range tableCases() {
		v := c.v
		w := randomTables(t, v, c.phases, c.tables)
		vv := v.WithWeights(w)
		start := v.Start()
		if s := w.Score(vv, &start); s != 0 {
			t.Errorf("%s: start scores %d, want 0", v.ID, s)
		}
		states := randomStates(t, v.ID, 10, 5)
		for _, st := range states {
			rs, _ := rd.AsState(st)
			p := rs.Position()
			q := flip(t, v, p)
			if a, b := w.Score(vv, &p), w.Score(vv, &q); a != -b {
				t.Fatalf("%s %s: %d, flipped %s: %d", v.ID, p.FEN(), a, q.FEN(), b)
			}
			if a, b := vv.Evaluate(&p), vv.Evaluate(&q); a != b {
				t.Fatalf("%s %s: Evaluate %d, flipped %d", v.ID, p.FEN(), a, b)
			}
		}
	}
}

// Every playable square lies in 1 to 4 windows, and each window has 8 squares with
// distinct digits: the pattern index of a full window is unique.
func TestWindows(t *testing.T) {
	for _, v := range []*Variant{Checkers, Draughts} {
		want := map[string]int{"checkers": 9, "draughts": 16}[v.ID]
		if v.pt.windows != want {
			t.Errorf("%s: %d windows, want %d", v.ID, v.pt.windows, want)
		}
		digits := make(map[[2]int32]bool)
		for b := range 64 {
			s := v.pt.slots[b]
			if v.R.SquareAt(b) == 0 {
				if len(s) != 0 {
					t.Errorf("%s: off-board bit %d in a window", v.ID, b)
				}
				continue
			}
			if len(s) < 1 || len(s) > 4 {
				t.Errorf("%s: square %d in %d windows", v.ID, v.R.SquareAt(b), len(s))
			}
			for _, x := range s {
				k := [2]int32{int32(x.w), x.a0}
				if digits[k] {
					t.Errorf("%s: window %d digit %d twice", v.ID, x.w, x.a0)
				}
				digits[k] = true
			}
		}
		if len(digits) != 8*want {
			t.Errorf("%s: %d window squares, want %d", v.ID, len(digits), 8*want)
		}
	}
}

var _ = rules.Seat(0)

// The shipped weights load for both rulesets: the variants evaluate with
// them, the start position scores near 0 (exactly 0 by the antisymmetry), and a man up is
// worth about a man.
func TestShippedWeights(t *testing.T) {
	for _, c := range []struct {
		v      *Variant
		data   []byte
		manUp  string // seat 0 to move, a man up
		manLow int
	}{
		{Checkers, shippedCheckers, "B:W21-31:B1-12", 50},
		{Draughts, shippedDraughts, "W:W31-50:B1-19", 50},
	} {
		w, err := c.v.UnmarshalWeights(c.data)
		if err != nil {
			t.Fatalf("%s: shipped weights: %v", c.v.ID, err)
		}
		if c.v.Trained() == nil || (c.v == Checkers && c.v.Weights() != c.v.Trained()) {
			t.Fatalf("%s: the shipped weights are not loaded (checkers: not used)", c.v.ID)
		}
		lv := c.v.WithWeights(c.v.Trained())
		start := c.v.Start()
		if s := lv.Evaluate(&start); abs(s) > 5 {
			t.Errorf("%s: start scores %d, want near 0", c.v.ID, s)
		}
		p, err := c.v.ParseFEN(c.manUp)
		if err != nil {
			t.Fatal(err)
		}
		if s := w.Score(lv, &p); s < c.manLow || s > 400 {
			t.Errorf("%s: a man up (%s) scores %d, want %d..400", c.v.ID, c.manUp, s, c.manLow)
		}
		if !bytes.Equal(w.Marshal(), c.data) {
			t.Errorf("%s: weights do not round-trip", c.v.ID)
		}
	}
}

// Weights of two phases (an opening's and an ending's pattern tables) round-trip through
// their file, MDEVAL3; one phase keeps the file of MDEVAL2. The two phases' sum is the
// opening's at the start (ending factor 0) and the ending's with every man gone.
func TestPhasedWeights(t *testing.T) {
	for _, c := range tableCases() {
		phases := c.phases
		w := randomTables(t, c.v, phases, c.tables)
		data := w.Marshal()
		magic := map[int]string{1: "MDEVAL2\n", 2: "MDEVAL3\n"}[phases]
		if string(data[:8]) != magic {
			t.Errorf("%d phases: magic %q, want %q", phases, data[:8], magic)
		}
		r, err := c.v.UnmarshalWeights(data)
		if err != nil {
			t.Fatalf("%s, %d phases, %d tables: %v", c.v.ID, phases, c.tables, err)
		}
		if r.Phases != phases || r.Tables != c.tables || !bytes.Equal(r.Marshal(), data) {
			t.Errorf("%s, %d phases, %d tables: read back %d phases, %d tables, same bytes %v", c.v.ID, phases, c.tables, r.Phases, r.Tables, bytes.Equal(r.Marshal(), data))
		}
	}
	w := randomPhased(t, Draughts, 2)
	f := Features{EndDen: 40}
	s := [2]int64{1000, -3000}
	if got := w.phased(&f, s); got != 1000 {
		t.Errorf("opening: %d, want 1000", got)
	}
	f.EndNum = 40
	if got := w.phased(&f, s); got != -3000 {
		t.Errorf("ending: %d, want -3000", got)
	}
	f.EndNum = 10
	if got := w.phased(&f, s); got != 0 {
		t.Errorf("a quarter of the men gone: %d, want 0", got)
	}
	bad := w.Marshal()
	bad[8+1+len("draughts")+1] = 3 // three phases
	if _, err := Draughts.UnmarshalWeights(bad); !errors.Is(err, ErrWeights) {
		t.Errorf("three phases: err %v, want ErrWeights", err)
	}
}

// A bad weights file is refused with ErrWeights, never a panic.
func TestBadWeights(t *testing.T) {
	good := Draughts.WithWeights(randomWeights(t, Draughts)).Weights().Marshal()
	for name, data := range map[string][]byte{
		"empty":         nil,
		"magic":         append([]byte("XXEVAL1\n"), good[8:]...),
		"other variant": good,
		"short":         good[:len(good)-1],
		"table count":   withTables(good, 5),
	} {
		v := Draughts
		if name == "other variant" {
			v = Checkers
		}
		if _, err := v.UnmarshalWeights(data); !errors.Is(err, ErrWeights) {
			t.Errorf("%s: err %v, want ErrWeights", name, err)
		}
	}
}

// withTables is a copy of weights file data with another table count.
func withTables(data []byte, n byte) []byte {
	d := append([]byte(nil), data...)
	d[8+1+d[8]] = n
	return d
}

// NewWeights refuses a table count the variant has no layout for.
func TestNewWeightsTables(t *testing.T) {
	scal := make([]float64, NumScalars)
	scal[0] = 1 // a man is worth something
	for _, n := range []int{4, 16} {
		if _, err := Draughts.NewWeights(make([]float64, n*Patterns), scal, n); err != nil {
			t.Errorf("%d tables: %v", n, err)
		}
	}
	for _, n := range []int{0, 5} {
		if _, err := Draughts.NewWeights(make([]float64, 5*Patterns), scal, n); !errors.Is(err, ErrWeights) {
			t.Errorf("%d tables: err %v, want ErrWeights", n, err)
		}
	}
}

// A side without pieces scores as a loss below WinScore by MaxPly, so that a search adding
// plies to a stored win score stays inside its window (a search with the learned
// evaluation crashed on it).
func TestNoPiecesScore(t *testing.T) {
	for _, v := range []*Variant{Draughts, Draughts.WithWeights(nil), Checkers} {
		p, err := v.ParseFEN("W:W" + map[string]string{"draughts": "33", "checkers": "20"}[v.ID] + ":B")
		if err != nil {
			t.Fatal(err)
		}
		if s := v.Evaluate(&p); s != WinScore-ai.MaxPly {
			t.Errorf("%s: %d, want %d", v.ID, s, WinScore-ai.MaxPly)
		}
	}
}

// The search's evaluation reads the combined tables and only the direct window indices
// (fastLogit): it scores every position exactly as Logit over both indices does.
func TestFastLogit(t *testing.T) {
	for _, c := range tableCases() {
		v := c.v
		w := randomTables(t, v, c.phases, c.tables)
		vv := v.WithWeights(w).WithMix(MixUnit)
		for _, st := range randomStates(t, v.ID, 10, 3) {
			rs, _ := rd.AsState(st)
			p := rs.Position()
			var f Features
			v.Features(&p, &f)
			if a, b := w.Score(vv, &p), vv.blendScore(w, &p); a != b {
				t.Fatalf("%s %s: Score %d, the search's %d", v.ID, p.FEN(), a, b)
			}
		}
	}
}

// The blend: mix 0 is the hand-made evaluation, MixUnit the learned one, and half of each
// lies halfway between (draughts).
func TestMix(t *testing.T) {
	for _, v := range []*Variant{Checkers, Draughts} {
		w := v.Trained()
		classic, learned := v.WithWeights(nil), v.WithWeights(w).WithMix(MixUnit)
		for _, st := range randomStates(t, v.ID, 5, 7) {
			rs, _ := rd.AsState(st)
			p := rs.Position()
			if p.Men(0)|p.Kings(0) == 0 || p.Men(1)|p.Kings(1) == 0 {
				continue
			}
			c, l := classic.Evaluate(&p), learned.Evaluate(&p)
			if got := v.WithWeights(w).WithMix(0).Evaluate(&p); got != c {
				t.Fatalf("%s %s: mix 0 scores %d, the hand-made evaluation %d", v.ID, p.FEN(), got, c)
			}
			if got := v.WithWeights(w).WithMix(MixUnit / 2).Evaluate(&p); abs(got-(c+l)/2) > 2 {
				t.Fatalf("%s %s: mix 1/2 scores %d, want about (%d+%d)/2", v.ID, p.FEN(), got, c, l)
			}
		}
	}
}
