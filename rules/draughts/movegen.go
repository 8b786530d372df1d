package draughts

import (
	"math/bits"

	"madang/rules"
)

// MaxMoves bounds a MoveList. Non-capture moves are at most 4 x 48 (each ends on an empty
// square, reached from at most four directions); capture lists are far shorter in any
// known position. Moves beyond the bound would be dropped.
const MaxMoves = 512

// Move is one legal move of the Position it was generated for. Its identity is (from, to,
// set of captured pieces) (cases file, "Move identity"): two capture paths with the same
// three are one Move, and Moves compare equal with == exactly when they are the same move.
// The landing path of a capture is not stored; Position.Path and Position.MoveText derive
// it. A Move applied to any other position than its own gives an undefined result.
type Move struct {
	from, to uint8 // layout bits
	flags    uint8
	n        uint8  // pieces captured
	captured uint64 // layout bitboard of the captured pieces
}

const (
	flagKing    uint8 = 1 << iota // the moving piece is a king
	flagPromote                   // a man is crowned by this move
)

// IsCapture reports whether the move captures.
func (m Move) IsCapture() bool { return m.n != 0 }

// NumCaptured is the number of pieces the move captures.
func (m Move) NumCaptured() int { return int(m.n) }

// Captured is the layout bitboard (see Rules.Bit) of the pieces the move captures.
func (m Move) Captured() uint64 { return m.captured }

// IsKingMove reports whether the moving piece is a king.
func (m Move) IsKingMove() bool { return m.flags&flagKing != 0 }

// ManMoveOrCapture reports whether the move moves a man or captures: the one predicate of
// the draw rules' irreversible move. Such a move resets the quiet-move count (WCDF 1.32.1:
// 40 moves each without one; FMJD art. 6.1: 25 moves each of kings only without one),
// starts the repetition count afresh (no earlier position can return), and lifts the ban
// on offering a draw after a declined offer (seed 001, "일반 말이 움직이거나 말이 따먹힐
// 때까지"). The rules, the engine's search, the engine protocol and the rooms all ask it.
func (m Move) ManMoveOrCapture() bool { return m.IsCapture() || !m.IsKingMove() }

// Promotes reports whether the move crowns a man.
func (m Move) Promotes() bool { return m.flags&flagPromote != 0 }

// FromBit and ToBit are the layout bits of the move's start and end squares.
func (m Move) FromBit() int { return int(m.from) }

// ToBit is the layout bit of the move's end square.
func (m Move) ToBit() int { return int(m.to) }

// MoveList is a caller-owned buffer for Generate: Moves[:N] are the moves. Keep one per
// search ply; it is 8 KiB and Generate never allocates.
type MoveList struct {
	N     int
	Moves [MaxMoves]Move
}

// Slice returns the generated moves (a view into the buffer).
func (l *MoveList) Slice() []Move { return l.Moves[:l.N] }

func (l *MoveList) push(m Move) {
	if l.N < MaxMoves {
		l.Moves[l.N] = m
		l.N++
	}
}

