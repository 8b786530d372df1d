package halma

import "math/bits"

// Move is one move: the piece on From goes to To, by a step or a chain of jumps (the
// landing path is not part of the move; Position.Path gives the one with the fewest jumps).
// Pass is the move of a seat with no legal move. Moves compare equal with == exactly when
// they are the same move.
type Move struct {
	From, To Hole
}

// Pass is the move of a seat that has no legal move (its text is "pass").
var Pass = Move{NoHole, NoHole}

// MaxMoves bounds a MoveList: a move is (from, to) with to an empty hole, so a seat has at
// most pieces x empty holes moves (15 x 91 = 1,365 with two seats of 15).
const MaxMoves = 1408

// MoveList is a caller-owned buffer for Generate: Moves[:N] are the moves. Keep one per
// search ply; Generate never allocates.
type MoveList struct {
	N     int
	Moves [MaxMoves]Move
}

// Slice returns the generated moves (a view into the buffer).
func (l *MoveList) Slice() []Move { return l.Moves[:l.N] }

func trailingZeros(b uint64) int { return bits.TrailingZeros64(b) }

// hop is the landing hole of one jump from at in direction d, or NoHole: over one occupied
// hole that is not a king to the empty hole straight beyond; a king (isKing) jumps a run of
// one or more consecutive pieces, none of them a king, to the first hole after the run.
// occ is the occupancy with the moving piece lifted.
func hop(occ, kings holeSet, isKing bool, at Hole, d int) Hole {
	o := geo.nb[at][d]
	if o < 0 || !occ.has(o) || kings.has(o) {
		return NoHole
	}
	l := geo.nb[o][d]
	if isKing {
		for l >= 0 && occ.has(l) {
			if kings.has(l) {
				return NoHole
			}
			l = geo.nb[l][d]
		}
	}
	if l < 0 || occ.has(l) {
		return NoHole
	}
	return l
}

// kingSet is the set of holes holding a king.
func (p *Position) kingSet() holeSet {
	var k holeSet
	for s := 0; s < 3; s++ {
		if p.king[s] != NoHole {
			k.add(p.king[s])
		}
	}
	return k
}

// Generate fills l with every legal move of p in the order: pieces by hole, for each its
// steps (directions in order) then its jump destinations (breadth first); Pass alone when
// there is none. Each (from, to) is listed once. It does not allocate.
func (p *Position) Generate(l *MoveList) { p.generate(l, true) }

// generate is Generate; gifts false skips the gift rule (for error messages).
func (p *Position) generate(l *MoveList, gifts bool) {
	l.N = 0
	c := p.config()
	me := int(p.side)
	allowed := c.allowed[me]
	kings := p.kingSet()
	var queue [NumHoles]Hole
	for w := 0; w < 2; w++ {
		for b := p.own[me][w]; b != 0; b &= b - 1 {
			from := Hole(w*64 + bits.TrailingZeros64(b))
			occ := p.all
			occ.del(from)
			isKing := p.king[me] == from
			var dests holeSet
			for d := 0; d < 6; d++ {
				to := geo.nb[from][d]
				if to >= 0 && !occ.has(to) && allowed.has(to) {
					dests.add(to)
					p.push(l, c, gifts, from, to)
				}
			}
			seen := holeSet{}
			seen.add(from)
			queue[0] = from
			head, tail := 0, 1
			for head < tail {
				at := queue[head]
				head++
				for d := 0; d < 6; d++ {
					var to Hole
					if isKing {
						to = hop(occ, kings, true, at, d)
					} else {
						// An ordinary piece: over the neighbour (no king) to the hole beyond.
						o, l := geo.nb[at][d], geo.jump[at][d]
						if l < 0 || !occ.has(o) || occ.has(l) || kings.has(o) {
							continue
						}
						to = l
					}
					if to < 0 || seen.has(to) || !allowed.has(to) {
						continue
					}
					seen.add(to)
					queue[tail] = to
					tail++
					if !dests.has(to) {
						dests.add(to)
						p.push(l, c, gifts, from, to)
					}
				}
			}
		}
	}
	if l.N == 0 {
		l.Moves[0] = Pass
		l.N = 1
	}
}

// push adds (from, to) unless it is a gift the rules forbid (a move completing another
// seat's win, see GiftRule).
func (p *Position) push(l *MoveList, c *config, gifts bool, from, to Hole) {
	me := int(p.side)
	if gifts && c.rules.Gift != GiftAllowed && c.others[me].has(to) && p.gives(c, from, to) {
		return
	}
	if l.N < MaxMoves {
		l.Moves[l.N] = Move{from, to}
		l.N++
	}
}

