package draughts

import (
	"math/bits"

	"madang/rules"
)

// Position is a board and the side to move: a small comparable value (bitboards in the
// layout of Rules.Bit, no slices or maps), usable as a map key and safe to copy between
// goroutines. Seat 0 is the first mover (Black in checkers, White in draughts). The zero
// Position is not valid; make one with Start, ParseFEN or Apply.
type Position struct {
	men, kings [2]uint64 // by seat
	hash       uint64    // Zobrist key of the above and the side to move
	side       uint8     // seat to move
	variant    uint8     // index into variants
}

// Start is the start position of r: seat 0 to move, 12 (20) men each on the first 3 (4)
// rows.
func (r *Rules) Start() Position {
	p := Position{variant: r.variant}
	p.men = r.start
	p.hash = p.computeHash()
	return p
}

// Rules is the ruleset the position belongs to.
func (p Position) Rules() *Rules { return rulesFor(p.variant) }

// Side is the seat to move.
func (p Position) Side() rules.Seat { return rules.Seat(p.side) }

// Men is the layout bitboard of seat's men.
func (p Position) Men(seat rules.Seat) uint64 { return p.men[seat&1] }

// Kings is the layout bitboard of seat's kings.
func (p Position) Kings(seat rules.Seat) uint64 { return p.kings[seat&1] }

// Pieces is the layout bitboard of all of seat's pieces.
func (p Position) Pieces(seat rules.Seat) uint64 { return p.men[seat&1] | p.kings[seat&1] }

// Empty is the layout bitboard of the empty squares.
func (p Position) Empty() uint64 {
	return rulesFor(p.variant).mask &^ (p.men[0] | p.men[1] | p.kings[0] | p.kings[1])
}

// CountMen is the number of seat's men.
func (p Position) CountMen(seat rules.Seat) int { return bits.OnesCount64(p.men[seat&1]) }

// CountKings is the number of seat's kings.
func (p Position) CountKings(seat rules.Seat) int { return bits.OnesCount64(p.kings[seat&1]) }

// Hash is the position's Zobrist key (pieces and side to move), kept incrementally by Apply.
func (p Position) Hash() uint64 { return p.hash }

// Piece tells what stands on sq: ok is false for an empty square (or one off the board).
func (p Position) Piece(sq Square) (seat rules.Seat, king bool, ok bool) {
	b := rulesFor(p.variant).Bit(sq)
	for s := 0; s < 2; s++ {
		if p.men[s]&b != 0 {
			return rules.Seat(s), false, true
		}
		if p.kings[s]&b != 0 {
			return rules.Seat(s), true, true
		}
	}
	return rules.NoSeat, false, false
}

// Apply returns the position after m, which must be a move Generate gave for p (copy-make;
// p is unchanged). The captured pieces are removed and the side to move passes.
func (p Position) Apply(m Move) Position {
	me := p.side & 1
	op := me ^ 1
	fb := uint64(1) << m.from
	tb := uint64(1) << m.to
	z := &zobrist
	switch {
	case m.flags&flagKing != 0:
		p.kings[me] = p.kings[me]&^fb | tb
		p.hash ^= z.keys[me][1][m.from] ^ z.keys[me][1][m.to]
	case m.flags&flagPromote != 0:
		p.men[me] &^= fb
		p.kings[me] |= tb
		p.hash ^= z.keys[me][0][m.from] ^ z.keys[me][1][m.to]
	default:
		p.men[me] = p.men[me]&^fb | tb
		p.hash ^= z.keys[me][0][m.from] ^ z.keys[me][0][m.to]
	}
	if m.captured != 0 {
		for c := p.men[op] & m.captured; c != 0; c &= c - 1 {
			p.hash ^= z.keys[op][0][bits.TrailingZeros64(c)]
		}
		for c := p.kings[op] & m.captured; c != 0; c &= c - 1 {
			p.hash ^= z.keys[op][1][bits.TrailingZeros64(c)]
		}
		p.men[op] &^= m.captured
		p.kings[op] &^= m.captured
	}
	p.side = op
	p.hash ^= z.side
	return p
}

// From is the move's start square in PDN numbering.
func (p Position) From(m Move) Square { return rulesFor(p.variant).sqOf[m.from&63] }

// To is the move's end square in PDN numbering.
func (p Position) To(m Move) Square { return rulesFor(p.variant).sqOf[m.to&63] }

// zobrist holds the random keys: [seat][man=0/king=1][layout bit], and the side key.
var zobrist struct {
	keys [2][2][64]uint64
	side uint64
}

