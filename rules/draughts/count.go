package draughts

import "math/bits"

// CountMoves is the number of legal moves of p, as Generate would list them, without
// listing the plain moves: when the side to move has no capture (most positions) it counts
// the men's steps and the kings' slides with shifts and popcounts; otherwise it generates
// the captures (majority and duplicates need the list) into l. It is Perft's leaf count
// ("bulk counting"); l is caller-owned scratch as for Generate.
func (p *Position) CountMoves(l *MoveList) int {
	me := p.side & 1
	op := me ^ 1
	return countMoves(rulesFor(p.variant), l, me, p.men[me], p.kings[me], p.men[op]|p.kings[op])
}

// countMoves is CountMoves for seat me with men m and kings k against the pieces opp.
func countMoves(r *Rules, l *MoveList, me uint8, m, k, opp uint64) int {
	empty := r.mask &^ (m | k | opp)
	men, kings := capturersOf(r, me, m, k, opp, empty)
	if men|kings != 0 {
		if kings == 0 {
			if n, ok := countManCaptures(r, me, opp, empty, men); ok {
				return n
			}
		}
		l.N = 0
		captureList(r, l, me, opp, empty, men, kings)
		return l.N
	}
	h := uint(r.half)
	var n int
	if me == r.topSeat {
		n = bits.OnesCount64(m<<h&empty) + bits.OnesCount64(m<<(h+1)&empty)
	} else {
		n = bits.OnesCount64(m>>h&empty) + bits.OnesCount64(m>>(h+1)&empty)
	}
	if k == 0 {
		return n
	}
	if !r.FlyingKings {
		// Per direction: two kings may step to one square.
		return n + bits.OnesCount64(k<<h&empty) + bits.OnesCount64(k<<(h+1)&empty) +
			bits.OnesCount64(k>>h&empty) + bits.OnesCount64(k>>(h+1)&empty)
	}
	// Flying kings: fill each ray over empty squares. Two kings' rays in one direction never
	// meet (the one behind is blocked by the one in front), so the popcounts add up.
	for t := k << h & empty; t != 0; t = t << h & empty {
		n += bits.OnesCount64(t)
	}
	for t := k << (h + 1) & empty; t != 0; t = t << (h + 1) & empty {
		n += bits.OnesCount64(t)
	}
	for t := k >> h & empty; t != 0; t = t >> h & empty {
		n += bits.OnesCount64(t)
	}
	for t := k >> (h + 1) & empty; t != 0; t = t >> (h + 1) & empty {
		n += bits.OnesCount64(t)
	}
	return n
}

// play is Apply without the Zobrist key (left stale): Perft's make-move, which never reads
// the key.
func (p *Position) play(m Move) Position {
	q := *p
	me := q.side & 1
	op := me ^ 1
	fb := uint64(1) << m.from
	tb := uint64(1) << m.to
	switch {
	case m.flags&flagKing != 0:
		q.kings[me] = q.kings[me]&^fb | tb // from == to in a ring capture
	case m.flags&flagPromote != 0:
		q.men[me] &^= fb
		q.kings[me] |= tb
	default:
		q.men[me] = q.men[me]&^fb | tb
	}
	if c := m.captured; c != 0 {
		q.men[op] &^= c
		q.kings[op] &^= c
	}
	q.side = op
	return q
}

// manCount walks men's capture sequences counting their ends (no list, no moves made).
type manCount struct {
	opp, empty uint64
	dirs       []int
	stop       uint64 // squares where a capture ends on crowning (checkers' far row), else 0
	majority   bool
	best, n    int
	long       bool // a sequence of 4 or more captures: two paths may be one move
}

// countManCaptures is the number of legal captures when only men (from the bitboard men)
// can capture; ok is false when a sequence takes 4 or more pieces, where two paths can be
// the same move (a ring) and only the list tells them apart. The first jumps are found
// with shifts for all men at once, and a landing square is walked further only when a
// next jump starts there.
func countManCaptures(r *Rules, me uint8, opp, empty, men uint64) (n int, ok bool) {
	h := uint(r.half)
	h1 := h + 1
	// jump[i]: squares from which a jump in direction step[i] works (+h, +h+1, -h, -h-1);
	// i^2 is the opposite direction.
	jump := [4]uint64{
		opp >> h & (empty >> (2 * h)), opp >> h1 & (empty >> (2 * h1)),
		opp << h & (empty << (2 * h)), opp << h1 & (empty << (2 * h1)),
	}
	step := [4]int{int(h), int(h1), -int(h), -int(h1)}
	lo, hi := 0, 4 // the directions men capture in
	if !r.MenCaptureBackward {
		if me == r.topSeat {
			hi = 2
		} else {
			lo = 2
		}
	}
	goOn := ^uint64(0) // landing squares where the capture may go on
	if r.PromotionEndsMove {
		goOn = ^r.promo[me]
	}
	c := manCount{opp: opp, dirs: r.captureD[me], majority: r.MajorityCapture, best: 1}
	singles := 0
	for i := lo; i < hi; i++ {
		j := men & jump[i]
		if j == 0 {
			continue
		}
		var land uint64
		d := step[i]
		if d > 0 {
			land = j << uint(2*d)
		} else {
			land = j >> uint(-2*d)
		}
		next := land & goOn & (jump[0] | jump[1] | jump[2] | jump[3]) &^ jump[i^2]
		if !r.MenCaptureBackward {
			next = land & goOn & (jump[lo] | jump[lo+1])
		}
		singles += bits.OnesCount64(land &^ next)
		for ; next != 0; next &= next - 1 {
			t := bits.TrailingZeros64(next)
			c.empty = empty | 1<<uint(t-2*d)
			c.walk(t, 1<<uint(t-d), 1)
		}
	}
	if c.majority && c.best > 1 {
		return c.n, !c.long
	}
	return singles + c.n, !c.long
}

func (c *manCount) walk(sq int, captured uint64, n int) {
	more := false
	if n == 0 || c.stop>>uint(sq)&1 == 0 {
		for _, d := range c.dirs {
			v := sq + d
			t := v + d
			if uint(t) >= 64 || (c.opp&^captured)>>uint(v)&1 == 0 || c.empty>>uint(t)&1 == 0 {
				continue
			}
			more = true
			c.walk(t, captured|1<<uint(v), n+1)
		}
	}
	if more || n == 0 {
		return
	}
	if n >= 4 {
		c.long = true
	}
	switch {
	case !c.majority || n == c.best:
		c.n++
	case n > c.best:
		c.best, c.n = n, 1
	}
}
