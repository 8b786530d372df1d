package backgammon

import (
	"errors"
	"math"
	"math/rand/v2"

	"madang/rules"
	bg "madang/rules/backgammon"
)

// Net is a small neural network evaluation in the manner of Tesauro's TD-Gammon: one
// hidden layer of sigmoid units over a board encoding, five sigmoid outputs estimating,
// for the side that has just played (the other side rolls next), GNU Backgammon's five
// chances: to win, to win a gammon or better, to win a backgammon, to lose a gammon or
// better, to lose a backgammon. The shipped net is fitted to GNU Backgammon's evaluations
// of positions from self-play (Fit, its output only); Train is temporal-difference
// learning by self-play, the way the first net was made.
type Net struct {
	Hidden int
	W1     []float32 // Hidden × Inputs, row by hidden unit
	B1     []float32
	W2     []float32 // Outputs × Hidden
	B2     []float32
}

// Inputs and Outputs of a Net. Per side (first the side that has just played, then the
// other), each own point 1..24 has four units (one checker or more, two or more, three or
// more, (n-3)/2 beyond three), then the bar (n/2) and the checkers off (n/15); then the
// hand-made units: each side's pip count /100, 1 in a race (no contact), and in contact
// each side's contactInputs (features.go: shots, pips lost to them, escapes, containment,
// the rearmost checker and anchor, the pips to break contact, the longest prime, entering).
// The outputs are indexed by Win, WinGammon, WinBackgammon, LoseGammon, LoseBackgammon.
const (
	sideInputs = 24*4 + 2
	rawInputs  = 2 * sideInputs
	// contactBase is the first contact input (contactFeatures), after the pips and the
	// race flag.
	contactBase = rawInputs + 3
	Inputs      = contactBase + 2*contactInputs
	Outputs     = 5
	maxHidden   = 256
)

// The outputs' indexes: gammons count backgammons too.
const (
	Win = iota
	WinGammon
	WinBackgammon
	LoseGammon
	LoseBackgammon
)

// Flip is chances p seen from the other side: its wins are p's losses.
func Flip(p [Outputs]float32) [Outputs]float32 {
	return [Outputs]float32{1 - p[Win], p[LoseGammon], p[LoseBackgammon], p[WinGammon], p[WinBackgammon]}
}

// NewNet is a net of h hidden units (1..256) with small random weights.
func NewNet(h int, rng *rand.Rand) *Net {
	h = min(max(h, 1), maxHidden)
	n := &Net{Hidden: h, W1: make([]float32, h*Inputs), B1: make([]float32, h), W2: make([]float32, Outputs*h), B2: make([]float32, Outputs)}
	for i := range n.W1 {
		n.W1[i] = float32(rng.NormFloat64() * 0.1)
	}
	for i := range n.W2 {
		n.W2[i] = float32(rng.NormFloat64() * 0.1)
	}
	return n
}

// input is a sparse encoding: the indexes of non-zero units and their values.
type input struct {
	idx [Inputs]int16
	val [Inputs]float32
	n   int
}

func (in *input) add(i int, v float32) {
	in.idx[in.n], in.val[in.n] = int16(i), v
	in.n++
}

// encode writes b from the view of seat me (who has just played).
func encode(b *bg.Board, me rules.Seat, in *input) {
	in.n = 0
	rows := [2]*bg.Row{&b[me], &b[1-me]}
	for side, r := range rows {
		base := side * sideInputs
		for p := 1; p <= 24; p++ {
			c := r[p]
			if c == 0 {
				continue
			}
			o := base + (p-1)*4
			in.add(o, 1)
			if c >= 2 {
				in.add(o+1, 1)
			}
			if c >= 3 {
				in.add(o+2, 1)
			}
			if c > 3 {
				in.add(o+3, float32(c-3)/2)
			}
		}
		if r[bg.Bar] > 0 {
			in.add(base+96, float32(r[bg.Bar])/2)
		}
		if r[bg.Off] > 0 {
			in.add(base+97, float32(r[bg.Off])/15)
		}
	}
	for side, r := range rows {
		if p := r.Pips(); p > 0 {
			in.add(rawInputs+side, float32(p)/100)
		}
	}
	if !contact(rows[0], rows[1]) {
		in.add(rawInputs+2, 1)
		return
	}
	for side := range rows {
		contactFeatures(rows[side], rows[1-side], contactBase+side*contactInputs, in)
	}
}

func sigmoid(x float32) float32 { return float32(1 / (1 + math.Exp(-float64(x)))) }

