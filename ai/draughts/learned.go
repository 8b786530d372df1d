package draughts

import (
	"encoding/binary"
	"errors"
	"math/bits"

	"madang/rules"
	rd "madang/rules/draughts"
)

// The learned evaluation (issue 18 item 2), in the manner of Scan: the board is cut into
// overlapping 4x4 regions ("windows", 8 playable squares each, every second row and
// column: 16 windows on the 10x10 board, 9 on the 8x8), and each window's men (empty,
// own man, opponent man: 3^8 = 6561 patterns) index a table of weights; a few whole-board
// terms (material, tempo, runaway men, ...) are added. The score is a logit of the game
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
	NumScalars = 10
	// weightUnit is the fixed-point scale of the weights: 1 logit = weightUnit.
	weightUnit = 2048
)

// ScalarNames names the whole-board terms, each seat 0's count minus seat 1's; "*e"
// terms are multiplied by the ending factor e = (start men - men on the board) / start men.
var ScalarNames = [NumScalars]string{
	"men", "kings", "men*e", "kings*e", "tempo", "tempo*e",
	"runaway", "king-vs-no-king", "back-row", "free-steps",
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
	slots   [64][]windowSlot // by layout bit
}

var pow3 = [WindowSquares]int32{1, 3, 9, 27, 81, 243, 729, 2187}

// newPatternTables cuts the board of v into its windows: rows and columns 0, 2, ... size-4
// of the diagram; a window's squares in diagram order (row, then column), so that the half
// turn maps the i-th square of window w to the (7-i)-th square of window rotIndex(w).
func newPatternTables(v *Variant) *patternTables {
	t := v.ev
	size := v.Size
	per := (size-4)/2 + 1
	pt := &patternTables{windows: per * per}
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
	}
	return v
}

// Rot is the window a window turns into by a half turn of the board.
func (v *Variant) Rot(w int) int { return rotIndex(v.pt.windows, w) }

