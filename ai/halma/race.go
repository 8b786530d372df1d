package halma

import (
	"math/bits"

	"madang/rules"
	"madang/rules/halma"
)

// The race phase: in a two-player game between opposite camps (chinese-checkers,
// diamond-kr) the armies stop interacting once every piece of seat 0 stands at least two
// rows above every piece of seat 1 (a piece only ever jumps an adjacent piece). From then on
// each side plays a solitaire towards its target, and the engine plays the first move of the
// race planner's plan (a beam search over its own moves, the opponent's pieces fixed) instead
// of the two-player search. In diamond (camps a third of a turn apart, the king, closed
// camps) no row test separates the armies: there the seats no longer interact once each
// one's plan keeps its pieces two holes away from every other seat's plan (apart); and the
// seat to move plays its plan once it misses at most three holes of its goal (endgame).

// separated reports whether n's two armies (seat 0 climbing from row 1, seat 1 descending
// from row 17) can no longer meet.
func separated(t *table, n *node) bool {
	if t.seats != 2 || t.r.SeatCamps[0] != 0 || t.r.SeatCamps[1] != 3 {
		return false
	}
	min0, max1 := 18, 0
	for i := 0; i < n.n[0]; i++ {
		min0 = min(min0, soloGeo.row[n.pcs[0][i]])
	}
	for i := 0; i < n.n[1]; i++ {
		max1 = max(max1, soloGeo.row[n.pcs[1][i]])
	}
	return min0 >= max1+2
}

// endgame reports whether every seat of a two-player game between opposite camps has at
// most endgamePieces pieces left outside its target, or the seat to move in diamond misses
// at most endgamePieces holes of its goal (missing): then the race planner, which routes
// around the other pieces as fixed obstacles, also plays (the two-player search let two
// facing stragglers block each other until the move limit; in diamond a last piece moving
// sideways along a row gains nothing the three-ply search sees).
func endgame(t *table, n *node) bool {
	if !t.r.King && (t.seats != 2 || t.r.SeatCamps[0] != 0 || t.r.SeatCamps[1] != 3) {
		return false
	}
	if t.r.King {
		return t.missing(n, int(n.pos.Side())) <= endgamePieces
	}
	for s := 0; s < t.seats; s++ {
		if t.missing(n, s) > endgamePieces {
			return false
		}
	}
	return true
}

// endgameWidth is the least beam of an endgame plan. Plans there are short and cheap, and
// a narrow beam can disagree with itself from move to move: with a beam of 20, a diamond
// seat whose own piece held the apex its king needed alternated between plans of 24 and 25
// moves to the move limit; with 200 each plan is one move shorter than the last.
const endgameWidth = 200

// endgamePieces is the most pieces outside its target a seat may have for the endgame.
const endgamePieces = 3

// raceRules is what the planner's move generator needs beyond the pieces: the holes a
// seat may land on (diamond's closed camps excluded, seed 000) and the other seats' kings
// (no ordinary piece jumps a king; a king's run stops at one).
type raceRules struct {
	allowed holes
	kings   holes
}

// openBoard is the rules of chinese-checkers and diamond-kr: every hole open, no kings.
var openBoard = raceRules{allowed: holes{^uint64(0), ^uint64(0)}}

// raceMoves appends the moves of own's pieces with the holes of others occupied too, on an
// open board without kings.
func raceMoves(own, others holes, out []halma.Move) []halma.Move {
	return raceMovesK(own, halma.NoHole, others, &openBoard, out)
}

// raceMovesK appends the moves of own's pieces, king its king (or NoHole), with the holes
// of others occupied too, under rr: steps to an adjacent empty allowed hole and chains of
// jumps landing on allowed holes only; an ordinary piece jumps one piece that is not a
// king, a king a run of one or more pieces none of them a king (seed 000, rules/halma's
// generator).
func raceMovesK(own holes, king halma.Hole, others holes, rr *raceRules, out []halma.Move) []halma.Move {
	var queue [halma.NumHoles]halma.Hole
	all := holes{own[0] | others[0], own[1] | others[1]}
	kings := rr.kings
	if king != halma.NoHole {
		kings.add(king)
	}
	for w := 0; w < 2; w++ {
		for b := own[w]; b != 0; b &= b - 1 {
			from := halma.Hole(w*64 + bits.TrailingZeros64(b))
			occ := all
			occ.del(from)
			isKing := from == king
			var seen, jumped holes
			seen.add(from)
			jumped.add(from)
			for d := 0; d < 6; d++ {
				if to := soloGeo.nb[from][d]; to != halma.NoHole && !occ.has(to) && rr.allowed.has(to) {
					seen.add(to)
					out = append(out, halma.Move{From: from, To: to})
				}
			}
			queue[0] = from
			head, tail := 0, 1
			for head < tail {
				at := queue[head]
				head++
				for d := 0; d < 6; d++ {
					o := soloGeo.nb[at][d]
					if o == halma.NoHole || !occ.has(o) || kings.has(o) {
						continue
					}
					l := soloGeo.nb[o][d]
					for isKing && l != halma.NoHole && occ.has(l) && !kings.has(l) {
						l = soloGeo.nb[l][d]
					}
					if l == halma.NoHole || occ.has(l) || jumped.has(l) || !rr.allowed.has(l) {
						continue
					}
					jumped.add(l)
					queue[tail] = l
					tail++
					if !seen.has(l) {
						seen.add(l)
						out = append(out, halma.Move{From: from, To: l})
					}
				}
			}
		}
	}
	return out
}

