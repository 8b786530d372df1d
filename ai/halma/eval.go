package halma

import (
	"math/rand/v2"

	"madang/rules"
	"madang/rules/halma"
)

// Scores are in cost units from the root seat's view: a piece's cost grows with its
// distance (in steps) to its target apex, faster than linearly so that stragglers cost more
// than leaders (one step forward of a piece on the starting apex is worth about 25, near the
// target about 10). They fit the transposition table's int16.
const (
	WinScore = 30000
	winBound = WinScore - 1000
)

// Evaluation weights (cost units).
const (
	inTargetBonus = 6  // a piece inside its target camp (tells the 15-hole camp's border holes from the hexagon)
	kingWeight    = 8  // diamond: each step of the king from its target apex, on top of its piece cost
	apexBlocked   = 30 // diamond: an ordinary own piece on the target apex, which the king needs
	spoilFloor    = 150
	spoilNear     = 200 // spoiling starts once the leader's cost is below this (a few moves from its goal)
)

// Terms selects the engine's optional parts: the evaluation terms beyond the distance cost
// and the race planner. The registered engines use AllTerms; the A/B matches of ab_test.go
// switch one off to show what it is worth.
type Terms uint8

const (
	// TermLadder: a bonus for each forward jump a seat's pieces outside its target have
	// now (a piece next to another with the hole beyond it empty, two steps nearer the
	// target apex): ladders of one-hole gaps for later jumps.
	TermLadder Terms = 1 << iota
	// TermEntry: a penalty for each empty target hole whose every neighbour on the entry
	// side (farther from the apex) is occupied, so that the target fills from its apex
	// inward without sealing holes behind its mouth (the distance cost alone already prefers
	// the holes nearest the apex).
	TermEntry
	// TermProgress: once a game has run progressFrom% of its move limit (it is jammed:
	// most games end well before), the root seat's own cost counts progressPct% more than
	// the others', and a root move that does not lower the mover's cost loses
	// tempoPenalty, so that a seat moves forward even when the opponent gains as much in
	// reply (without it two intermediate players shuffled a piece each to the move limit:
	// the search cannot see that a repeated position leads nowhere). From the start it cost
	// strength: 15 wins to 25 in 40 games of intermediate against itself without it.
	TermProgress
	// TermPlanner: the race planner plays once the seats no longer interact (race.go).
	TermPlanner

	AllTerms = TermLadder | TermEntry | TermProgress | TermPlanner
)

// Weights of the optional terms (cost units).
const (
	ladderWeight = 4  // each forward jump available, at most ladderMax a piece
	ladderMax    = 2  //
	sealedHole   = 12 // each sealed empty target hole
	progressPct  = 25
	tempoPenalty = 100 // a root move that does not lower the mover's cost (four steps near the start)
	progressFrom = 30  // percent of the move limit played before TermProgress applies
)

// pieceCost is the cost of a piece d steps from its target apex (d = 0..16).
var pieceCost [17]int

func init() {
	for d := range pieceCost {
		pieceCost[d] = 10*d + d*d/2
	}
}

// table is the evaluation's fixed data for one configuration (ruleset, seats, pieces).
type table struct {
	r       *halma.Rules
	seats   int
	pieces  int
	apex    [3]halma.Hole
	cost    [3][halma.NumHoles]int16 // piece cost by seat and hole, the target bonus included
	dist    [3][halma.NumHoles]int8  // steps to the target apex
	target  [3][halma.NumHoles]bool
	start   [3][halma.NumHoles]bool
	allowed [3]holes // holes a seat may land on (diamond closes the other camps, seed 000)
	// rungs lists by seat and hole the forward jumps (over, land): land is two steps
	// nearer the target apex, in line, and allowed.
	rungs [3][halma.NumHoles][][2]halma.Hole
	// entry lists by seat and target hole its neighbours farther from the target apex.
	entry [3][halma.NumHoles][]halma.Hole
	// targets lists each seat's target holes that have an entry side.
	targets [3][]halma.Hole
	minCost [3]int // the cost of a filled target (pieces on the holes nearest the apex)
	strict  bool   // chinese-checkers: only own pieces fill a target, so a piece left at home spoils
}

var tables = map[[3]int]*table{}

func rulesIndex(r *halma.Rules) int {
	switch r.ID {
	case halma.ChineseCheckers.ID:
		return 0
	case halma.DiamondKR.ID:
		return 1
	}
	return 2
}