// Features computes the inputs of the learned evaluation of p (the side to move plays no
// part: the evaluation is from seat 0's view).
func (v *Variant) Features(p *rd.Position, f *Features) {
	t := v.ev
	pt := v.pt
	f.Windows = pt.windows
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
			for _, s := range pt.slots[sq] {
				if c == 0 {
					f.A[s.w] += s.a0
					f.B[s.w] += s.b0
				} else {
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
		vals := [NumScalars]int32{men[c], kings, men[c], kings, tempo, tempo, runaway, kvn, back, free}
		for k := range vals {
			f.Scalars[k] += sign * vals[k]
		}
	}
}

// Weights are the trained tables of one variant: Pattern[w*Patterns+index] and Scalar[k],
// in units of 1/2048 logit.
type Weights struct {
	Variant string
	Windows int
	Pattern []int16
	Scalar  [NumScalars]int16
	// cmNum/cmDen turn the logit sum into centi-men: a man (mid-game) is worth 100.
	cmNum, cmDen int64
}

// weightsMagic starts a weights file.
const weightsMagic = "MDEVAL1\n"

// ErrWeights is the error of UnmarshalWeights.
var ErrWeights = errors.New("draughts: bad weights file")

// Marshal writes w: the magic "MDEVAL1\n", the variant id's length (1 byte) and text, the
// window count (1 byte), then Windows*6561 pattern weights and 10 scalar weights, each a
// little-endian int16.
func (w *Weights) Marshal() []byte {
	out := []byte(weightsMagic)
	out = append(out, byte(len(w.Variant)))
	out = append(out, w.Variant...)
	out = append(out, byte(w.Windows))
	for _, x := range w.Pattern {
		out = binary.LittleEndian.AppendUint16(out, uint16(x))
	}
	for _, x := range w.Scalar {
		out = binary.LittleEndian.AppendUint16(out, uint16(x))
	}
	return out
}

// UnmarshalWeights reads a weights file of Marshal's format for v. Errors: ErrWeights (bad
// magic, another variant, wrong window count or length, a man worth nothing).
func (v *Variant) UnmarshalWeights(data []byte) (*Weights, error) {
	if len(data) < len(weightsMagic)+2 || string(data[:len(weightsMagic)]) != weightsMagic {
		return nil, ErrWeights
	}
	data = data[len(weightsMagic):]
	n := int(data[0])
	if len(data) < 1+n+1 || string(data[1:1+n]) != v.ID {
		return nil, ErrWeights
	}
	data = data[1+n:]
	w := &Weights{Variant: v.ID, Windows: int(data[0])}
	data = data[1:]
	if w.Windows != v.pt.windows || len(data) != 2*(w.Windows*Patterns+NumScalars) {
		return nil, ErrWeights
	}
	w.Pattern = make([]int16, w.Windows*Patterns)
	for i := range w.Pattern {
		w.Pattern[i] = int16(binary.LittleEndian.Uint16(data[2*i:]))
	}
	data = data[2*len(w.Pattern):]
	for i := range w.Scalar {
		w.Scalar[i] = int16(binary.LittleEndian.Uint16(data[2*i:]))
	}
	if err := w.setScale(); err != nil {
		return nil, err
	}
	return w, nil
}

// setScale fixes the centi-men scale: 100 per the value of a man at mid-game (the men
// term plus half the men*e term).
func (w *Weights) setScale() error {
	man := 2*int64(w.Scalar[0]) + int64(w.Scalar[2])
	if man <= 0 {
		return ErrWeights
	}
	w.cmNum, w.cmDen = 200, man
	return nil
}

// NewWeights makes weights for v from logit values (a trainer's floats): pattern[w*6561+i]
// and scalar[k], rounded to the file's fixed point and clamped to int16. Errors:
// ErrWeights for wrong lengths or a man worth nothing.
func (v *Variant) NewWeights(pattern []float64, scalar []float64) (*Weights, error) {
	if len(pattern) != v.pt.windows*Patterns || len(scalar) != NumScalars {
		return nil, ErrWeights
	}
	q := func(x float64) int16 {
		y := x * weightUnit
		switch {
		case y > 32767:
			return 32767
		case y < -32768:
			return -32768
		case y < 0:
			return int16(y - 0.5)
		}
		return int16(y + 0.5)
	}
	w := &Weights{Variant: v.ID, Windows: v.pt.windows, Pattern: make([]int16, len(pattern))}
	for i, x := range pattern {
		w.Pattern[i] = q(x)
	}
	for i, x := range scalar {
		w.Scalar[i] = q(x)
	}
	if err := w.setScale(); err != nil {
		return nil, err
	}
	return w, nil
}

// Logit is the learned evaluation of f from seat 0's view, in logits (1/2048 units).
func (w *Weights) Logit(f *Features) int64 {
	var s int64
	for i := 0; i < f.Windows; i++ {
		s += int64(w.Pattern[i*Patterns+int(f.A[i])])
	}
	// The flipped position's window i is this board's window rot(i), read turned.
	for i := 0; i < f.Windows; i++ {
		s -= int64(w.Pattern[rotIndex(f.Windows, i)*Patterns+int(f.B[i])])
	}
	for k := range NumScalars {
		x := int64(w.Scalar[k]) * int64(f.Scalars[k])
		switch k {
		case 2, 3, 5:
			x = x * int64(f.EndNum) / int64(f.EndDen)
		}
		s += x
	}
	return s
}

// rotIndex is the window a half turn maps window i to, on a board of n windows (n a
// square: 16 or 9).
func rotIndex(n, i int) int { return n - 1 - i }

// Score is the learned evaluation of p in centi-men from seat 0's view.
func (w *Weights) Score(v *Variant, p *rd.Position) int {
	var f Features
	v.Features(p, &f)
	return int(w.Logit(&f) * w.cmNum / w.cmDen)
}

// Weights are the learned tables the variant evaluates with (nil: the hand-made
// evaluation).
func (v *Variant) Weights() *Weights { return v.lw }

// WithWeights returns a copy of v that evaluates with w (nil: the hand-made evaluation);
// for trainers and for matches of one evaluation against another.
func (v *Variant) WithWeights(w *Weights) *Variant {
	c := *v
	c.lw = w
	return &c
}