// Generate fills l with every legal move of p: the captures if there is any (compulsory,
// and for International only those taking the most pieces, FMJD art. 4.13), else the plain
// moves. Duplicate capture paths are listed once. It does not allocate.
func (p *Position) Generate(l *MoveList) {
	l.N = 0
	r := rulesFor(p.variant)
	me := p.side & 1
	op := me ^ 1
	own := p.men[me] | p.kings[me]
	opp := p.men[op] | p.kings[op]
	empty := r.mask &^ (own | opp)
	if p.captures(r, l, me, opp, empty) {
		return
	}
	// Plain moves: at most 4 x 48 < MaxMoves, so n&(MaxMoves-1) == n below (it only
	// spares the bounds check).
	n := 0
	h := uint(r.half)
	men := p.men[me]
	promo := r.promo[me]
	var a, b uint64 // men's targets in the two forward directions
	var da, db int  // those directions in layout bits
	if me == r.topSeat {
		a, b, da, db = men<<h&empty, men<<(h+1)&empty, int(h), int(h+1)
	} else {
		a, b, da, db = men>>h&empty, men>>(h+1)&empty, -int(h), -int(h+1)
	}
	for ; a != 0; a &= a - 1 {
		t := bits.TrailingZeros64(a)
		l.Moves[n&(MaxMoves-1)] = Move{from: uint8(t - da), to: uint8(t), flags: uint8(promo>>uint(t)&1) * flagPromote}
		n++
	}
	for ; b != 0; b &= b - 1 {
		t := bits.TrailingZeros64(b)
		l.Moves[n&(MaxMoves-1)] = Move{from: uint8(t - db), to: uint8(t), flags: uint8(promo>>uint(t)&1) * flagPromote}
		n++
	}
	// Kings: one step or any distance along free diagonals.
	for ks := p.kings[me]; ks != 0; ks &= ks - 1 {
		f := bits.TrailingZeros64(ks)
		for _, d := range r.dirs {
			t := f + d
			for uint(t) < 64 && empty>>uint(t)&1 != 0 {
				l.Moves[n&(MaxMoves-1)] = Move{from: uint8(f), to: uint8(t), flags: flagKing}
				n++
				if !r.FlyingKings {
					break
				}
				t += d
			}
		}
	}
	l.N = n
}

// HasCapture reports whether the side to move has a capture (and so must capture), with
// shifts only and without generating the moves: the cheap test a quiescence search needs.
func (p *Position) HasCapture() bool { return p.CanCapture(p.Side()) }

// CanCapture reports whether seat would have a capture if it were to move: for the side to
// move it is HasCapture; for the other seat it tells whether a capture is threatened.
func (p *Position) CanCapture(seat rules.Seat) bool {
	r := rulesFor(p.variant)
	me := uint8(seat & 1)
	op := me ^ 1
	opp := p.men[op] | p.kings[op]
	empty := r.mask &^ (p.men[me] | p.kings[me] | opp)
	men, kings := p.capturers(r, me, opp, empty)
	return men|kings != 0
}

// capGen holds the state of one capture search.
type capGen struct {
	r     *Rules
	l     *MoveList
	me    uint8
	opp   uint64 // opponent pieces (captured ones stay here: they block until the move ends)
	empty uint64 // empty squares, including the mover's start square
	from  uint8
	king  bool
	best  int
}

// captures adds the legal captures to l and reports whether there were any.
func (p *Position) captures(r *Rules, l *MoveList, me uint8, opp, empty uint64) bool {
	men, kings := p.capturers(r, me, opp, empty)
	if men == 0 && kings == 0 {
		return false // most positions: no capture at all
	}
	captureList(r, l, me, opp, empty, men, kings)
	return l.N > 0
}

// captureList adds to l the legal captures of the men and kings that capturers found.
func captureList(r *Rules, l *MoveList, me uint8, opp, empty, men, kings uint64) {
	g := capGen{r: r, l: l, me: me, opp: opp}
	for ; men != 0; men &= men - 1 {
		f := bits.TrailingZeros64(men)
		g.from, g.king = uint8(f), false
		g.empty = empty | 1<<uint(f)
		g.man(f, 0, 0)
	}
	for ; kings != 0; kings &= kings - 1 {
		f := bits.TrailingZeros64(kings)
		g.from, g.king = uint8(f), true
		g.empty = empty | 1<<uint(f)
		if r.FlyingKings {
			g.flying(f, 0, 0, 0)
		} else {
			g.stepKing(f, 0, 0)
		}
	}
}

// capturers finds, with shifts only, the men and the kings of the side to move that can
// start a capture: an opponent piece next to them (for a flying king, the first piece on
// the line) with an empty square behind it.
func (p *Position) capturers(r *Rules, me uint8, opp, empty uint64) (men, kings uint64) {
	return capturersOf(r, me, p.men[me], p.kings[me], opp, empty)
}

