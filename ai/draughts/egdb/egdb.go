// Package egdb builds and probes win/loss/draw endgame tables for checkers and
// international draughts: for every placement of a few pieces and either side to move,
// the game-theoretic result with best play under the move rules alone (no move-count draw
// rules; a position that neither side can force to a win is a draw, as repetition makes it).
//
// Tables are kept per material (men and kings of each seat) and built by retrograde
// iteration: positions without a legal move are lost; a position with a move to a lost
// position is won; one whose every move leads to a won position is lost; after the last
// change the rest are draws. Captures and promotions lead into smaller or other tables,
// which are built first (on demand). Probe answers from the tables built or loaded so
// far; Build, Save and Load move them between runs (`madang egdb`).
package egdb

import (
	"errors"
	"fmt"
	"math/bits"
	"sync"
	"sync/atomic"

	"madang/rules"
	rd "madang/rules/draughts"
)

// Value is a result for the side to move.
type Value uint8

// The values; Unknown is also "no table".
const (
	Unknown Value = iota
	Win
	Loss
	Draw
)

func (v Value) String() string {
	switch v {
	case Win:
		return "win"
	case Loss:
		return "loss"
	case Draw:
		return "draw"
	}
	return "unknown"
}

// MaxPieces bounds the pieces on the board a table can hold.
const MaxPieces = 6

// Material is the number of men and kings of each seat (seat 0 moves first: Black in
// checkers, White in draughts).
type Material struct {
	Men, Kings [2]int
}

// Pieces is the number of pieces on the board.
func (m Material) Pieces() int { return m.Men[0] + m.Men[1] + m.Kings[0] + m.Kings[1] }

func (m Material) String() string {
	return fmt.Sprintf("m%dk%d-m%dk%d", m.Men[0], m.Kings[0], m.Men[1], m.Kings[1])
}

// MaterialOf is p's material.
func MaterialOf(p *rd.Position) Material {
	return Material{
		Men:   [2]int{p.CountMen(0), p.CountMen(1)},
		Kings: [2]int{p.CountKings(0), p.CountKings(1)},
	}
}

func (m Material) valid() bool {
	for s := 0; s < 2; s++ {
		if m.Men[s] < 0 || m.Kings[s] < 0 || m.Men[s]+m.Kings[s] == 0 {
			return false
		}
	}
	return m.Pieces() <= MaxPieces
}

// slot is the array index of a material (each count 0..MaxPieces).
func (m Material) slot() int {
	const b = MaxPieces + 1
	return ((m.Men[0]*b+m.Kings[0])*b+m.Men[1])*b + m.Kings[1]
}

const slots = (MaxPieces + 1) * (MaxPieces + 1) * (MaxPieces + 1) * (MaxPieces + 1)

// DB holds the tables of one ruleset. Probe is safe for concurrent use with itself; Build,
// Load and Probe's tables only grow.
type DB struct {
	r      *rd.Rules
	geo    *geometry
	mu     sync.Mutex // serialises building and loading
	tables [slots]atomic.Pointer[table]
	// Progress, when non-nil, is told of each table built (material and positions).
	Progress func(m Material, positions int)
}

// New makes an empty DB for r (rd.English or rd.International).
func New(r *rd.Rules) *DB {
	return &DB{r: r, geo: newGeometry(r)}
}

// Rules is the DB's ruleset.
func (db *DB) Rules() *rd.Rules { return db.r }

// Probe is the result of p for its side to move from the tables built or loaded so far
// (never building one): Unknown when p's material has no table. A side without pieces
// has lost.
func (db *DB) Probe(p *rd.Position) Value {
	m := MaterialOf(p)
	if v, ok := trivial(m, p.Side()); ok {
		return v
	}
	if m.Pieces() > MaxPieces {
		return Unknown
	}
	t := db.loaded(m)
	if t == nil {
		return Unknown
	}
	return t.get(t.index(p))
}

// ProbeWDL is Probe as the search of package ai/draughts asks (its Endgames interface):
// 1 won, -1 lost, 0 drawn for the side to move; ok false when no table holds p.
func (db *DB) ProbeWDL(p *rd.Position) (wdl int, ok bool) {
	switch db.Probe(p) {
	case Win:
		return 1, true
	case Loss:
		return -1, true
	case Draw:
		return 0, true
	}
	return 0, false
}

// loaded is the finished table of m, or nil.
func (db *DB) loaded(m Material) *table {
	return db.tables[m.slot()].Load()
}

// Value is the result of p, building the tables it needs first.
func (db *DB) Value(p *rd.Position) (Value, error) {
	m := MaterialOf(p)
	if v, ok := trivial(m, p.Side()); ok {
		return v, nil
	}
	t, err := db.Table(m)
	if err != nil {
		return Unknown, err
	}
	return t.get(t.index(p)), nil
}

// trivial: a side without pieces has lost.
func trivial(m Material, side rules.Seat) (Value, bool) {
	me := int(side & 1)
	switch {
	case m.Men[me]+m.Kings[me] == 0:
		return Loss, true
	case m.Men[me^1]+m.Kings[me^1] == 0:
		return Win, true
	}
	return Unknown, false
}