// forward computes the hidden activations and the outputs.
func (n *Net) forward(in *input, hid []float32, out *[Outputs]float32) {
	for h := 0; h < n.Hidden; h++ {
		s := n.B1[h]
		row := n.W1[h*Inputs : (h+1)*Inputs]
		for k := 0; k < in.n; k++ {
			s += row[in.idx[k]] * in.val[k]
		}
		hid[h] = sigmoid(s)
	}
	for o := 0; o < Outputs; o++ {
		s := n.B2[o]
		row := n.W2[o*n.Hidden : (o+1)*n.Hidden]
		for h, a := range hid {
			s += row[h] * a
		}
		out[o] = sigmoid(s)
	}
}

// Probabilities returns the net's estimate for seat me, who has just played on b: the
// chances indexed by Win .. LoseBackgammon. A finished game gives its result.
func (n *Net) Probabilities(b *bg.Board, me rules.Seat) [Outputs]float32 {
	if r, ok := final(b, me); ok {
		return r
	}
	var in input
	encode(b, me, &in)
	var buf [maxHidden]float32
	hid := buf[:n.Hidden]
	var out [Outputs]float32
	n.forward(&in, hid, &out)
	return out
}

// final is the result vector of a finished game, from me's view.
func final(b *bg.Board, me rules.Seat) ([Outputs]float32, bool) {
	if b[me][bg.Off] == bg.Checkers {
		_, pts := bg.Result(&b[1-me])
		return [Outputs]float32{1, b2f(pts >= 2), b2f(pts >= 3), 0, 0}, true
	}
	if b[1-me][bg.Off] == bg.Checkers {
		_, pts := bg.Result(&b[me])
		return [Outputs]float32{0, 0, 0, b2f(pts >= 2), b2f(pts >= 3)}, true
	}
	return [Outputs]float32{}, false
}

func b2f(v bool) float32 {
	if v {
		return 1
	}
	return 0
}

// Equity is the expected points for seat me (who has just played on b), cubeless: 2·win
// − 1 + gammon wins − gammon losses + backgammon wins − backgammon losses.
func (n *Net) Equity(b *bg.Board, me rules.Seat) float64 {
	p := n.Probabilities(b, me)
	return equity(p)
}

func equity(p [Outputs]float32) float64 {
	return float64(2*p[Win] - 1 + p[WinGammon] - p[LoseGammon] + p[WinBackgammon] - p[LoseBackgammon])
}

// Marshal writes the net as bytes: "BGN2", the hidden count, the input count and the output
// count (each a little-endian uint32; "BGN1" was the three-output net of 196 inputs), then every weight as a
// little-endian float32 (W1, B1, W2, B2), rounded to 16 significant bits (the low
// MarshalDropBits bits of the mantissa zero: a relative change under 2^-16, far below what
// moves a play), so that the shipped net compresses by about 9 KB more in the backgammon
// WebAssembly module (mk/site.mk SITE_WASM_LIMIT).
func (n *Net) Marshal() []byte {
	out := []byte(netMagic)
	out = appendU32(out, uint32(n.Hidden))
	out = appendU32(out, Inputs)
	out = appendU32(out, Outputs)
	for _, part := range [][]float32{n.W1, n.B1, n.W2, n.B2} {
		for _, w := range part {
			out = appendU32(out, roundBits(math.Float32bits(w)))
		}
	}
	return out
}

// netMagic starts a net file of this format.
const netMagic = "BGN2"

// MarshalDropBits is how many low mantissa bits Marshal rounds away.
const MarshalDropBits = 8

// roundBits rounds float32 bits v to the nearest value with MarshalDropBits low zero bits
// (a carry into the exponent is the correct rounding up).
func roundBits(v uint32) uint32 {
	return (v + 1<<(MarshalDropBits-1)) &^ (1<<MarshalDropBits - 1)
}

func appendU32(b []byte, v uint32) []byte {
	return append(b, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
}

// UnmarshalNet reads Marshal's bytes.
func UnmarshalNet(data []byte) (*Net, error) {
	if len(data) < 16 || string(data[:4]) != netMagic {
		return nil, errors.New("ai/backgammon: not a net")
	}
	u32 := func(i int) uint32 {
		return uint32(data[i]) | uint32(data[i+1])<<8 | uint32(data[i+2])<<16 | uint32(data[i+3])<<24
	}
	h := int(u32(4))
	if h < 1 || h > maxHidden || u32(8) != Inputs || u32(12) != Outputs {
		return nil, errors.New("ai/backgammon: bad net sizes")
	}
	n := &Net{Hidden: h, W1: make([]float32, h*Inputs), B1: make([]float32, h), W2: make([]float32, Outputs*h), B2: make([]float32, Outputs)}
	want := 16 + 4*(len(n.W1)+len(n.B1)+len(n.W2)+len(n.B2))
	if len(data) != want {
		return nil, errors.New("ai/backgammon: net has the wrong size")
	}
	i := 16
	for _, part := range [][]float32{n.W1, n.B1, n.W2, n.B2} {
		for k := range part {
			part[k] = math.Float32frombits(u32(i))
			i += 4
		}
	}
	return n, nil
}