// raceKey is a planner position: the seat's pieces and its king.
type raceKey struct {
	s    holes
	king halma.Hole
}

// raceCost is the evaluation's cost of seat s's pieces x with its king on king (the king's
// distance and an own piece squatting its apex in diamond, as in seatCost).
func (t *table) raceCost(s int, x holes, king halma.Hole) int {
	c := 0
	for w := 0; w < 2; w++ {
		for b := x[w]; b != 0; b &= b - 1 {
			c += int(t.cost[s][w*64+bits.TrailingZeros64(b)])
		}
	}
	if king != halma.NoHole {
		c += kingWeight * int(t.dist[s][king])
		if king != t.apex[s] && x.has(t.apex[s]) {
			c += apexBlocked
		}
	}
	return c
}

// raceRulesOf is seat s's planner rules in n: its allowed holes, the other seats' kings.
func (t *table) raceRulesOf(n *node, s int) raceRules {
	rr := raceRules{allowed: t.allowed[s]}
	for o := 0; o < t.seats; o++ {
		if k := n.pos.King(rules.Seat(o)); o != s && k != halma.NoHole {
			rr.kings.add(k)
		}
	}
	return rr
}

// racePlan plans seat s's pieces of n into its target with the others fixed: a beam of
// width positions a move count ranked by the evaluation's cost, at most maxMoves deep. The
// goal is the seat's win with the others where they stand: its own pieces on every target
// hole (chinese-checkers, diamond-kr), or every target hole occupied and the king on the
// target apex (diamond, seed 000). It returns the plan, or nil when the beam finds none (or,
// outside diamond, s has fewer pieces than its target holes or another seat's piece stands
// in the target: without that check a spoiled endgame searched the whole beam every move).
func racePlan(t *table, n *node, s, width, maxMoves int) []halma.Move {
	var own, others, goal holes
	for i := 0; i < n.n[s]; i++ {
		own.add(n.pcs[s][i])
	}
	for o := 0; o < t.seats; o++ {
		if o != s {
			for i := 0; i < n.n[o]; i++ {
				others.add(n.pcs[o][i])
			}
		}
	}
	size := 0
	for h := halma.Hole(0); h < halma.NumHoles; h++ {
		if t.target[s][h] {
			goal.add(h)
			size++
		}
	}
	king := n.pos.King(rules.Seat(s))
	if !t.r.King && (n.n[s] != size || others[0]&goal[0] != 0 || others[1]&goal[1] != 0) {
		return nil // a piece of another seat in the target (spoiling): no plan can win
	}
	done := func(k raceKey) bool {
		if !t.r.King {
			return k.s == goal
		}
		return k.king == t.apex[s] && (k.s[0]|others[0])&goal[0] == goal[0] && (k.s[1]|others[1])&goal[1] == goal[1]
	}
	rr := t.raceRulesOf(n, s)
	first := raceKey{own, king}
	if done(first) {
		return nil
	}
	levels := [][]beamNode{{{s: own, king: king, parent: -1}}}
	seen := map[raceKey]bool{first: true}
	var buf []halma.Move
	for k := 0; k < maxMoves; k++ {
		var next []beamNode
		for i, b := range levels[k] {
			buf = raceMovesK(b.s, b.king, others, &rr, buf[:0])
			for _, m := range buf {
				c := raceKey{b.s.apply(m), b.king}
				if m.From == b.king {
					c.king = m.To
				}
				if seen[c] {
					continue
				}
				seen[c] = true
				if done(c) {
					levels = append(levels, []beamNode{{s: c.s, king: c.king, parent: int32(i), move: m}})
					return path(levels, k+1, 0)
				}
				next = append(next, beamNode{s: c.s, king: c.king, parent: int32(i), move: m, score: -t.raceCost(s, c.s, c.king)})
			}
		}
		if len(next) == 0 {
			return nil
		}
		sortBeam(next)
		if len(next) > width {
			next = next[:width]
		}
		levels = append(levels, next)
	}
	return nil
}

