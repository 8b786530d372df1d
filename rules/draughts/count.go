package draughts

import "math/bits"

// CountMoves is the number of legal moves of p, as Generate would list them, without
// listing the plain moves: when the side to move has no capture (most positions) it counts
// the men's steps and the kings' slides with shifts and popcounts; otherwise it generates
// the captures (majority and duplicates need the list) into l. It is Perft's leaf count
// ("bulk counting"); l is caller-owned scratch as for Generate.
func (p *Position) CountMoves(l *MoveList) int {
	r := rulesFor(p.variant)
	me := p.side & 1
	op := me ^ 1
	own := p.men[me] | p.kings[me]
	opp := p.men[op] | p.kings[op]
	empty := r.mask &^ (own | opp)
	men, kings := p.capturers(r, me, opp, empty)
	if men|kings != 0 {
		l.N = 0
		p.captureList(r, l, me, opp, empty, men, kings)
		return l.N
	}
	h := uint(r.half)
	var n int
	m := p.men[me]
	if me == r.topSeat {
		n = bits.OnesCount64(m<<h&empty) + bits.OnesCount64(m<<(h+1)&empty)
	} else {
		n = bits.OnesCount64(m>>h&empty) + bits.OnesCount64(m>>(h+1)&empty)
	}
	k := p.kings[me]
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
