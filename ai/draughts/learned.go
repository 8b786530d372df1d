package draughts

import (
	"errors"
	"math/bits"

	"madang/rules"
	rd "madang/rules/draughts"
)

// The learned evaluation, in the manner of Scan: the board is cut into
// overlapping 4x4 regions ("windows", 8 playable squares each, every second row and
// column: 16 windows on the 10x10 board, 9 on the 8x8), and each window's men (empty,
// own man, opponent man: 3^8 = 6561 patterns) index a table of weights. Either the windows
// of one band of rows share a table (a pattern means the same a few columns to the side:
// 4 tables in draughts, 3 in checkers) or every window has its own, as in Scan 2.0 (16 and
// 9; a weights file says which by its table count). A few whole-board terms (material, tempo, runaway men, the hand-made
// evaluation, ...) are added. The score is a logit of the game
// result from seat 0's view, trained by logistic regression on self-play outcomes
// (package ai/draughts/train, `madang train-eval`).
//
// The evaluation is antisymmetric by construction: f(p) = g(p) - g(flip p), where flip
// turns the board half a turn (square k to n+1-k) and swaps the seats. So the start
// position and every position equal to its own flip score exactly 0, and one table
// serves both seats.
const (
	// WindowSquares is the number of playable squares of one window.
	WindowSquares = 8
	// Patterns is the number of men patterns of one window (3^8).
	Patterns = 6561
	// NumScalars is the number of whole-board terms (ScalarNames).
	NumScalars = 11
	// classicTerm is the index of the hand-made evaluation among the whole-board terms.
	classicTerm = 10
	// weightUnit is the fixed-point scale of the weights in memory: 1 logit = weightUnit.
	weightUnit = 2048
	// patternUnit is the scale of the pattern weights in the file (int8): 1 logit =
	// patternUnit, so a pattern weighs at most about one logit.
	patternUnit = 128
)

// ScalarNames names the whole-board terms, each seat 0's count minus seat 1's; "*e"
// terms are multiplied by the ending factor e = (start men - men on the board) / start men.
// The last, "classic", is the hand-made evaluation (classic, seat 0's view) in men: the
// fit weighs its judgement against the patterns'.
var ScalarNames = [NumScalars]string{
	"men", "kings", "men*e", "kings*e", "tempo", "tempo*e",
	"runaway", "king-vs-no-king", "back-row", "free-steps", "classic",
}

// windowSlot is one window a square belongs to: the window and the digit values a man of
// seat 0 / seat 1 on the square adds to its direct index (a) and to its flipped index (b).
type windowSlot struct {
	w      uint8
	a0, a1 int32 // added to the direct index by a man of seat 0, of seat 1
	b0, b1 int32 // added to the flipped index
}

// patternTables are the window geometry of one board size.
type patternTables struct {
	windows int
	per     int              // windows per band (and bands: the windows form a per x per grid)
	slots   [64][]windowSlot // by layout bit
	// direct[seat][bit] are slots' windows and direct-index digits of a man of the seat.
	direct [2][64][]directSlot
}

// directSlot is a window a man's square belongs to and what the man adds to its direct
// index.
type directSlot struct {
	w   int32
	add int32
}

var pow3 = [WindowSquares]int32{1, 3, 9, 27, 81, 243, 729, 2187}

// newPatternTables cuts the board of v into its windows: rows and columns 0, 2, ... size-4
// of the diagram; a window's squares in diagram order (row, then column), so that the half
// turn maps the i-th square of window w to the (7-i)-th square of window windows-1-w.
func newPatternTables(v *Variant) *patternTables {
	t := v.ev
	size := v.Size
	per := (size-4)/2 + 1
	pt := &patternTables{windows: per * per, per: per}
	for wr := 0; wr < per; wr++ {
		for wc := 0; wc < per; wc++ {
			w := wr*per + wc
			i := 0
			for sq := rd.Square(1); int(sq) <= v.R.Squares(); sq++ {
				b := lowBit(v.R.Bit(sq))
				r, c := t.row[b], t.col[b]
				if r < 2*wr || r >= 2*wr+4 || c < 2*wc || c >= 2*wc+4 {
					continue
				}
				// Squares ascend in diagram order, so i counts (row, column) order.
				pt.slots[b] = append(pt.slots[b], windowSlot{
					w:  uint8(w),
					a0: pow3[i], a1: 2 * pow3[i],
					b0: 2 * pow3[WindowSquares-1-i], b1: pow3[WindowSquares-1-i],
				})
				pt.direct[0][b] = append(pt.direct[0][b], directSlot{int32(w), pow3[i]})
				pt.direct[1][b] = append(pt.direct[1][b], directSlot{int32(w), 2 * pow3[i]})
				i++
			}
			if i != WindowSquares {
				panic("draughts: window without 8 squares")
			}
		}
	}
	return pt
}