// capturersOf is capturers for seat me with men m and kings k.
func capturersOf(r *Rules, me uint8, m, k, opp, empty uint64) (men, kings uint64) {
	h := uint(r.half)
	h1 := h + 1
	// The squares from which a jump towards higher bits (+h, +h+1) or lower bits works.
	upH := opp >> h & (empty >> (2 * h))
	upH1 := opp >> h1 & (empty >> (2 * h1))
	downH := opp << h & (empty << (2 * h))
	downH1 := opp << h1 & (empty << (2 * h1))
	if m != 0 {
		switch {
		case r.MenCaptureBackward:
			men = m & (upH | upH1 | downH | downH1)
		case me == r.topSeat:
			men = m & (upH | upH1)
		default:
			men = m & (downH | downH1)
		}
	}
	if k == 0 {
		return men, 0
	}
	if !r.FlyingKings {
		return men, k & (upH | upH1 | downH | downH1)
	}
	// A flying king may first slide over empty squares towards that square.
	for t := upH & empty; t != 0; t = t >> h & empty {
		upH |= t >> h
	}
	for t := upH1 & empty; t != 0; t = t >> h1 & empty {
		upH1 |= t >> h1
	}
	for t := downH & empty; t != 0; t = t << h & empty {
		downH |= t << h
	}
	for t := downH1 & empty; t != 0; t = t << h1 & empty {
		downH1 |= t << h1
	}
	return men, k & (upH | upH1 | downH | downH1)
}

// man extends a man's capture sequence from bit sq.
func (g *capGen) man(sq int, captured uint64, n int) {
	r := g.r
	more := false
	if !(n > 0 && r.PromotionEndsMove && r.promo[g.me]>>uint(sq)&1 != 0) {
		for _, d := range r.captureD[g.me] {
			v := sq + d
			t := v + d
			if uint(t) >= 64 || g.opp&^captured>>uint(v)&1 == 0 || g.empty>>uint(t)&1 == 0 {
				continue
			}
			more = true
			g.man(t, captured|1<<uint(v), n+1)
		}
	}
	if !more && n > 0 {
		g.emit(sq, captured, n)
	}
}

// stepKing extends a short-range king's capture sequence from bit sq.
func (g *capGen) stepKing(sq int, captured uint64, n int) {
	more := false
	for _, d := range g.r.dirs {
		v := sq + d
		t := v + d
		if uint(t) >= 64 || g.opp&^captured>>uint(v)&1 == 0 || g.empty>>uint(t)&1 == 0 {
			continue
		}
		more = true
		g.stepKing(t, captured|1<<uint(v), n+1)
	}
	if !more && n > 0 {
		g.emit(sq, captured, n)
	}
}

// flying extends a flying king's capture sequence from bit sq; back is the direction it
// came from (0 at the start), which it cannot take again (the piece just taken blocks it).
func (g *capGen) flying(sq int, captured uint64, n int, back int) {
	more := false
	for _, d := range g.r.dirs {
		if d == back {
			continue
		}
		v := sq + d
		for uint(v) < 64 && g.empty>>uint(v)&1 != 0 {
			v += d
		}
		if uint(v) >= 64 || g.opp&^captured>>uint(v)&1 == 0 {
			continue
		}
		t := v + d
		c := captured | 1<<uint(v)
		for uint(t) < 64 && g.empty>>uint(t)&1 != 0 {
			more = true
			g.flying(t, c, n+1, -d)
			t += d
		}
	}
	if !more && n > 0 {
		g.emit(sq, captured, n)
	}
}

func (g *capGen) emit(to int, captured uint64, n int) {
	l := g.l
	if g.r.MajorityCapture {
		if n < g.best {
			return
		}
		if n > g.best {
			g.best = n
			l.N = 0
		}
	}
	m := Move{from: g.from, to: uint8(to), n: uint8(n), captured: captured}
	if g.king {
		m.flags = flagKing
	} else if g.r.promo[g.me]>>uint(to)&1 != 0 {
		m.flags = flagPromote
	}
	if n >= 2 {
		// Two or more captures can reach the same (from, to, captured) by different
		// paths: a flying king's landing before a second piece on the same line, or a ring.
		for i := 0; i < l.N; i++ {
			if l.Moves[i] == m {
				return
			}
		}
	}
	l.push(m)
}
