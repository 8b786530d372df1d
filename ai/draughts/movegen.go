package draughts

import "math/bits"

// Move is a move's identity (draughts cases file: "a move is identified by (from, to,
// set of captured pieces)"): 0-based squares and the captured squares as a bitboard.
type Move struct {
	From, To int8
	Captured uint64
}

// IsCapture reports whether the move takes pieces.
func (m Move) IsCapture() bool { return m.Captured != 0 }

// code is the move's compact code for the transposition table and killers (never 0).
func (m Move) code() uint32 {
	c := uint32(m.From)<<6 | uint32(m.To) | 1<<12
	if m.Captured != 0 {
		c |= uint32((m.Captured*0x9e3779b97f4a7c15)>>45) << 13
	}
	return c
}

// MaxMoves bounds a move list; real positions stay far below it.
const MaxMoves = 512

// MoveList is a fixed-size list filled by Generate without allocation.
type MoveList struct {
	N int
	M [MaxMoves]Move
}

// Moves is the filled part of the list.
func (l *MoveList) Moves() []Move { return l.M[:l.N] }

type capGen struct {
	v      *Variant
	l      *MoveList
	me     Color
	from   int8
	opp    uint64 // opponent pieces
	occ    uint64 // every piece except the moving one
	best   int
	bigCap bool
}

func (c *capGen) add(to int8, captured uint64) {
	if c.v.Majority {
		n := bits.OnesCount64(captured)
		if n < c.best {
			return
		}
		if n > c.best {
			c.best = n
			c.l.N = 0
		}
	}
	for i := 0; i < c.l.N; i++ {
		m := &c.l.M[i]
		if m.From == c.from && m.To == to && m.Captured == captured {
			return
		}
	}
	if c.l.N < MaxMoves {
		c.l.M[c.l.N] = Move{From: c.from, To: to, Captured: captured}
		c.l.N++
	}
}

// short follows jumps over an adjacent piece (men of both rulesets, checkers kings).
func (c *capGen) short(sq int8, captured uint64, king bool) {
	g := c.v.g
	found := false
	for d := 0; d < 4; d++ {
		if !king && !c.v.MenCaptureBack && (d < 2) != (c.me == White) {
			continue
		}
		s := g.nb[d][sq]
		if s < 0 || c.opp&(1<<s) == 0 || captured&(1<<s) != 0 {
			continue
		}
		t := g.nb[d][s]
		if t < 0 || c.occ&(1<<t) != 0 {
			continue
		}
		found = true
		nc := captured | 1<<s
		if !king && c.v.CrownStops && g.promo[c.me]&(1<<t) != 0 {
			c.add(t, nc)
			continue
		}
		c.short(t, nc, king)
	}
	if !found && captured != 0 {
		c.add(sq, captured)
	}
}

// flying follows the captures of an international king (FMJD art. 4.3, 4.6, 4.8):
// any distance to the piece, any free landing beyond it; captured pieces stay on the
// board until the move ends and are never jumped twice.
func (c *capGen) flying(sq int8, captured uint64) {
	g := c.v.g
	found := false
	for d := 0; d < 4; d++ {
		r := &g.ray[d][sq]
		n := g.rayLen[d][sq]
		i := int8(0)
		for i < n && c.occ&(1<<r[i]) == 0 {
			i++
		}
		if i >= n {
			continue
		}
		s := r[i]
		if c.opp&(1<<s) == 0 || captured&(1<<s) != 0 {
			continue
		}
		nc := captured | 1<<s
		for i++; i < n && c.occ&(1<<r[i]) == 0; i++ {
			found = true
			c.flying(r[i], nc)
		}
	}
	if !found && captured != 0 {
		c.add(sq, captured)
	}
}

