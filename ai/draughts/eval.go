package draughts

import (
	"math/bits"

	"madang/ai"
	"madang/rules"
	rd "madang/rules/draughts"
)

// Score units are centi-men: a man is worth 100.
const (
	manValue = 100
	// WinScore is the score of a won position at the root; a win found n plies deep
	// scores WinScore-n.
	WinScore = 30000
	winBound = WinScore - 1000
)

// evalTables are the precomputed weights of one variant, indexed by seat and by the
// layout bit of rules/draughts (Rules.Bit).
type evalTables struct {
	kingValue int
	adv       [2][64]int    // rows a man of the seat has advanced from its home row
	centre    [64]int       // closeness to the middle of the board
	cone      [2][64]uint64 // squares a defender must hold to stop a man running to the crown
	guard     [2][64]int    // bonus of a man staying on a key home square
	left      uint64        // the left half of the board (columns a-e in draughts)
	fwd       [2][64]uint64 // the squares a man of the seat steps to
	row, col  [64]int       // row and column in the diagram (square 1 at the top)
	dirs      [4]int        // layout offsets of the four diagonal neighbours
	startMen  int           // men on the board at the start (24 or 40)
}

func newEvalTables(v *Variant) *evalTables {
	r := v.R
	t := &evalTables{kingValue: 140}
	if v.FlyingKings {
		t.kingValue = 300
	}
	size := v.Size
	half := size / 2
	t.dirs = [4]int{-half - 1, -half, half, half + 1}
	// up is the seat whose men move towards square 1 (row 0): White in both games.
	up := 0
	if r.PromotionRow(0)&r.Bit(1) == 0 {
		up = 1
	}
	var squares []int // layout bits of the playable squares
	for sq := rd.Square(1); int(sq) <= r.Squares(); sq++ {
		b := lowBit(r.Bit(sq))
		i := int(sq) - 1
		row, col := i/half, 2*(i%half)
		if row%2 == 0 {
			col++
		}
		t.row[b], t.col[b] = row, col
		squares = append(squares, b)
	}
	t.startMen = 2 * (2 * len(squares) / 5)
	for _, s := range squares {
		rw, c := t.row[s], t.col[s]
		t.adv[up][s] = size - 1 - rw
		t.adv[1-up][s] = rw
		cd := abs(2*c - (size - 1))
		rdist := abs(2*rw - (size - 1))
		t.centre[s] = max(0, size-cd-rdist) / 2
		if c < size/2 {
			t.left |= 1 << s
		}
		for _, o := range squares {
			orow, oc := t.row[o], t.col[o]
			if abs(orow-rw) == 1 && abs(oc-c) == 1 {
				if orow < rw {
					t.fwd[up][s] |= 1 << o
				} else {
					t.fwd[1-up][s] |= 1 << o
				}
			}
			for seat := 0; seat < 2; seat++ {
				ahead := rw - orow // rows towards the crown
				if seat != up {
					ahead = orow - rw
				}
				if ahead > 0 && abs(oc-c) <= ahead+1 {
					t.cone[seat][s] |= 1 << o
				}
			}
		}
		if rw == size-1 {
			t.guard[up][s] = 4
		}
		if rw == 0 {
			t.guard[1-up][s] = 4
		}
	}
	set := func(seat int, sq rd.Square, w int) { t.guard[seat][lowBit(r.Bit(sq))] = w }
	if !v.FlyingKings {
		// Checkers: the "bridge" squares 1 and 3 (Black) and 30 and 32 (White) keep
		// the opponent from crowning cheaply.
		set(1-up, 1, 12)
		set(1-up, 3, 12)
		set(up, 30, 12)
		set(up, 32, 12)
	} else {
		// Draughts: the back-row men on 47, 48, 49 (White) and 2, 3, 4 (Black).
		set(up, 47, 7)
		set(up, 48, 9)
		set(up, 49, 7)
		set(1-up, 2, 7)
		set(1-up, 3, 9)
		set(1-up, 4, 7)
	}
	return t
}