// missing is how far seat s is from its goal in holes: in diamond the target holes no
// piece occupies, plus one while the king is off the apex; elsewhere its pieces outside
// the target.
func (t *table) missing(n *node, s int) int {
	if !t.r.King {
		out := 0
		for i := 0; i < n.n[s]; i++ {
			if !t.target[s][n.pcs[s][i]] {
				out++
			}
		}
		return out
	}
	m := 0
	for h := halma.Hole(0); h < halma.NumHoles; h++ {
		if t.target[s][h] {
			if _, _, ok := n.pos.At(h); !ok {
				m++
			}
		}
	}
	if n.pos.King(rules.Seat(s)) != t.apex[s] {
		m++
	}
	return m
}

// apartMissing is the most holes a diamond seat may miss for apart to be tried (earlier
// the armies still cross the centre, and the plans would cost time for nothing).
const apartMissing = 7

// apartWidth and apartMoves bound the plans apart makes for every seat.
const (
	apartWidth = 20
	apartMoves = 40
)

// apart reports whether the seats of a diamond position no longer interact: every seat
// has a plan into its goal with the others fixed (racePlan), and no hole a seat's pieces
// occupy during its plan is on or next to a hole another seat's pieces occupy during
// theirs. Pieces then never stand side by side, so none jumps or blocks another's (the
// landing holes of a chain lie next to the pieces jumped, which are the seat's own).
func apart(t *table, n *node) bool {
	if !t.r.King {
		return false
	}
	for s := 0; s < t.seats; s++ {
		if t.missing(n, s) > apartMissing {
			return false
		}
	}
	var near [3]holes // each seat's footprint and the holes next to it
	var foot [3]holes
	for s := 0; s < t.seats; s++ {
		var own holes
		for i := 0; i < n.n[s]; i++ {
			own.add(n.pcs[s][i])
		}
		foot[s] = own
		plan := racePlan(t, n, s, apartWidth, apartMoves)
		if plan == nil {
			return false
		}
		for _, m := range plan {
			foot[s].add(m.To)
		}
		near[s] = foot[s]
		for w := 0; w < 2; w++ {
			for b := foot[s][w]; b != 0; b &= b - 1 {
				h := halma.Hole(w*64 + bits.TrailingZeros64(b))
				for d := 0; d < 6; d++ {
					if x := soloGeo.nb[h][d]; x != halma.NoHole {
						near[s].add(x)
					}
				}
			}
		}
	}
	for s := 0; s < t.seats; s++ {
		for o := s + 1; o < t.seats; o++ {
			if foot[s][0]&near[o][0] != 0 || foot[s][1]&near[o][1] != 0 {
				return false
			}
		}
	}
	return true
}

// raceMove is the first move of the race planner's plan for the seat to move in p when the
// armies are separated, with its score (a win when the move fills the target, else the
// evaluation of p for the seat to move); ok is false otherwise, or when the plan's move is
// not legal in p.
func raceMove(p halma.Position, width int, terms Terms) (halma.Move, int, bool) {
	m, moves, ok := racePlanMove(p, width)
	if !ok {
		return m, 0, false
	}
	if moves == 1 && p.Apply(m).Wins(p.Side()) {
		return m, WinScore - 1, true
	}
	n := newNode(p)
	return m, tableFor(p.Rules(), p.Seats(), p.PiecesPerSeat()).eval(&n, int(p.Side()), terms), true
}

// racePlanMove is raceMove's move with the length of its plan.
func racePlanMove(p halma.Position, width int) (halma.Move, int, bool) {
	t := tableFor(p.Rules(), p.Seats(), p.PiecesPerSeat())
	n := newNode(p)
	if !separated(t, &n) && !apart(t, &n) {
		if !endgame(t, &n) {
			return halma.Move{}, 0, false
		}
		width = max(width, endgameWidth)
	}
	s := int(p.Side())
	plan := racePlan(t, &n, s, width, 60)
	if len(plan) == 0 || !p.IsLegal(plan[0]) {
		return halma.Move{}, 0, false
	}
	return plan[0], len(plan), true
}
