package egdb

import (
	"math/bits"

	"madang/rules"
	rd "madang/rules/draughts"
)

// table is the results of one material: 2 bits a position (Unknown marks a placement that
// cannot be: two pieces on a square, a man on its promotion row), indexed by the colex
// ranks of seat 0's men, seat 0's kings, seat 1's men and seat 1's kings, then the side
// to move.
type table struct {
	mat  Material
	g    *geometry
	dims [4]int
	size int
	vals []byte
}

func newTable(g *geometry, m Material) *table {
	t := &table{mat: m, g: g}
	t.dims = [4]int{g.binom[g.n][m.Men[0]], g.binom[g.n][m.Kings[0]], g.binom[g.n][m.Men[1]], g.binom[g.n][m.Kings[1]]}
	t.size = t.dims[0] * t.dims[1] * t.dims[2] * t.dims[3] * 2
	t.vals = make([]byte, (t.size+3)/4)
	return t
}

// Positions is the number of index entries (placements times two sides to move).
func (t *table) Positions() int { return t.size }

func (t *table) get(i int) Value { return Value(t.vals[i>>2] >> (uint(i&3) * 2) & 3) }

func (t *table) set(i int, v Value) {
	sh := uint(i&3) * 2
	t.vals[i>>2] = t.vals[i>>2]&^(3<<sh) | byte(v)<<sh
}

// index is p's entry; p must have t's material.
func (t *table) index(p *rd.Position) int {
	return t.indexOf([2]uint64{p.Men(0), p.Men(1)}, [2]uint64{p.Kings(0), p.Kings(1)}, int(p.Side()&1))
}

// position decodes entry i; ok is false for a placement that cannot be.
func (t *table) position(i int) (p rd.Position, ok bool) {
	g := t.g
	side := rules.Seat(i & 1)
	i >>= 1
	k1 := g.combs(t.mat.Kings[1])[i%t.dims[3]]
	i /= t.dims[3]
	m1 := g.combs(t.mat.Men[1])[i%t.dims[2]]
	i /= t.dims[2]
	k0 := g.combs(t.mat.Kings[0])[i%t.dims[1]]
	m0 := g.combs(t.mat.Men[0])[i/t.dims[1]]
	if bits.OnesCount64(m0|k0|m1|k1) != t.mat.Pieces() {
		return rd.Position{}, false
	}
	p, err := g.r.Place(side, [2]uint64{m0, m1}, [2]uint64{k0, k1})
	return p, err == nil
}

// build solves m's table; db.mu is held. The tables that captures and promotions lead to
// are built on first need, by recursion.
func (db *DB) build(m Material) (*table, error) {
	if t := db.loaded(m); t != nil {
		return t, nil
	}
	if !m.valid() {
		return nil, ErrMaterial
	}
	t := newTable(db.geo, m)
	if err := db.solve(t); err != nil {
		return nil, err
	}
	db.tables[m.slot()].Store(t)
	if db.Progress != nil {
		db.Progress(m, t.size)
	}
	return t, nil
}

// other is the value of a position of another material (after a capture or a
// promotion), building its table when needed; db.mu is held.
func (db *DB) other(q *rd.Position) (Value, error) {
	m := MaterialOf(q)
	if v, ok := trivial(m, q.Side()); ok {
		return v, nil
	}
	t, err := db.build(m)
	if err != nil {
		return Unknown, err
	}
	return t.get(t.index(q)), nil
}

// solve fills t by retrograde analysis with move counters. One pass over every position
// generates its moves: a move into another table (a capture or a crowning) to a lost
// position makes it won; otherwise it keeps a count of its moves within the table (plus
// one for each move into another table to a drawn position, which never resolves). Then
// each resolved position goes back through its un-moves: a loss makes each predecessor
// won, a win counts one of its predecessor's moves off, and a predecessor out of moves is
// lost. An un-move the predecessor could not play (a capture was compulsory there) is
// skipped. What is left unresolved is a draw.
func (db *DB) solve(t *table) error {
	var l rd.MoveList
	left := make([]uint8, t.size)
	var queue []int32
	for i := 0; i < t.size; i++ {
		p, ok := t.position(i)
		if !ok {
			continue
		}
		p.Generate(&l)
		n, won := 0, false
		for k := 0; k < l.N && !won; k++ {
			m := l.Moves[k]
			if !m.IsCapture() && !m.Promotes() {
				n++
				continue
			}
			q := p.Apply(m)
			v, err := db.other(&q)
			if err != nil {
				return err
			}
			switch v {
			case Loss:
				won = true
			case Draw:
				n++ // a way out that never closes
			}
		}
		switch {
		case won:
			t.set(i, Win)
			queue = append(queue, int32(i))
		case n == 0:
			t.set(i, Loss) // no move, or every move into a won position
			queue = append(queue, int32(i))
		default:
			left[i] = uint8(min(n, 255))
		}
	}
	for len(queue) > 0 {
		j := queue[0]
		queue = queue[1:]
		v := t.get(int(j))
		p, _ := t.position(int(j))
		t.predecessors(&p, func(i int, q *rd.Position) {
			if t.get(i) != Unknown || q.HasCapture() {
				return
			}
			if v == Loss {
				t.set(i, Win)
				queue = append(queue, int32(i))
				return
			}
			left[i]--
			if left[i] == 0 {
				t.set(i, Loss)
				queue = append(queue, int32(i))
			}
		})
	}
	for i := 0; i < t.size; i++ {
		if left[i] > 0 && t.get(i) == Unknown {
			t.set(i, Draw)
		}
	}
	return nil
}

// predecessors calls f with the entry of every position of t's material from which a
// plain move (no capture, no crowning) of the side that just moved reaches p. Some may
// not have that move legally (a capture was compulsory there); evaluate sorts them out.
func (t *table) predecessors(p *rd.Position, f func(int, *rd.Position)) {
	g := t.g
	o := p.Side() ^ 1
	side := int(o)
	men := [2]uint64{p.Men(0), p.Men(1)}
	kings := [2]uint64{p.Kings(0), p.Kings(1)}
	empty := p.Empty()
	for ks := kings[side]; ks != 0; ks &= ks - 1 {
		at := bits.TrailingZeros64(ks)
		for _, d := range g.dirs {
			for from := at + d; uint(from) < 64 && empty>>uint(from)&1 != 0; from += d {
				k := kings
				k[side] = k[side]&^(1<<uint(at)) | 1<<uint(from)
				emit(t, f, men, k, side)
				if !g.r.FlyingKings {
					break
				}
			}
		}
	}
	for ms := men[side]; ms != 0; ms &= ms - 1 {
		at := bits.TrailingZeros64(ms)
		for _, d := range g.fwd[side] {
			from := at - d
			if uint(from) < 64 && empty>>uint(from)&1 != 0 {
				m := men
				m[side] = m[side]&^(1<<uint(at)) | 1<<uint(from)
				emit(t, f, m, kings, side)
			}
		}
	}
}

// emit calls f with a predecessor's entry and position.
func emit(t *table, f func(int, *rd.Position), men, kings [2]uint64, side int) {
	q, err := t.g.r.Place(rules.Seat(side), men, kings)
	if err == nil {
		f(t.indexOf(men, kings, side), &q)
	}
}

// indexOf is the entry of the placement men, kings with side to move.
func (t *table) indexOf(men, kings [2]uint64, side int) int {
	g := t.g
	i := g.rank(men[0])
	i = i*t.dims[1] + g.rank(kings[0])
	i = i*t.dims[2] + g.rank(men[1])
	i = i*t.dims[3] + g.rank(kings[1])
	return i*2 + side
}