// Features are the inputs of the learned evaluation for one position: per window the
// direct pattern index A (seat 0 as "own") and the flipped index B (seat 1 as "own", the
// board turned), and the whole-board terms. Eval-free: trainers read it.
type Features struct {
	Windows int
	Per     int // windows per band: window i uses table i/Per
	A, B    [16]int32
	// Scalars holds each term's seat 0 minus seat 1 value before the ending factor.
	Scalars [NumScalars]int32
	// EndNum/EndDen is the ending factor e.
	EndNum, EndDen int32
}

// Value is the value of scalar term k with the ending factor applied where it belongs.
func (f *Features) Value(k int) float64 {
	v := float64(f.Scalars[k])
	switch k {
	case 2, 3, 5:
		v = v * float64(f.EndNum) / float64(f.EndDen)
	case classicTerm:
		v /= manValue
	}
	return v
}

// PatternTables is the number of pattern tables of v's learned evaluation when the
// windows of a band of rows share one (4 in draughts, 3 in checkers).
func (v *Variant) PatternTables() int { return v.pt.per }

// WindowTables is the number of pattern tables of v's learned evaluation when every window
// has its own (16 in draughts, 9 in checkers): a pattern may then mean something else at
// the side of the board than in its middle, as in Scan 2.0's evaluation.
func (v *Variant) WindowTables() int { return v.pt.windows }

// TableOf is the table window i (0 .. windows-1) reads among tables tables (PatternTables
// or WindowTables); its flipped twin reads table tables-1-TableOf(i).
func (v *Variant) TableOf(i, tables int) int {
	if tables == v.pt.windows {
		return i
	}
	return i / v.pt.per
}

// Features computes the inputs of the learned evaluation of p (the side to move plays no
// part: the evaluation is from seat 0's view).
func (v *Variant) Features(p *rd.Position, f *Features) { v.features(p, f, true) }

// features is Features; without flipped it leaves f.B zero (fastLogit does not read it).
func (v *Variant) features(p *rd.Position, f *Features, flipped bool) {
	t := v.ev
	pt := v.pt
	f.Windows, f.Per = pt.windows, pt.per
	f.A = [16]int32{}
	f.B = [16]int32{}
	f.Scalars = [NumScalars]int32{}
	var menB, kingsB [2]uint64
	var men [2]int32
	for c := rules.Seat(0); c < 2; c++ {
		menB[c], kingsB[c] = p.Men(c), p.Kings(c)
		men[c] = int32(bits.OnesCount64(menB[c]))
	}
	occ := menB[0] | menB[1] | kingsB[0] | kingsB[1]
	f.EndDen = int32(t.startMen)
	f.EndNum = max(0, int32(t.startMen)-men[0]-men[1])
	for c := rules.Seat(0); c < 2; c++ {
		sign := int32(1)
		if c == 1 {
			sign = -1
		}
		kings := int32(bits.OnesCount64(kingsB[c]))
		oppPieces := menB[c^1] | kingsB[c^1]
		oppHasKing := kingsB[c^1] != 0
		var tempo, runaway, back, free int32
		for b := menB[c]; b != 0; b &= b - 1 {
			sq := bits.TrailingZeros64(b)
			switch {
			case !flipped:
				for _, s := range pt.direct[c][sq] {
					f.A[s.w] += s.add
				}
			case c == 0:
				for _, s := range pt.slots[sq] {
					f.A[s.w] += s.a0
					f.B[s.w] += s.b0
				}
			default:
				for _, s := range pt.slots[sq] {
					f.A[s.w] += s.a1
					f.B[s.w] += s.b1
				}
			}
			a := int32(t.adv[c][sq])
			tempo += a
			if a == 0 {
				back++
			}
			if !oppHasKing && t.cone[c][sq]&oppPieces == 0 {
				runaway++
			}
			free += int32(bits.OnesCount64(t.fwd[c][sq] &^ occ))
		}
		kvn := int32(0)
		if !oppHasKing {
			kvn = kings
		}
		vals := [NumScalars]int32{men[c], kings, men[c], kings, tempo, tempo, runaway, kvn, back, free, 0}
		for k := range vals {
			f.Scalars[k] += sign * vals[k]
		}
	}
	var mi, ki [2]int
	for c := range 2 {
		mi[c], ki[c] = int(men[c]), bits.OnesCount64(kingsB[c])
	}
	me := p.Side()
	if mi[0]+ki[0] > 0 && mi[1]+ki[1] > 0 {
		mat := (mi[me]-mi[me^1])*manValue + (ki[me]-ki[me^1])*t.kingValue
		c := v.classic(p, mi, ki, menB, kingsB, mat)
		if me == 1 {
			c = -c
		}
		f.Scalars[classicTerm] = int32(c)
	}
}