// tableFor returns the table of a position's configuration, built on first use. Engines
// build all of them in init, so no map write happens during a search.
func tableFor(r *halma.Rules, seats, pieces int) *table {
	k := [3]int{rulesIndex(r), seats, pieces}
	if t, ok := tables[k]; ok {
		return t
	}
	t := &table{r: r, seats: seats, pieces: pieces, strict: r.Win == halma.WinAllOwn}
	for s := 0; s < seats; s++ {
		camp := r.SeatCamps[s]
		t.apex[s] = halma.Apex((camp + 3) % 6)
		for _, h := range halma.CampHoles((camp+3)%6, pieces) {
			t.target[s][h] = true
		}
		for _, h := range halma.CampHoles(camp, pieces) {
			t.start[s][h] = true
		}
		t.allowed[s] = holes{^uint64(0), ^uint64(0)}
		if r.ClosedCamps {
			for k := 0; k < 6; k++ {
				if k != camp && k != (camp+3)%6 {
					for _, h := range halma.CampHoles(k, 10) {
						t.allowed[s].del(h)
					}
				}
			}
		}
		for h := halma.Hole(0); h < halma.NumHoles; h++ {
			for d := 0; d < 6; d++ {
				o := h.Neighbour(d)
				if o == halma.NoHole {
					continue
				}
				if l := o.Neighbour(d); l != halma.NoHole && t.allowed[s].has(l) &&
					halma.Distance(l, t.apex[s]) == halma.Distance(h, t.apex[s])-2 {
					t.rungs[s][h] = append(t.rungs[s][h], [2]halma.Hole{o, l})
				}
				if t.target[s][h] && halma.Distance(o, t.apex[s]) > halma.Distance(h, t.apex[s]) {
					t.entry[s][h] = append(t.entry[s][h], o)
				}
			}
			if len(t.entry[s][h]) > 0 {
				t.targets[s] = append(t.targets[s], h)
			}
		}
		var ds []int
		for h := halma.Hole(0); h < halma.NumHoles; h++ {
			d := halma.Distance(h, t.apex[s])
			t.dist[s][h] = int8(d)
			c := pieceCost[d]
			if t.target[s][h] {
				c -= inTargetBonus
				ds = append(ds, c)
			}
			t.cost[s][h] = int16(c)
		}
		for _, c := range ds {
			t.minCost[s] += c
		}
	}
	tables[k] = t
	return t
}

func init() {
	for _, r := range []*halma.Rules{&halma.ChineseCheckers, &halma.DiamondKR, &halma.Diamond} {
		for _, n := range r.Players {
			for _, k := range r.Pieces {
				tableFor(r, n, k)
			}
		}
	}
}

// node is a position with what the search keeps beside it: each seat's pieces and a
// Zobrist key.
type node struct {
	pos  halma.Position
	pcs  [3][15]halma.Hole
	n    [3]int
	hash uint64
}

// Zobrist keys: a piece of seat s on hole h, the king of seat s on h, the seat to move.
var (
	zPiece [3][halma.NumHoles]uint64
	zKing  [3][halma.NumHoles]uint64
	zSide  [3]uint64
	zRoot  [3]uint64
)

func init() {
	r := rand.New(rand.NewPCG(0x6d6164616e67, 0x68616c6d61))
	for s := 0; s < 3; s++ {
		for h := range zPiece[s] {
			zPiece[s][h] = r.Uint64()
			zKing[s][h] = r.Uint64()
		}
		zSide[s] = r.Uint64()
		zRoot[s] = r.Uint64()
	}
}

// newNode reads a position's pieces.
func newNode(p halma.Position) node {
	n := node{pos: p}
	for s := 0; s < p.Seats(); s++ {
		for _, h := range p.Pieces(rules.Seat(s)) {
			if n.n[s] < len(n.pcs[s]) {
				n.pcs[s][n.n[s]] = h
				n.n[s]++
			}
			n.hash ^= zPiece[s][h]
		}
		if k := p.King(rules.Seat(s)); k != halma.NoHole {
			n.hash ^= zKing[s][k]
		}
	}
	n.hash ^= zSide[p.Side()]
	return n
}

// play is the node after m, a legal move of n.pos.
func (n *node) play(m halma.Move) node {
	q := *n
	me := int(n.pos.Side())
	q.pos = n.pos.Apply(m)
	q.hash ^= zSide[me] ^ zSide[q.pos.Side()]
	if m == halma.Pass {
		return q
	}
	for i := 0; i < q.n[me]; i++ {
		if q.pcs[me][i] == m.From {
			q.pcs[me][i] = m.To
			break
		}
	}
	q.hash ^= zPiece[me][m.From] ^ zPiece[me][m.To]
	if n.pos.King(rules.Seat(me)) == m.From {
		q.hash ^= zKing[me][m.From] ^ zKing[me][m.To]
	}
	return q
}

