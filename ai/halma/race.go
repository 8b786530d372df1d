package halma

import (
	"math/bits"
	"slices"

	"madang/rules/halma"
)

// The race phase: in a two-player game between opposite camps (chinese-checkers,
// diamond-kr) the armies stop interacting once every piece of seat 0 stands at least two
// rows above every piece of seat 1 (a piece only ever jumps an adjacent piece). From then on
// each side plays a solitaire towards its target, and the engine plays the first move of the
// race planner's plan (a beam search over its own moves, the opponent's pieces fixed) instead
// of the two-player search.

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

// endgame reports whether both seats of a two-player game between opposite camps have at
// most endgamePieces pieces left outside their targets: then the race planner, which routes
// around the opponent's pieces as fixed obstacles, also plays (the two-player search let two
// facing stragglers block each other until the move limit).
func endgame(t *table, n *node) bool {
	if t.seats != 2 || t.r.SeatCamps[0] != 0 || t.r.SeatCamps[1] != 3 {
		return false
	}
	for s := 0; s < 2; s++ {
		out := 0
		for i := 0; i < n.n[s]; i++ {
			if !t.target[s][n.pcs[s][i]] {
				out++
			}
		}
		if out > endgamePieces {
			return false
		}
	}
	return true
}

// endgamePieces is the most pieces outside its target a seat may have for the endgame.
const endgamePieces = 3

// raceMoves appends the moves of own's pieces with the holes of others occupied too.
func raceMoves(own, others holes, out []halma.Move) []halma.Move {
	var queue [halma.NumHoles]halma.Hole
	all := holes{own[0] | others[0], own[1] | others[1]}
	for w := 0; w < 2; w++ {
		for b := own[w]; b != 0; b &= b - 1 {
			from := halma.Hole(w*64 + bits.TrailingZeros64(b))
			occ := all
			occ.del(from)
			var seen, jumped holes
			seen.add(from)
			jumped.add(from)
			for d := 0; d < 6; d++ {
				if to := soloGeo.nb[from][d]; to != halma.NoHole && !occ.has(to) {
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
					o, l := soloGeo.nb[at][d], soloGeo.jump[at][d]
					if l == halma.NoHole || !occ.has(o) || occ.has(l) || jumped.has(l) {
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

// racePlan plans seat s's pieces of n into its target with the others fixed: a beam of
// width positions a move count ranked by the evaluation's cost, at most maxMoves deep. It
// returns the plan, or nil when the beam finds none (or s has fewer pieces than its target
// holes).
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
	if n.n[s] != size {
		return nil
	}
	cost := func(x holes) int {
		c := 0
		for w := 0; w < 2; w++ {
			for b := x[w]; b != 0; b &= b - 1 {
				c += int(t.cost[s][w*64+bits.TrailingZeros64(b)])
			}
		}
		return c
	}
	levels := [][]beamNode{{{s: own, parent: -1}}}
	seen := map[holes]bool{own: true}
	var buf []halma.Move
	for k := 0; k < maxMoves; k++ {
		var next []beamNode
		for i, b := range levels[k] {
			buf = raceMoves(b.s, others, buf[:0])
			for _, m := range buf {
				c := b.s.apply(m)
				if seen[c] {
					continue
				}
				seen[c] = true
				if c == goal {
					levels = append(levels, []beamNode{{s: c, parent: int32(i), move: m}})
					return path(levels, k+1, 0)
				}
				next = append(next, beamNode{s: c, parent: int32(i), move: m, score: -cost(c)})
			}
		}
		if len(next) == 0 {
			return nil
		}
		slices.SortStableFunc(next, func(a, b beamNode) int { return b.score - a.score })
		if len(next) > width {
			next = next[:width]
		}
		levels = append(levels, next)
	}
	return nil
}

// raceMove is the first move of the race planner's plan for the seat to move in p when the
// armies are separated, with its score (a win when the move fills the target, else the
// evaluation of p for the seat to move); ok is false otherwise, or when the plan's move is
// not legal in p.
func raceMove(p halma.Position, width int) (halma.Move, int, bool) {
	m, moves, ok := racePlanMove(p, width)
	if !ok {
		return m, 0, false
	}
	if moves == 1 && p.Apply(m).Wins(p.Side()) {
		return m, WinScore - 1, true
	}
	n := newNode(p)
	return m, tableFor(p.Rules(), p.Seats(), p.PiecesPerSeat()).eval(&n, int(p.Side())), true
}

// racePlanMove is raceMove's move with the length of its plan.
func racePlanMove(p halma.Position, width int) (halma.Move, int, bool) {
	t := tableFor(p.Rules(), p.Seats(), p.PiecesPerSeat())
	n := newNode(p)
	if !separated(t, &n) && !endgame(t, &n) {
		return halma.Move{}, 0, false
	}
	s := int(p.Side())
	plan := racePlan(t, &n, s, width, 60)
	if len(plan) == 0 || !p.IsLegal(plan[0]) {
		return halma.Move{}, 0, false
	}
	return plan[0], len(plan), true
}