func init() {
	// splitmix64 with a fixed seed: the same keys in every build.
	x := uint64(0x6d6164616e67) // "madang"
	next := func() uint64 {
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	for s := range zobrist.keys {
		for k := range zobrist.keys[s] {
			for b := range zobrist.keys[s][k] {
				zobrist.keys[s][k][b] = next()
			}
		}
	}
	zobrist.side = next()
}

func (p *Position) computeHash() uint64 {
	var h uint64
	for s := 0; s < 2; s++ {
		for c := p.men[s]; c != 0; c &= c - 1 {
			h ^= zobrist.keys[s][0][bits.TrailingZeros64(c)]
		}
		for c := p.kings[s]; c != 0; c &= c - 1 {
			h ^= zobrist.keys[s][1][bits.TrailingZeros64(c)]
		}
	}
	if p.side == 1 {
		h ^= zobrist.side
	}
	return h
}

// Perft counts the leaf nodes of the legal move tree of depth plies from p, one node per
// move as identified by (from, to, captured set). Depth 0 is 1. It allocates one MoveList
// per ply up front and nothing in the tree walk.
func Perft(p Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	lists := make([]MoveList, depth)
	return perft(p, depth, lists)
}

func perft(p Position, depth int, lists []MoveList) uint64 {
	l := &lists[0]
	if depth == 1 {
		return uint64(p.CountMoves(l))
	}
	if depth == 2 {
		return perft2(&p, l, &lists[1])
	}
	p.Generate(l)
	var n uint64
	for i := 0; i < l.N; i++ {
		n += perft(p.play(l.Moves[i]), depth-1, lists[1:])
	}
	return n
}

// Place makes the position with seat side to move and the given men and kings per seat,
// as layout bitboards (see Rules.Bit). It fails when a bit is off the board, two pieces
// share a square, or a man stands on its own promotion row (it would have been crowned).
// Endgame-table builders use it to walk every placement without FEN text.
func (r *Rules) Place(side rules.Seat, men, kings [2]uint64) (Position, error) {
	var all uint64
	for s := 0; s < 2; s++ {
		for _, b := range [2]uint64{men[s], kings[s]} {
			if b&^r.mask != 0 || b&all != 0 {
				return Position{}, errPlace
			}
			all |= b
		}
		if men[s]&r.promo[s] != 0 {
			return Position{}, errPlace
		}
	}
	p := Position{men: men, kings: kings, side: uint8(side & 1), variant: r.variant}
	p.hash = p.computeHash()
	return p, nil
}

var errPlace = placeError{}

type placeError struct{}

func (placeError) Error() string {
	return "draughts: a piece off the board, two pieces on one square, or a man on its promotion row"
}

// perft2 is perft at depth 2: each child's moves are counted from the occupancy the move
// leaves (a plain move changes only the mover's from and to squares, and the child's count
// needs the mover's pieces only as blockers and prey), without making the move and, for
// plain moves, without listing it.
func perft2(p *Position, l, child *MoveList) uint64 {
	r := rulesFor(p.variant)
	me := p.side & 1
	op := me ^ 1
	own := p.men[me] | p.kings[me]
	oppMen, oppKings := p.men[op], p.kings[op]
	empty := r.mask &^ (own | oppMen | oppKings)
	var n uint64
	if men, kings := capturersOf(r, me, p.men[me], p.kings[me], oppMen|oppKings, empty); men|kings != 0 {
		l.N = 0
		captureList(r, l, me, oppMen|oppKings, empty, men, kings)
		for i := 0; i < l.N; i++ {
			m := &l.Moves[i]
			mine := own&^(1<<m.from) | 1<<m.to
			n += uint64(countMoves(r, child, op, oppMen&^m.captured, oppKings&^m.captured, mine))
		}
		return n
	}
	h := uint(r.half)
	men := p.men[me]
	var a, b uint64
	var da, db uint
	up := me == r.topSeat
	if up {
		a, b, da, db = men<<h&empty, men<<(h+1)&empty, h, h+1
	} else {
		a, b, da, db = men>>h&empty, men>>(h+1)&empty, h, h+1
	}
	for ; a != 0; a &= a - 1 {
		t := a & -a
		f := t >> da
		if !up {
			f = t << da
		}
		n += uint64(countMoves(r, child, op, oppMen, oppKings, own^(f|t)))
	}
	for ; b != 0; b &= b - 1 {
		t := b & -b
		f := t >> db
		if !up {
			f = t << db
		}
		n += uint64(countMoves(r, child, op, oppMen, oppKings, own^(f|t)))
	}
	for ks := p.kings[me]; ks != 0; ks &= ks - 1 {
		f := bits.TrailingZeros64(ks)
		for _, d := range r.dirs {
			for t := f + d; uint(t) < 64 && empty>>uint(t)&1 != 0; t += d {
				n += uint64(countMoves(r, child, op, oppMen, oppKings, own^(1<<uint(f)|1<<uint(t))))
				if !r.FlyingKings {
					break
				}
			}
		}
	}
	return n
}