// gives reports whether the move (from, to) of the side to move is a forbidden gift.
func (p *Position) gives(c *config, from, to Hole) bool {
	me := int(p.side)
	all := p.all
	all.del(from)
	all.add(to)
	gift := false
	for o := 0; o < c.seats; o++ {
		if o != me && c.target[o].has(to) && c.wins(o, all, p.own[o], p.king[o]) {
			gift = true
		}
	}
	if !gift || c.rules.Gift == GiftNever {
		return gift
	}
	own := p.own[me]
	own.del(from)
	own.add(to)
	king := p.king[me]
	if king == from {
		king = to
	}
	return !c.wins(me, all, own, king)
}

// IsLegal reports whether m is a legal move of p.
func (p *Position) IsLegal(m Move) bool {
	var l MoveList
	p.Generate(&l)
	for _, x := range l.Slice() {
		if x == m {
			return true
		}
	}
	return false
}

// Perft counts the leaves of the legal-move tree of depth plies from p (a pass is a move;
// a finished game has no children).
func (p Position) Perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	if p.Outcome().Over() {
		return 0
	}
	var l MoveList
	p.Generate(&l)
	if depth == 1 {
		return uint64(l.N)
	}
	var n uint64
	for _, m := range l.Slice() {
		n += p.Apply(m).Perft(depth - 1)
	}
	return n
}

// Path is the landing path of the legal move m with the fewest jumps, from first: [from,
// to] for a step, [from, landing, ..., to] for a chain (directions tried in order, so the
// path is deterministic). It is nil for Pass or a move that is not legal in p.
func (p Position) Path(m Move) []Hole {
	if m == Pass || !p.IsLegal(m) {
		return nil
	}
	return p.path(m)
}

// path is Path for a move known to be legal (no legality check).
func (p Position) path(m Move) []Hole {
	for d := 0; d < 6; d++ {
		if geo.nb[m.From][d] == m.To {
			return []Hole{m.From, m.To}
		}
	}
	c := p.config()
	me := int(p.side)
	occ := p.all
	occ.del(m.From)
	kings := p.kingSet()
	isKing := p.king[me] == m.From
	var parent [NumHoles]Hole
	for i := range parent {
		parent[i] = NoHole
	}
	queue := []Hole{m.From}
	parent[m.From] = m.From
	for len(queue) > 0 {
		at := queue[0]
		queue = queue[1:]
		for d := 0; d < 6; d++ {
			to := hop(occ, kings, isKing, at, d)
			if to < 0 || parent[to] != NoHole || !c.allowed[me].has(to) {
				continue
			}
			parent[to] = at
			if to == m.To {
				var path []Hole
				for h := to; h != m.From; h = parent[h] {
					path = append(path, h)
				}
				path = append(path, m.From)
				for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
					path[i], path[j] = path[j], path[i]
				}
				return path
			}
			queue = append(queue, to)
		}
	}
	return nil
}

// Extend is the landing path that follows chain and goes on to the hole to with the fewest
// jumps: chain is a piece of the side to move (chain[0]) and the landings of jumps it has
// made so far, each a jump the rules allow (seed 000 and 004: an ordinary piece over one
// piece that is not a king, a king over a run of pieces with no king in it, never landing in
// a closed camp nor twice). The continuation keeps those rules and lands on no hole of chain;
// directions are tried in order, as Path does, so the answer is deterministic. The result
// is chain's holes then the new landings, ending on to: a route through waypoints (seed 004:
// "where two routes branch either may be chosen"). Extend is nil when chain is empty, holds
// a hole off the board, does not start on the mover's piece or is not such a chain, and when
// no chain of jumps reaches to from its end (to on chain, in a closed camp, a step away
// only). It does not apply the gift rule: a route is played as its move, which does.
func (p Position) Extend(chain []Hole, to Hole) []Hole {
	if len(chain) == 0 || !to.Valid() {
		return nil
	}
	for _, h := range chain {
		if !h.Valid() {
			return nil
		}
	}
	me := int(p.side)
	if !p.own[me].has(chain[0]) || p.checkChain(chain) != "" {
		return nil
	}
	c := p.config()
	occ := p.all
	occ.del(chain[0])
	kings := p.kingSet()
	isKing := p.king[me] == chain[0]
	var parent [NumHoles]Hole
	for i := range parent {
		parent[i] = NoHole
	}
	for _, h := range chain {
		parent[h] = h // landed on already: not again
	}
	end := chain[len(chain)-1]
	queue := []Hole{end}
	for len(queue) > 0 {
		at := queue[0]
		queue = queue[1:]
		for d := 0; d < 6; d++ {
			l := hop(occ, kings, isKing, at, d)
			if l < 0 || parent[l] != NoHole || !c.allowed[me].has(l) {
				continue
			}
			parent[l] = at
			if l == to {
				var more []Hole
				for h := to; h != end; h = parent[h] {
					more = append(more, h)
				}
				out := append([]Hole(nil), chain...)
				for i := len(more) - 1; i >= 0; i-- {
					out = append(out, more[i])
				}
				return out
			}
			queue = append(queue, l)
		}
	}
	return nil
}