// Generate fills l with the legal moves of p: the captures when there are any
// (compulsory, WCDF 1.19 / FMJD art. 4.1; in draughts only those taking the most pieces,
// FMJD art. 4.13), otherwise the plain moves.
func (v *Variant) Generate(p *Position, l *MoveList) {
	l.N = 0
	g := v.g
	me := p.Side
	occ := p.Occupied()
	c := capGen{v: v, l: l, me: me, opp: p.Pieces(me ^ 1)}
	for b := p.Men[me]; b != 0; b &= b - 1 {
		sq := int8(bits.TrailingZeros64(b))
		if g.adj[sq]&c.opp == 0 {
			continue // no opponent piece next to it: no capture
		}
		c.from, c.occ = sq, occ&^(1<<sq)
		c.short(sq, 0, false)
	}
	for b := p.Kings[me]; b != 0; b &= b - 1 {
		sq := int8(bits.TrailingZeros64(b))
		c.from, c.occ = sq, occ&^(1<<sq)
		if v.FlyingKings {
			c.flying(sq, 0)
		} else {
			c.short(sq, 0, true)
		}
	}
	if l.N > 0 {
		return
	}
	d0 := upLeft
	if me == Black {
		d0 = downLeft
	}
	for b := p.Men[me]; b != 0; b &= b - 1 {
		sq := int8(bits.TrailingZeros64(b))
		for d := d0; d < d0+2; d++ {
			if t := g.nb[d][sq]; t >= 0 && occ&(1<<t) == 0 && l.N < MaxMoves {
				l.M[l.N] = Move{From: sq, To: t}
				l.N++
			}
		}
	}
	for b := p.Kings[me]; b != 0; b &= b - 1 {
		sq := int8(bits.TrailingZeros64(b))
		for d := 0; d < 4; d++ {
			n := g.rayLen[d][sq]
			if !v.FlyingKings && n > 1 {
				n = 1
			}
			for i := int8(0); i < n; i++ {
				t := g.ray[d][sq][i]
				if occ&(1<<t) != 0 {
					break
				}
				if l.N < MaxMoves {
					l.M[l.N] = Move{From: sq, To: t}
					l.N++
				}
			}
		}
	}
}

// HasCapture reports whether the side to move must capture.
func (v *Variant) HasCapture(p *Position) bool {
	g := v.g
	me := p.Side
	occ := p.Occupied()
	opp := p.Pieces(me ^ 1)
	for b := p.Men[me]; b != 0; b &= b - 1 {
		sq := int8(bits.TrailingZeros64(b))
		if g.adj[sq]&opp == 0 {
			continue
		}
		for d := 0; d < 4; d++ {
			if !v.MenCaptureBack && (d < 2) != (me == White) {
				continue
			}
			s := g.nb[d][sq]
			if s < 0 || opp&(1<<s) == 0 {
				continue
			}
			if t := g.nb[d][s]; t >= 0 && occ&(1<<t) == 0 {
				return true
			}
		}
	}
	for b := p.Kings[me]; b != 0; b &= b - 1 {
		sq := int8(bits.TrailingZeros64(b))
		for d := 0; d < 4; d++ {
			r := &g.ray[d][sq]
			n := g.rayLen[d][sq]
			i := int8(0)
			if v.FlyingKings {
				for i < n && occ&(1<<r[i]) == 0 {
					i++
				}
			}
			if i+1 < n && opp&(1<<r[i]) != 0 && occ&(1<<r[i+1]) == 0 {
				return true
			}
		}
	}
	return false
}

// Apply returns the position after m (which must be legal in p): the mover lands, a man
// ending on the far row is crowned, the captured pieces leave, the other side moves.
func (v *Variant) Apply(p *Position, m Move) Position {
	q := *p
	me := p.Side
	from, to := uint64(1)<<m.From, uint64(1)<<m.To
	if q.Kings[me]&from != 0 {
		q.Kings[me] = q.Kings[me]&^from | to
	} else {
		q.Men[me] &^= from
		if v.g.promo[me]&to != 0 {
			q.Kings[me] |= to
		} else {
			q.Men[me] |= to
		}
	}
	q.Men[me^1] &^= m.Captured
	q.Kings[me^1] &^= m.Captured
	q.Side = me ^ 1
	return q
}

// Perft counts the leaf nodes of the legal-move tree of depth d (one node per move as
// identified by from, to and captured set).
func (v *Variant) Perft(p *Position, d int) int64 {
	var l MoveList
	v.Generate(p, &l)
	if d <= 1 {
		if d <= 0 {
			return 1
		}
		return int64(l.N)
	}
	var n int64
	for _, m := range l.Moves() {
		q := v.Apply(p, m)
		n += v.Perft(&q, d-1)
	}
	return n
}

// HasMove reports whether the side to move has any legal move.
func (v *Variant) HasMove(p *Position) bool {
	if v.HasCapture(p) {
		return true
	}
	g := v.g
	me := p.Side
	empty := v.g.all &^ p.Occupied()
	d0 := upLeft
	if me == Black {
		d0 = downLeft
	}
	for b := p.Men[me]; b != 0; b &= b - 1 {
		sq := bits.TrailingZeros64(b)
		for d := d0; d < d0+2; d++ {
			if t := g.nb[d][sq]; t >= 0 && empty&(1<<t) != 0 {
				return true
			}
		}
	}
	for b := p.Kings[me]; b != 0; b &= b - 1 {
		sq := bits.TrailingZeros64(b)
		for d := 0; d < 4; d++ {
			if t := g.nb[d][sq]; t >= 0 && empty&(1<<t) != 0 {
				return true
			}
		}
	}
	return false
}
