package halma

import "math/bits"

// Hole is one of the 121 holes of the star, numbered 0..120 row by row from seat 0's start
// apex (row 1, at the bottom) to its target apex (row 17), left to right within a row as
// seat 0 sees the board. NoHole is no hole (off the board).
//
// Holes are named by row and position (단·번, DESIGN.md): "3.1" is the first hole from the
// left of row 3. The star, rows top to bottom, camps numbered clockwise from the bottom as
// seen from above (0 bottom: seat 0's start; 3 top; 1 lower left, 2 upper left, 4 upper
// right, 5 lower right); 'o' marks the 61 holes of the central hexagon:
//
//	row 17                         3                         camp 3 (top)
//	row 16                        3 3
//	row 15                       3 3 3
//	row 14                      3 3 3 3
//	row 13         2 2 2 2 o o o o o 4 4 4 4                 camps 2 and 4
//	row 12          2 2 2 o o o o o o 4 4 4
//	row 11           2 2 o o o o o o o 4 4
//	row 10            2 o o o o o o o o 4
//	row  9             o o o o o o o o o
//	row  8            1 o o o o o o o o 5
//	row  7           1 1 o o o o o o o 5 5
//	row  6          1 1 1 o o o o o o 5 5 5
//	row  5         1 1 1 1 o o o o o 5 5 5 5                 camps 1 and 5
//	row  4                      0 0 0 0
//	row  3                       0 0 0
//	row  2                        0 0
//	row  1                         0                         camp 0 (bottom)
//
// Each camp is a triangle of 10 holes (rows 1-4 of it counted from its apex). The 15-hole
// camp adds the middle five holes of its fifth row, which lie on the hexagon's border
// (row 5, positions 5-9, for camp 0); neighbouring 15-hole camps share the hexagon corner
// between them. The target of camp k is camp k+3 (mod 6).
//
// Coordinates are axial (q, r) with s = -q-r: r = row-9 grows upward, q grows to the right
// along a row, and the screen position is x = q + r/2. The star is the union of the two big
// triangles {q, r, s <= 4} and {q, r, s >= -4}; the hexagon is their intersection.
type Hole int8

// NoHole is the absence of a hole.
const NoHole Hole = -1

// NumHoles is the number of holes of the star.
const NumHoles = 121

// Directions, in the order move generation tries them: east, north-east, north-west, west,
// south-west, south-east (as seat 0 sees the board). Direction d+3 (mod 6) is opposite d.
var dirQ = [6]int{1, 0, -1, -1, 0, 1}
var dirR = [6]int{0, 1, 1, 0, -1, -1}

// holeSet is a set of holes: bit h%64 of word h/64.
type holeSet [2]uint64

func (s holeSet) has(h Hole) bool       { return s[h>>6]>>(uint(h)&63)&1 != 0 }
func (s *holeSet) add(h Hole)           { s[h>>6] |= 1 << (uint(h) & 63) }
func (s *holeSet) del(h Hole)           { s[h>>6] &^= 1 << (uint(h) & 63) }
func (s holeSet) and(t holeSet) holeSet { return holeSet{s[0] & t[0], s[1] & t[1]} }
func (s holeSet) or(t holeSet) holeSet  { return holeSet{s[0] | t[0], s[1] | t[1]} }
func (s holeSet) andNot(t holeSet) holeSet {
	return holeSet{s[0] &^ t[0], s[1] &^ t[1]}
}
func (s holeSet) empty() bool { return s[0]|s[1] == 0 }
func (s holeSet) count() int  { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }

// geometry is the board's fixed tables, built once by init.
var geo struct {
	q, r     [NumHoles]int8
	row, pos [NumHoles]int8 // 1-based row and position within the row
	nb       [NumHoles][6]Hole
	jump     [NumHoles][6]Hole // the hole two steps away in direction d, or NoHole
	rowFirst [19]Hole          // first hole of rows 1..17; rowFirst[18] = NumHoles
	grid     [17][17]Hole
	tri      [6]holeSet // the 10-hole triangle of each camp
	camp15   [6]holeSet // the triangle and its five border holes
	apex     [6]Hole    // the camp's apex (its hole farthest from the centre)
	hexagon  holeSet
	border   holeSet // the hexagon's 24 border holes
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func inStar(q, r int) bool {
	s := -q - r
	return (q <= 4 && r <= 4 && s <= 4) || (q >= -4 && r >= -4 && s >= -4)
}

// campOf tells which camp triangle (q, r) lies in, or -1 for the hexagon.
func campOf(q, r int) int {
	s := -q - r
	switch {
	case r < -4:
		return 0
	case s > 4:
		return 1
	case q < -4:
		return 2
	case r > 4:
		return 3
	case s < -4:
		return 4
	case q > 4:
		return 5
	}
	return -1
}

// onCampBorder tells whether hexagon hole (q, r) lies on the border side that camp k's
// 15-hole extension covers.
func onCampBorder(k, q, r int) bool {
	s := -q - r
	switch k {
	case 0:
		return r == -4
	case 1:
		return s == 4
	case 2:
		return q == -4
	case 3:
		return r == 4
	case 4:
		return s == -4
	}
	return q == 4
}

func init() {
	for i := range geo.grid {
		for j := range geo.grid[i] {
			geo.grid[i][j] = NoHole
		}
	}
	n := Hole(0)
	for r := -8; r <= 8; r++ {
		row := r + 9
		geo.rowFirst[row] = n
		pos := 0
		for q := -8; q <= 8; q++ {
			if !inStar(q, r) {
				continue
			}
			pos++
			geo.q[n], geo.r[n] = int8(q), int8(r)
			geo.row[n], geo.pos[n] = int8(row), int8(pos)
			geo.grid[q+8][r+8] = n
			n++
		}
	}
	geo.rowFirst[18] = n
	for h := Hole(0); h < NumHoles; h++ {
		q, r := int(geo.q[h]), int(geo.r[h])
		for d := 0; d < 6; d++ {
			geo.nb[h][d] = holeAt(q+dirQ[d], r+dirR[d])
			geo.jump[h][d] = holeAt(q+2*dirQ[d], r+2*dirR[d])
		}
		k := campOf(q, r)
		if k >= 0 {
			geo.tri[k].add(h)
			geo.camp15[k].add(h)
			continue
		}
		geo.hexagon.add(h)
		if max(abs(q), abs(r), abs(q+r)) == 4 {
			geo.border.add(h)
		}
		for k := 0; k < 6; k++ {
			if max(abs(q), abs(r), abs(q+r)) == 4 && onCampBorder(k, q, r) {
				geo.camp15[k].add(h)
			}
		}
	}
	// The apexes: the tips of the six triangles.
	tips := [6][2]int{{4, -8}, {-4, -4}, {-8, 4}, {-4, 8}, {4, 4}, {8, -4}}
	for k, t := range tips {
		geo.apex[k] = holeAt(t[0], t[1])
	}
}

// holeAt is the hole at axial (q, r), or NoHole off the star.
func holeAt(q, r int) Hole {
	if q < -8 || q > 8 || r < -8 || r > 8 {
		return NoHole
	}
	return geo.grid[q+8][r+8]
}

// Row is the hole's row (단), 1..17, counted from seat 0's start apex.
func (h Hole) Row() int { return int(geo.row[h]) }

// Pos is the hole's position (번) in its row, counted from the left as seat 0 sees it.
func (h Hole) Pos() int { return int(geo.pos[h]) }

// Valid reports whether h is one of the 121 holes.
func (h Hole) Valid() bool { return h >= 0 && h < NumHoles }

// Neighbour is the hole next to h in direction d (0..5, see dirQ), or NoHole.
func (h Hole) Neighbour(d int) Hole { return geo.nb[h][d] }

// Distance is the number of steps between two holes on an open board (hex distance). Not
// inlined: no search calls it per node, and its copies would cost the browser module bytes.
//
//go:noinline
func Distance(a, b Hole) int {
	dq := int(geo.q[a]) - int(geo.q[b])
	dr := int(geo.r[a]) - int(geo.r[b])
	return max(abs(dq), abs(dr), abs(dq+dr))
}

// HoleAt is the hole at row (1..17) and position (1..row length), or NoHole.
func HoleAt(row, pos int) Hole {
	if row < 1 || row > 17 || pos < 1 {
		return NoHole
	}
	h := int(geo.rowFirst[row]) + pos - 1
	if h >= int(geo.rowFirst[row+1]) {
		return NoHole
	}
	return Hole(h)
}

// Apex is camp k's apex (k = 0..5); camp 0's is hole 1.1, camp 3's is 17.1.
func Apex(k int) Hole { return geo.apex[k] }

// CampHoles lists camp k's holes (size 10 or 15) in hole order.
func CampHoles(k, size int) []Hole {
	set := geo.tri[k]
	if size == 15 {
		set = geo.camp15[k]
	}
	return set.holes()
}

// holes is not inlined: it allocates anyway, and its many callers (views, setup) would
// each carry a copy of the loop (the browser module's size, DESIGN.md "Site").
//
//go:noinline
func (s holeSet) holes() []Hole {
	var out []Hole
	for h := Hole(0); h < NumHoles; h++ {
		if s.has(h) {
			out = append(out, h)
		}
	}
	return out
}
