package draughts

import "math/bits"

// Score units are centi-men: a man is worth 100.
const (
	manValue = 100
	// WinScore is the score of a won position at the root; a win found n plies deep
	// scores WinScore-n.
	WinScore = 30000
	winBound = WinScore - 1000
)

// evalTables are the precomputed weights of one variant.
type evalTables struct {
	kingValue int
	adv       [2][64]int    // rows a man of the colour has advanced from its home row
	centre    [64]int       // closeness to the middle of the board
	cone      [2][64]uint64 // squares a defender must hold to stop a man running to the crown
	guard     [2][64]int    // bonus of a man staying on a key home square
	left      uint64        // the left half of the board (columns a-e in draughts)
	fwd       [2][64]uint64 // the squares a man of the colour steps to
}

func newEvalTables(v *Variant) *evalTables {
	g := v.g
	t := &evalTables{kingValue: 140}
	if v.FlyingKings {
		t.kingValue = 300
	}
	size := v.Size
	for s := 0; s < g.n; s++ {
		r, c := int(g.row[s]), int(g.col[s])
		t.adv[White][s] = size - 1 - r
		t.adv[Black][s] = r
		cd := abs(2*c - (size - 1))
		rd := abs(2*r - (size - 1))
		t.centre[s] = max(0, size-cd-rd) / 2
		if c < size/2 {
			t.left |= 1 << s
		}
		for d := 0; d < 4; d++ {
			if n := g.nb[d][s]; n >= 0 {
				t.fwd[Color(d/2)][s] |= 1 << n
			}
		}
		for o := 0; o < g.n; o++ {
			or, oc := int(g.row[o]), int(g.col[o])
			for col := Color(0); col < 2; col++ {
				ahead := r - or // rows towards the crown
				if col == Black {
					ahead = or - r
				}
				if ahead > 0 && abs(oc-c) <= ahead+1 {
					t.cone[col][s] |= 1 << o
				}
			}
		}
		if g.home[White]&(1<<s) != 0 {
			t.guard[White][s] = 4
		}
		if g.home[Black]&(1<<s) != 0 {
			t.guard[Black][s] = 4
		}
	}
	if !v.FlyingKings {
		// Checkers: the "bridge" squares 1 and 3 (Black) and 30 and 32 (White) keep
		// the opponent from crowning cheaply.
		t.guard[Black][0], t.guard[Black][2] = 12, 12
		t.guard[White][29], t.guard[White][31] = 12, 12
	} else {
		// Draughts: the back-row men on 47, 48, 49 (White) and 2, 3, 4 (Black).
		t.guard[White][46], t.guard[White][47], t.guard[White][48] = 7, 9, 7
		t.guard[Black][1], t.guard[Black][2], t.guard[Black][3] = 7, 9, 7
	}
	return t
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func init() {
	Checkers.ev = newEvalTables(Checkers)
	Draughts.ev = newEvalTables(Draughts)
}

// Evaluate scores p in centi-men from the view of the side to move: material with king
// values (checkers 1.4 men, draughts 3 men), advancement growing towards the ending, the
// centre, guards on the home row, men with a free run to the crown, king mobility or
// centralisation, and known drawn endings (a lone king against at most three pieces in
// draughts, equal kings-only endings in checkers) pulled towards 0.
func (v *Variant) Evaluate(p *Position) int {
	t := v.ev
	var men, kings [2]int
	for c := 0; c < 2; c++ {
		men[c] = bits.OnesCount64(p.Men[c])
		kings[c] = bits.OnesCount64(p.Kings[c])
	}
	me := p.Side
	if men[me]+kings[me] == 0 {
		return -WinScore + 1
	}
	if men[me^1]+kings[me^1] == 0 {
		return WinScore - 1
	}
	totalMen := men[0] + men[1]
	pieces := totalMen + kings[0] + kings[1]
	occ := p.Occupied()
	g := v.g
	// Advancement counts for more as the men thin out (runaways and crowning decide
	// endings); in the opening it is a slight plus only.
	startMen := 2 * (2 * v.g.n / 5) // 40 or 24
	advWeight := 1 + (startMen-totalMen)/6
	var score [2]int
	for c := Color(0); c < 2; c++ {
		s := men[c]*manValue + kings[c]*t.kingValue
		oppPieces := p.Pieces(c ^ 1)
		if v.FlyingKings && men[c] >= 6 {
			// Draughts: men spread over both wings keep their formation flexible.
			s -= 3 * abs(bits.OnesCount64(p.Men[c]&t.left)-bits.OnesCount64(p.Men[c]&^t.left))
		}
		oppHasKing := kings[c^1] > 0
		for b := p.Men[c]; b != 0; b &= b - 1 {
			sq := bits.TrailingZeros64(b)
			a := t.adv[c][sq]
			s += a*advWeight + t.centre[sq]
			if !v.FlyingKings {
				// Checkers: free steps ahead (won a 50 ms/move match 7-3 of 16;
				// in draughts it came out even, 4-4, so it is left out there).
				s += 2 * bits.OnesCount64(t.fwd[c][sq]&^occ)
			}
			if !oppHasKing {
				s += t.guard[c][sq]
				if t.cone[c][sq]&oppPieces == 0 {
					dist := v.Size - 1 - a
					if v.FlyingKings {
						s += max(0, 160-18*dist)
					} else {
						s += max(0, 50-6*dist)
					}
				}
			}
		}
		for b := p.Kings[c]; b != 0; b &= b - 1 {
			sq := bits.TrailingZeros64(b)
			if v.FlyingKings {
				mob := 0
				for d := 0; d < 4; d++ {
					r := &g.ray[d][sq]
					for i := int8(0); i < g.rayLen[d][sq] && occ&(1<<r[i]) == 0; i++ {
						mob++
					}
				}
				s += 2 * mob
			} else {
				s += 3 * t.centre[sq]
			}
		}
		score[c] = s
	}
	diff := score[me] - score[me^1]
	mat := (men[me]-men[me^1])*manValue + (kings[me]-kings[me^1])*t.kingValue
	// Ahead in material, trading down makes the extra material count for more: the
	// advantage is worth more against fewer pieces (3 kings v 2 gains by trading to 2 v 1).
	diff += mat * 4 / pieces
	if v.FlyingKings {
		// FMJD art. 6.2/6.3 endings (at most three pieces with a king against a lone
		// king) are drawn by rule or theory; so is a king each with little else.
		for c := Color(0); c < 2; c++ {
			if men[c] == 0 && kings[c] == 1 && kings[c^1] >= 1 && men[c^1]+kings[c^1] <= 3 {
				return diff / 16
			}
		}
		if kings[0] > 0 && kings[1] > 0 {
			diff /= 2
		}
	} else {
		if totalMen == 0 && kings[0] == kings[1] {
			return diff / 16
		}
		// Kings-only chase: the stronger side closes in on the weaker side's pieces.
		if totalMen == 0 {
			strong := me
			if mat < 0 {
				strong = me ^ 1
			}
			closeness := 0
			for a := p.Kings[strong]; a != 0; a &= a - 1 {
				sa := bits.TrailingZeros64(a)
				for b := p.Kings[strong^1]; b != 0; b &= b - 1 {
					sb := bits.TrailingZeros64(b)
					closeness += 14 - max(abs(int(g.row[sa])-int(g.row[sb])), abs(int(g.col[sa])-int(g.col[sb])))
				}
			}
			if strong == me {
				diff += closeness
			} else {
				diff -= closeness
			}
		}
	}
	return diff
}