func lowBit(b uint64) int { return bits.TrailingZeros64(b) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Evaluate scores p in centi-men from the view of the side to move: the learned
// evaluation (learned.go; a man is worth 100) when the variant has weights, else the
// hand-made one (classic); then known drawn endings (a lone king against at most three
// pieces in draughts, equal kings-only endings in checkers) are pulled towards 0.
func (v *Variant) Evaluate(p *rd.Position) int {
	t := v.ev
	var men, kings [2]int
	var menB, kingsB [2]uint64
	for c := rules.Seat(0); c < 2; c++ {
		menB[c], kingsB[c] = p.Men(c), p.Kings(c)
		men[c] = bits.OnesCount64(menB[c])
		kings[c] = bits.OnesCount64(kingsB[c])
	}
	me := p.Side()
	// A side without pieces has lost. The score is a win at the farthest ply a search
	// reaches (not WinScore-1): the search adds the ply when it stores a win score, and a
	// score from a quiescence leaf must stay below WinScore there (it overflowed the root's
	// window and crashed a search with the learned evaluation).
	if men[me]+kings[me] == 0 {
		return -WinScore + ai.MaxPly
	}
	if men[me^1]+kings[me^1] == 0 {
		return WinScore - ai.MaxPly
	}
	mat := (men[me]-men[me^1])*manValue + (kings[me]-kings[me^1])*t.kingValue
	var diff int
	if v.lw != nil {
		diff = v.blendScore(v.lw, p)
		if me == 1 {
			diff = -diff
		}
	} else {
		diff = v.classic(p, men, kings, menB, kingsB, mat)
	}
	return v.endings(diff, mat, me, men, kings, kingsB)
}

// classic is the hand-made evaluation (the only one before the learned evaluation) from the side to
// move's view, without the endings' adjustments: material with king values (checkers 1.4 men,
// draughts 3 men), advancement growing towards the ending, the centre, guards on the home row, men
// with a free run to the crown, king mobility or centralisation. It is kept for matches against the
// learned one, for the trainer's self-play and as the fallback when no weights load.
func (v *Variant) classic(p *rd.Position, men, kings [2]int, menB, kingsB [2]uint64, mat int) int {
	t := v.ev
	me := p.Side()
	totalMen := men[0] + men[1]
	pieces := totalMen + kings[0] + kings[1]
	empty := p.Empty()
	occ := v.R.Board() &^ empty
	// Advancement counts for more as the men thin out (runaways and crowning decide
	// endings); in the opening it is a slight plus only.
	advWeight := 1 + (t.startMen-totalMen)/6
	var score [2]int
	for c := rules.Seat(0); c < 2; c++ {
		s := men[c]*manValue + kings[c]*t.kingValue
		oppPieces := menB[c^1] | kingsB[c^1]
		if v.FlyingKings && men[c] >= 6 {
			// Draughts: men spread over both wings keep their formation flexible.
			s -= 3 * abs(bits.OnesCount64(menB[c]&t.left)-bits.OnesCount64(menB[c]&^t.left))
		}
		oppHasKing := kings[c^1] > 0
		for b := menB[c]; b != 0; b &= b - 1 {
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
		for b := kingsB[c]; b != 0; b &= b - 1 {
			sq := bits.TrailingZeros64(b)
			if v.FlyingKings {
				// Mobility: the empty squares along the four diagonals (a step off the
				// board lands on a ghost bit or outside the board mask).
				mob := 0
				for _, d := range t.dirs {
					for x := sq + d; uint(x) < 64 && empty>>uint(x)&1 != 0; x += d {
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
	// Ahead in material, trading down makes the extra material count for more: the
	// advantage is worth more against fewer pieces (3 kings v 2 gains by trading to 2 v 1).
	return diff + mat*4/pieces
}

// endings adjusts an evaluation diff (side to move's view) for known endings: drawn ones
// pulled towards 0, and in checkers' kings-only endings the stronger side closing in.
func (v *Variant) endings(diff, mat int, me rules.Seat, men, kings [2]int, kingsB [2]uint64) int {
	t := v.ev
	totalMen := men[0] + men[1]
	if v.FlyingKings {
		// FMJD art. 6.2/6.3 endings (at most three pieces with a king against a lone
		// king) are drawn by rule or theory; so is a king each with little else.
		for c := 0; c < 2; c++ {
			if men[c] == 0 && kings[c] == 1 && kings[c^1] >= 1 && men[c^1]+kings[c^1] <= 3 {
				return diff / 16
			}
		}
		// The side ahead against a king (after Scan 2.0's drawish material): with at
		// most three pieces it can seldom win; with kings equal and at most a man more,
		// its lead is worth half. A side a king up keeps its whole lead.
		ahead := me
		if diff < 0 {
			ahead = me ^ 1
		}
		if diff != 0 && kings[ahead^1] > 0 {
			if men[ahead]+kings[ahead] <= 3 {
				return diff / 8
			}
			if kings[0] == kings[1] && abs(men[0]-men[1]) <= 1 {
				diff /= 2
			}
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
			for a := kingsB[strong]; a != 0; a &= a - 1 {
				sa := bits.TrailingZeros64(a)
				for b := kingsB[strong^1]; b != 0; b &= b - 1 {
					sb := bits.TrailingZeros64(b)
					closeness += 14 - max(abs(t.row[sa]-t.row[sb]), abs(t.col[sa]-t.col[sb]))
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