// seatCost is how far seat s is from its goal: its pieces' costs, the king's distance in
// diamond and an own piece occupying the apex the king needs.
func (t *table) seatCost(n *node, s int, terms Terms) int {
	c := 0
	for i := 0; i < n.n[s]; i++ {
		c += int(t.cost[s][n.pcs[s][i]])
	}
	if terms&(TermLadder|TermEntry) != 0 {
		c += t.shape(n, s, terms)
	}
	if t.r.King {
		if k := n.pos.King(rules.Seat(s)); k != halma.NoHole {
			c += kingWeight * int(t.dist[s][k])
			if k != t.apex[s] {
				if o, _, ok := n.pos.At(t.apex[s]); ok && int(o) == s {
					c += apexBlocked
				}
			}
		}
	}
	return c - t.minCost[s]
}

// shape is the ladder bonus and the sealed-hole penalty of seat s in n (see the Terms).
func (t *table) shape(n *node, s int, terms Terms) int {
	var occ, kings holes
	for o := 0; o < t.seats; o++ {
		for i := 0; i < n.n[o]; i++ {
			occ.add(n.pcs[o][i])
		}
		if t.r.King {
			if k := n.pos.King(rules.Seat(o)); k != halma.NoHole {
				kings.add(k)
			}
		}
	}
	c := 0
	if terms&TermLadder != 0 {
		for i := 0; i < n.n[s]; i++ {
			h := n.pcs[s][i]
			if t.target[s][h] {
				continue
			}
			k := 0
			for _, r := range t.rungs[s][h] {
				if occ.has(r[0]) && !occ.has(r[1]) && !kings.has(r[0]) {
					k++
				}
			}
			c -= ladderWeight * min(k, ladderMax)
		}
	}
	if terms&TermEntry != 0 {
		for _, h := range t.targets[s] {
			if occ.has(h) {
				continue
			}
			sealed := true
			for _, e := range t.entry[s][h] {
				if !occ.has(e) {
					sealed = false
					break
				}
			}
			if sealed {
				c += sealedHole
			}
		}
	}
	return c
}

// spoiler reports whether seat s keeps a piece in seat o's target (chinese-checkers: o
// cannot win while it stays).
func (t *table) spoiler(n *node, s, o int) bool {
	for i := 0; i < n.n[s]; i++ {
		if t.target[o][n.pcs[s][i]] {
			return true
		}
	}
	return false
}

// eval scores n from root's view: the nearest opponent's cost minus root's own (with
// three seats, the paranoid view: root against the best placed of the others). In
// chinese-checkers a seat clearly behind that keeps a piece in the leader's target holds a
// draw (the strict rule), so once the leader is near its goal (cost below spoilNear) the
// deficit beyond spoilFloor counts an eighth. (Without the nearness condition a seat whose
// last piece lingered at home stopped bringing it out and drew races it could still win:
// 25 draws in 100 games of intermediate against beginner.) The seats' costs include the
// ladder and sealed-hole terms, and root's own cost counts progressPct% more (before the
// spoiling bound), as terms selects.
func (t *table) eval(n *node, root int, terms Terms) int {
	mine := t.seatCost(n, root, terms)
	best := -1
	bestOpp := 0
	for s := 0; s < t.seats; s++ {
		if s == root {
			continue
		}
		if c := t.seatCost(n, s, terms); best < 0 || c < bestOpp {
			best, bestOpp = s, c
		}
	}
	sc := bestOpp - mine
	if terms&TermProgress != 0 {
		sc -= mine * progressPct / 100
	}
	if t.strict && t.seats == 2 {
		if sc < -spoilFloor && bestOpp < spoilNear && t.spoiler(n, root, best) {
			sc = -spoilFloor + (sc+spoilFloor)/8
		} else if sc > spoilFloor && mine < spoilNear && t.spoiler(n, best, root) {
			sc = spoilFloor + (sc-spoilFloor)/8
		}
	}
	return sc
}

// gain is how much a move lowers its mover's cost (move ordering by progress).
func (t *table) gain(s int, m halma.Move) int {
	if m == halma.Pass {
		return -1000
	}
	return int(t.cost[s][m.From]) - int(t.cost[s][m.To])
}