// ErrMaterial is returned for a material no table can hold.
var ErrMaterial = errors.New("egdb: material out of range (each side 1 or more pieces, 6 at most in all)")

// Table returns m's table, building it (and the tables its captures and promotions lead
// to) when it is not there yet.
func (db *DB) Table(m Material) (*table, error) {
	if !m.valid() {
		return nil, ErrMaterial
	}
	if t := db.loaded(m); t != nil {
		return t, nil
	}
	db.mu.Lock()
	defer db.mu.Unlock()
	return db.build(m)
}

// Build builds every table of up to n pieces (n at most MaxPieces), smallest first.
func (db *DB) Build(n int) error {
	for _, m := range Materials(n) {
		if _, err := db.Table(m); err != nil {
			return err
		}
	}
	return nil
}

// Materials lists every material of 2..n pieces with at least one piece a side, in
// an order where each one's captures and promotions come before it.
func Materials(n int) []Material {
	var out []Material
	for total := 2; total <= min(n, MaxPieces); total++ {
		// Fewer men first: a promotion turns a man into a king.
		for men := 0; men <= total; men++ {
			for m0 := 0; m0 <= men; m0++ {
				m1 := men - m0
				for k0 := 0; k0 <= total-men; k0++ {
					k1 := total - men - k0
					m := Material{Men: [2]int{m0, m1}, Kings: [2]int{k0, k1}}
					if m.valid() {
						out = append(out, m)
					}
				}
			}
		}
	}
	return out
}

// geometry holds a ruleset's square tables for indexing and un-moves.
type geometry struct {
	r      *rd.Rules
	n      int
	bitOf  []int      // square index 0..n-1 -> layout bit
	idxOf  [64]int    // layout bit -> square index (-1 off board)
	binom  [51][7]int // binom[i][k] = C(i, k)
	combos [7][]uint64
	dirs   [4]int
	fwd    [2][2]int // men's forward directions per seat
	promo  [2]uint64
}

func newGeometry(r *rd.Rules) *geometry {
	g := &geometry{r: r, n: r.Squares()}
	for i := range g.idxOf {
		g.idxOf[i] = -1
	}
	for s := 1; s <= g.n; s++ {
		b := bits.TrailingZeros64(r.Bit(rd.Square(s)))
		g.bitOf = append(g.bitOf, b)
		g.idxOf[b] = s - 1
	}
	for i := 0; i <= 50; i++ {
		g.binom[i][0] = 1
		for k := 1; k <= 6 && i > 0; k++ {
			g.binom[i][k] = g.binom[i-1][k-1] + g.binom[i-1][k]
		}
	}
	h := r.Size / 2
	g.dirs = [4]int{-h - 1, -h, h, h + 1}
	for seat := 0; seat < 2; seat++ {
		g.promo[seat] = r.PromotionRow(rules.Seat(seat))
		// A seat whose back row holds square 1 moves towards higher bits.
		if r.Row(1, rules.Seat(seat)) == 0 {
			g.fwd[seat] = [2]int{h, h + 1}
		} else {
			g.fwd[seat] = [2]int{-h - 1, -h}
		}
	}
	return g
}

// combs lists the k-subsets of the squares as layout bitboards in colex rank order.
func (g *geometry) combs(k int) []uint64 {
	if g.combos[k] != nil || k == 0 {
		if k == 0 {
			return []uint64{0}
		}
		return g.combos[k]
	}
	out := make([]uint64, g.binom[g.n][k])
	var rec func(start, left int, b uint64)
	rec = func(start, left int, b uint64) {
		if left == 0 {
			out[g.rank(b)] = b
			return
		}
		for i := start; i < g.n; i++ {
			rec(i+1, left-1, b|1<<uint(g.bitOf[i]))
		}
	}
	rec(0, k, 0)
	g.combos[k] = out
	return out
}

// rank is the colex rank of a set of squares (a layout bitboard).
func (g *geometry) rank(b uint64) int {
	r, j := 0, 1
	for ; b != 0; b &= b - 1 {
		r += g.binom[g.idxOf[bits.TrailingZeros64(b)]][j]
		j++
	}
	return r
}

// Stats counts the positions of the tables built or loaded so far by value.
type Stats struct {
	Tables, Positions, Wins, Losses, Draws int
}

// Stats counts the tables' positions (placements that cannot be are left out).
func (db *DB) Stats() Stats {
	var s Stats
	for i := range db.tables {
		t := db.tables[i].Load()
		if t == nil {
			continue
		}
		s.Tables++
		for _, b := range t.vals {
			for k := uint(0); k < 8; k += 2 {
				switch Value(b >> k & 3) {
				case Win:
					s.Wins++
				case Loss:
					s.Losses++
				case Draw:
					s.Draws++
				}
			}
		}
	}
	s.Positions = s.Wins + s.Losses + s.Draws
	return s
}

// MaxLoaded is the most pieces of any table built or loaded so far (0: none).
func (db *DB) MaxLoaded() int {
	n := 0
	for i := range db.tables {
		if t := db.tables[i].Load(); t != nil {
			n = max(n, t.mat.Pieces())
		}
	}
	return n
}