// Weights are the trained tables of one variant: Pattern[(ph*Tables+t)*Patterns+index]
// for phase ph and table t (a band of windows, or one window: Variant.TableOf) and
// Scalar[k], in units of 1/2048 logit.
// With two phases the pattern sum is the opening's (phase 0) and the ending's (phase 1)
// weighed by the ending factor e: (1-e) of the first plus e of the second.
type Weights struct {
	Variant string
	Tables  int
	Phases  int // 1 or 2
	Pattern []int16
	Scalar  [NumScalars]int16
	// cmNum/cmDen turn the logit sum into centi-men: a man (mid-game) is worth 100.
	cmNum, cmDen int64
	// comb is Pattern less the flipped window's weight (combine), for the search's
	// evaluation.
	comb []int32
	// table[i] is window i's table (Variant.TableOf).
	table [16]int32
}

// setTables checks w.Tables against v and fills w.table.
func (w *Weights) setTables(v *Variant) error {
	if w.Tables != v.pt.per && w.Tables != v.pt.windows {
		return ErrWeights
	}
	for i := range v.pt.windows {
		w.table[i] = int32(v.TableOf(i, w.Tables))
	}
	return nil
}

// weightsMagic starts a weights file of one phase, weightsMagic3 one that gives its
// phase count (1 or 2) after the table count.
const (
	weightsMagic  = "MDEVAL2\n"
	weightsMagic3 = "MDEVAL3\n"
)

// ErrWeights is the error of UnmarshalWeights.
var ErrWeights = errors.New("draughts: bad weights file")

// UnmarshalWeights reads a weights file of Marshal's format for v. Errors: ErrWeights (bad
// magic, another variant, wrong window or phase count or length, a man worth nothing).
func (v *Variant) UnmarshalWeights(data []byte) (*Weights, error) {
	if len(data) < len(weightsMagic)+2 {
		return nil, ErrWeights
	}
	withPhases := false
	switch string(data[:len(weightsMagic)]) {
	case weightsMagic:
	case weightsMagic3:
		withPhases = true
	default:
		return nil, ErrWeights
	}
	data = data[len(weightsMagic):]
	n := int(data[0])
	if len(data) < 1+n+1 || string(data[1:1+n]) != v.ID {
		return nil, ErrWeights
	}
	data = data[1+n:]
	w := &Weights{Variant: v.ID, Tables: int(data[0]), Phases: 1}
	data = data[1:]
	if withPhases {
		if len(data) < 1 {
			return nil, ErrWeights
		}
		w.Phases = int(data[0])
		data = data[1:]
	}
	if w.setTables(v) != nil || w.Phases < 1 || w.Phases > 2 || len(data) != w.Phases*w.Tables*Patterns+2*NumScalars {
		return nil, ErrWeights
	}
	w.Pattern = make([]int16, w.Phases*w.Tables*Patterns)
	for i := range w.Pattern {
		w.Pattern[i] = int16(int8(data[i])) * (weightUnit / patternUnit)
	}
	data = data[len(w.Pattern):]
	for i := range w.Scalar {
		w.Scalar[i] = int16(uint16(data[2*i]) | uint16(data[2*i+1])<<8)
	}
	if err := w.setScale(); err != nil {
		return nil, err
	}
	return w, nil
}

// setScale fixes the centi-men scale: 100 per the value of a man at mid-game (the men
// term, half the men*e term and the classic term's man).
func (w *Weights) setScale() error {
	man := 2*int64(w.Scalar[0]) + int64(w.Scalar[2]) + 2*int64(w.Scalar[classicTerm])
	if man <= 0 {
		return ErrWeights
	}
	w.cmNum, w.cmDen = 200, man
	w.combine()
	return nil
}

// combine fills w.comb: for phase ph, table t and direct index a, the pattern weight of a
// minus that of the flipped window (the same squares read turned, seats swapped: digits in
// reverse order, 1 and 2 exchanged) in the mirrored table of the same phase, so that Logit
// needs only the direct indices (fastLogit). The sums are the same integers as Logit's.
func (w *Weights) combine() {
	w.comb = make([]int32, w.Phases*w.Tables*Patterns)
	for a := range Patterns {
		fa := 0
		for i, x := 0, a; i < WindowSquares; i, x = i+1, x/3 {
			d := x % 3
			if d != 0 {
				d = 3 - d
			}
			fa += d * int(pow3[WindowSquares-1-i])
		}
		for ph := range w.Phases {
			base := ph * w.Tables
			for t := range w.Tables {
				w.comb[(base+t)*Patterns+a] = int32(w.Pattern[(base+t)*Patterns+a]) - int32(w.Pattern[(base+w.Tables-1-t)*Patterns+fa])
			}
		}
	}
}

