// Package draughts is the engine of checkers (English/American, WCDF) and international
// draughts (FMJD): a compact position with bitboards, its own fast move generator for the
// search, iterative-deepening PVS with a transposition table, and an evaluation for each
// ruleset. It plays the generic rules.State through the ai.Engine interface and speaks
// square numbers and Hub positions for the `madang engine` command.
package draughts

import "math/bits"

// Color is a side: White moves up the board (towards square 1), Black down.
// In checkers Black moves first (WCDF 1.3), in draughts White (FMJD art. 2.4).
type Color uint8

const (
	White Color = 0
	Black Color = 1
)

// Directions on the board as seen with square 1 at the top: up-left, up-right,
// down-left, down-right. The reverse of d is 3-d.
const (
	upLeft = iota
	upRight
	downLeft
	downRight
)

// Square numbering, PDN order, 0-based inside the package (square 1 is index 0). Rows are
// counted from the top (Black's home); even rows hold their dark squares in odd columns:
//
//	draughts (10x10)              checkers (8x8)
//	   .  1  .  2  .  3 ...  5       .  1  .  2  .  3  .  4
//	   6  .  7  .  8 ... 10  .       5  .  6  .  7  .  8  .
//	  ...                           ...
//	  46  . 47  . 48 ... 50  .      29  . 30  . 31  . 32  .
type geom struct {
	rows, half, n int
	row, col      [64]int8
	nb            [4][64]int8     // neighbour in a direction, -1 off the board
	ray           [4][64][10]int8 // squares along a direction, nearest first
	rayLen        [4][64]int8
	adj           [64]uint64 // the diagonal neighbours of a square
	promo         [2]uint64  // squares where a man of the colour is crowned
	home          [2]uint64  // the colour's own back row
	all           uint64
}

func newGeom(size int) *geom {
	g := &geom{rows: size, half: size / 2, n: size * size / 2}
	index := func(r, c int) int8 {
		if r < 0 || c < 0 || r >= size || c >= size || (r+c)%2 == 0 {
			return -1
		}
		return int8(r*g.half + c/2)
	}
	dr := [4]int{-1, -1, 1, 1}
	dc := [4]int{-1, 1, -1, 1}
	for s := 0; s < g.n; s++ {
		r := s / g.half
		c := 2 * (s % g.half)
		if r%2 == 0 {
			c++
		}
		g.row[s], g.col[s] = int8(r), int8(c)
		g.all |= 1 << s
		if r == 0 {
			g.promo[White] |= 1 << s
			g.home[Black] |= 1 << s
		}
		if r == size-1 {
			g.promo[Black] |= 1 << s
			g.home[White] |= 1 << s
		}
		for d := 0; d < 4; d++ {
			g.nb[d][s] = index(r+dr[d], c+dc[d])
			if g.nb[d][s] >= 0 {
				g.adj[s] |= 1 << g.nb[d][s]
			}
			n := 0
			for k := 1; ; k++ {
				t := index(r+k*dr[d], c+k*dc[d])
				if t < 0 {
					break
				}
				g.ray[d][s][n] = t
				n++
			}
			g.rayLen[d][s] = int8(n)
		}
	}
	return g
}

// Variant is a ruleset as a value (the dctl habit): each field is one rule.
type Variant struct {
	ID             string // the rules registry id: "checkers" or "draughts"
	Size           int    // board side: 8 or 10
	First          Color  // the colour that moves first
	FlyingKings    bool   // FMJD art. 3.9: a king moves and captures along whole diagonals
	MenCaptureBack bool   // FMJD art. 4.2: men capture backwards too
	Majority       bool   // FMJD art. 4.13: the capture of the most pieces is compulsory
	CrownStops     bool   // WCDF 1.20: a man crowned by a capture ends its move there
	DrawPlies      int    // WCDF 1.32.1 forty moves each / FMJD art. 6.1 twenty-five moves each, in plies
	g              *geom
	ev             *evalTables
}

// Checkers is English/American checkers as WCDF rules it (seed 001).
var Checkers = &Variant{ID: "checkers", Size: 8, First: Black, CrownStops: true, DrawPlies: 80, g: newGeom(8)}

// Draughts is international draughts as FMJD rules it (seed 001).
var Draughts = &Variant{ID: "draughts", Size: 10, First: White, FlyingKings: true, MenCaptureBack: true,
	Majority: true, DrawPlies: 50, g: newGeom(10)}

// VariantByID finds a variant by its rules id.
func VariantByID(id string) (*Variant, bool) {
	switch id {
	case "checkers":
		return Checkers, true
	case "draughts":
		return Draughts, true
	}
	return nil, false
}

// Squares is the number of playable squares (32 or 50).
func (v *Variant) Squares() int { return v.g.n }

// Position is a comparable board: men and kings of each colour as bitboards over the
// 0-based square indexes, and the colour to move.
type Position struct {
	Men, Kings [2]uint64
	Side       Color
}

// Start is the initial position: each side's men on its first 3 (checkers) or 4 (draughts)
// rows, the first mover to move.
func (v *Variant) Start() Position {
	var p Position
	rowsEach := (v.Size - 2) / 2
	for s := 0; s < v.g.n; s++ {
		r := int(v.g.row[s])
		if r < rowsEach {
			p.Men[Black] |= 1 << s
		} else if r >= v.Size-rowsEach {
			p.Men[White] |= 1 << s
		}
	}
	p.Side = v.First
	return p
}

// Pieces is every piece of colour c.
func (p *Position) Pieces(c Color) uint64 { return p.Men[c] | p.Kings[c] }

// Occupied is every piece on the board.
func (p *Position) Occupied() uint64 { return p.Men[0] | p.Men[1] | p.Kings[0] | p.Kings[1] }

// Count is the number of men and of kings of colour c.
func (p *Position) Count(c Color) (men, kings int) {
	return bits.OnesCount64(p.Men[c]), bits.OnesCount64(p.Kings[c])
}

var zobrist = func() (z [2][2][64]uint64) {
	// splitmix64 from a fixed seed: the same keys in every process and in wasm.
	x := uint64(0x6d6164616e67) // "madang"
	for c := range z {
		for k := range z[c] {
			for s := range z[c][k] {
				x += 0x9e3779b97f4a7c15
				y := x
				y = (y ^ (y >> 30)) * 0xbf58476d1ce4e5b9
				y = (y ^ (y >> 27)) * 0x94d049bb133111eb
				z[c][k][s] = y ^ (y >> 31)
			}
		}
	}
	return
}()

const zobristBlack = 0x5a17c0ffee15900d

// Hash is the Zobrist key of the position.
func (p *Position) Hash() uint64 {
	var h uint64
	for c := 0; c < 2; c++ {
		for b := p.Men[c]; b != 0; b &= b - 1 {
			h ^= zobrist[c][0][bits.TrailingZeros64(b)]
		}
		for b := p.Kings[c]; b != 0; b &= b - 1 {
			h ^= zobrist[c][1][bits.TrailingZeros64(b)]
		}
	}
	if p.Side == Black {
		h ^= zobristBlack
	}
	return h
}

// hashDelta is the change of Hash from p to q (both differ only by one move).
func hashDelta(p, q *Position) uint64 {
	h := uint64(zobristBlack)
	for c := 0; c < 2; c++ {
		for b := p.Men[c] ^ q.Men[c]; b != 0; b &= b - 1 {
			h ^= zobrist[c][0][bits.TrailingZeros64(b)]
		}
		for b := p.Kings[c] ^ q.Kings[c]; b != 0; b &= b - 1 {
			h ^= zobrist[c][1][bits.TrailingZeros64(b)]
		}
	}
	return h
}