// fastLogit is Logit of features whose flipped indices (B) were not computed.
func (w *Weights) fastLogit(f *Features) int64 {
	var s [2]int64
	for ph := range w.Phases {
		comb := w.comb[ph*w.Tables*Patterns:]
		for i := 0; i < f.Windows; i++ {
			s[ph] += int64(comb[int(w.table[i])*Patterns+int(f.A[i])])
		}
	}
	return w.phased(f, s) + w.scalarLogit(f)
}

// phased is the pattern sum of phase sums s: s[0] with one phase, else s[0] + (s[1] -
// s[0]) times the ending factor (truncated towards 0, so that a flipped board's sum is
// exactly the opposite).
func (w *Weights) phased(f *Features, s [2]int64) int64 {
	if w.Phases == 1 {
		return s[0]
	}
	return s[0] + (s[1]-s[0])*int64(f.EndNum)/int64(f.EndDen)
}

// Logit is the learned evaluation of f from seat 0's view, in logits (1/2048 units).
func (w *Weights) Logit(f *Features) int64 {
	var s [2]int64
	// The flipped position's window rot(i) = Windows-1-i is this board's window i read
	// turned; its table is Tables-1 minus this one's.
	for ph := range w.Phases {
		pat := w.Pattern[ph*w.Tables*Patterns:]
		for i := 0; i < f.Windows; i++ {
			t := int(w.table[i])
			s[ph] += int64(pat[t*Patterns+int(f.A[i])])
			s[ph] -= int64(pat[(w.Tables-1-t)*Patterns+int(f.B[i])])
		}
	}
	return w.phased(f, s) + w.scalarLogit(f)
}

// scalarLogit is the whole-board terms' share of Logit: each scalar times its weight, the
// ending's terms (2, 3, 5) scaled by the ending's share, the hand-made term by a man's value.
func (w *Weights) scalarLogit(f *Features) int64 {
	var s int64
	for k := range NumScalars {
		x := int64(w.Scalar[k]) * int64(f.Scalars[k])
		switch k {
		case 2, 3, 5:
			x = x * int64(f.EndNum) / int64(f.EndDen)
		case classicTerm:
			x /= manValue
		}
		s += x
	}
	return s
}

// Score is the learned evaluation of p in centi-men from seat 0's view.
func (w *Weights) Score(v *Variant, p *rd.Position) int {
	var f Features
	v.Features(p, &f)
	return int(w.Logit(&f) * w.cmNum / w.cmDen)
}

// MixUnit is the unit of a variant's blend of the learned and the hand-made evaluation
// (Mix, WithMix): MixUnit is the learned score alone, 0 the hand-made one alone.
const MixUnit = 256

// Mix is the learned score's share of v's evaluation in 1/MixUnit when it has weights.
func (v *Variant) Mix() int { return v.mix }

// WithMix returns a copy of v whose evaluation (with weights) is mix/MixUnit of the
// learned score plus the rest of the hand-made one; mix is clamped to 0..MixUnit.
func (v *Variant) WithMix(mix int) *Variant {
	c := *v
	c.mix = min(max(mix, 0), MixUnit)
	return &c
}

// blendScore is v's evaluation of p with weights w in centi-men from seat 0's view: the
// learned score, blended with the hand-made evaluation by v's mix.
func (v *Variant) blendScore(w *Weights, p *rd.Position) int {
	var f Features
	v.features(p, &f, false)
	s := w.fastLogit(&f) * w.cmNum / w.cmDen
	if v.mix < MixUnit {
		s = (int64(v.mix)*s + int64(MixUnit-v.mix)*int64(f.Scalars[classicTerm])) / MixUnit
	}
	return int(s)
}

// Weights are the learned tables the variant evaluates with (nil: the hand-made
// evaluation).
func (v *Variant) Weights() *Weights { return v.lw }

// Trained are the shipped learned tables of the variant, whether it evaluates with them
// or not (nil when the file did not load).
func (v *Variant) Trained() *Weights { return v.trained }

// WithWeights returns a copy of v that evaluates with w (nil: the hand-made evaluation);
// for trainers and for matches of one evaluation against another.
func (v *Variant) WithWeights(w *Weights) *Variant {
	c := *v
	c.lw = w
	return &c
}
