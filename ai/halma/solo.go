package halma

import (
	"errors"
	"math/bits"
	"slices"

	"madang/rules/halma"
)

// The race planner: one seat's pieces alone on the star, moved from camp 0 into camp 3 (the
// solitaire of Bell, "The shortest game of Chinese Checkers and related problems",
// INTEGERS 9 (2009) G01: ten pieces need exactly 27 moves, Levenspiel's solution).
//
// A move is a step to an adjacent empty hole or a chain of jumps over single pieces (the
// rules of every star game for an ordinary piece; with no other colour on the board no camp
// is closed in chinese-checkers or diamond-kr). Moves are reversible and the problem is
// symmetric under the half turn that swaps the two camps, so the positions from which the
// target is reached in k moves are the half-turned images of the positions reached from the
// start in k moves. The planner runs a beam search forward from the start (the positions of
// each move count, best by progress) and meets its own half-turned image: a position of
// depth k equal to an image of depth k gives a solution of 2k moves, a move from one to an
// image a solution of 2k+1.

// holes is a set of holes.
type holes [2]uint64

func (s holes) has(h halma.Hole) bool { return s[h>>6]>>(uint(h)&63)&1 != 0 }
func (s *holes) add(h halma.Hole)     { s[h>>6] |= 1 << (uint(h) & 63) }
func (s *holes) del(h halma.Hole)     { s[h>>6] &^= 1 << (uint(h) & 63) }

// soloGeo is the board's tables for the planner.
var soloGeo struct {
	nb   [halma.NumHoles][6]halma.Hole
	jump [halma.NumHoles][6]halma.Hole
	turn [halma.NumHoles]halma.Hole // the half turn: row r, position p to row 18-r from the right
	row  [halma.NumHoles]int
}

func init() {
	for h := halma.Hole(0); h < halma.NumHoles; h++ {
		soloGeo.row[h] = h.Row()
		for d := 0; d < 6; d++ {
			n := h.Neighbour(d)
			soloGeo.nb[h][d] = n
			soloGeo.jump[h][d] = halma.NoHole
			if n != halma.NoHole {
				soloGeo.jump[h][d] = n.Neighbour(d)
			}
		}
		r := 18 - h.Row()
		length := 0
		for halma.HoleAt(r, length+1) != halma.NoHole {
			length++
		}
		soloGeo.turn[h] = halma.HoleAt(r, length+1-h.Pos())
	}
}

func (s holes) turned() holes {
	var t holes
	for w := 0; w < 2; w++ {
		for b := s[w]; b != 0; b &= b - 1 {
			t.add(soloGeo.turn[halma.Hole(w*64+bits.TrailingZeros64(b))])
		}
	}
	return t
}

// soloMoves appends every move of the pieces s alone on the board to out: (from, to) once
// each.
func soloMoves(s holes, out []halma.Move) []halma.Move { return raceMoves(s, holes{}, out) }

func (s holes) apply(m halma.Move) holes {
	s.del(m.From)
	s.add(m.To)
	return s
}

// progress is the rows the pieces have climbed, times 64, less their spread (the sum of
// squared distances from their mean row), so that the beam prefers compact armies. Weights
// of 2 to 32 for the spread found only 28 to 36 moves for ten pieces with a beam of 3,000,
// the weight 1 finds 27 with beams of 2,000 to 8,000.
func (s holes) progress() int {
	sum, sq, n := 0, 0, 0
	for w := 0; w < 2; w++ {
		for b := s[w]; b != 0; b &= b - 1 {
			r := soloGeo.row[halma.Hole(w*64+bits.TrailingZeros64(b))]
			sum += r
			sq += r * r
			n++
		}
	}
	// n*sq - sum^2 is n^2 times the variance.
	return 64*sum - (n*sq-sum*sum)/n
}

// beamNode is one position of the beam with the move that reached it.
type beamNode struct {
	s      holes
	king   halma.Hole // the race planner's king (NoHole outside diamond; Solo leaves it 0)
	parent int32
	move   halma.Move
	score  int
}

// SoloResult is a plan: the moves in order and the positions searched.
type SoloResult struct {
	Moves    []halma.Move
	Searched int // positions generated
}

// ErrSoloPieces is a piece count other than 10 or 15.
var ErrSoloPieces = errors.New("halma solo: pieces must be 10 or 15")

// ErrSoloNotFound is a beam that met nothing within the depth searched.
var ErrSoloNotFound = errors.New("halma solo: no plan found within the beam")

// SoloWidth is the planner's default beam: ten pieces in 27 moves (the optimum) after about
// 2.6 million positions.
const SoloWidth = 3000

// Solo plans the solitaire of pieces (10: the triangle camp, 15: with its five border holes)
// from camp 0 to camp 3 with a beam of width positions a move count (at least 1). It returns
// the shortest plan the beam meets (Bell 2009: 27 moves for 10 pieces is the optimum).
// Errors: ErrSoloPieces, ErrSoloNotFound.
func Solo(pieces, width int) (SoloResult, error) {
	if pieces != 10 && pieces != 15 {
		return SoloResult{}, ErrSoloPieces
	}
	width = max(width, 1)
	var start holes
	for _, h := range halma.CampHoles(0, pieces) {
		start.add(h)
	}
	levels := [][]beamNode{{{s: start, parent: -1}}}
	index := []map[holes]int32{{start: 0}}
	res := SoloResult{}
	var best []halma.Move
	var buf []halma.Move
	for k := 0; k < 40; k++ {
		// Every child of depth k+1, checked against the half turns of all depths so far
		// (a plan of k+1+j moves) and of the other children (2k+2 moves).
		seen := map[holes]int32{}
		var next []beamNode
		for i, n := range levels[k] {
			buf = soloMoves(n.s, buf[:0])
			for _, m := range buf {
				c := n.s.apply(m)
				res.Searched++
				if _, ok := seen[c]; ok {
					continue
				}
				if k > 0 {
					if _, ok := index[k-1][c]; ok {
						continue // back where an earlier position was
					}
				}
				t := c.turned()
				for d := 0; d <= k && (best == nil || k+1+d < len(best)); d++ {
					if x, ok := index[d][t]; ok {
						best = slices.Concat(path(levels, k, int32(i)), []halma.Move{m}, turnBack(path(levels, d, x)))
					}
				}
				if x, ok := seen[t]; ok && (best == nil || 2*k+2 < len(best)) {
					o := next[x]
					best = slices.Concat(path(levels, k, int32(i)), []halma.Move{m},
						turnBack(append(path(levels, k, o.parent), o.move)))
				}
				seen[c] = int32(len(next))
				next = append(next, beamNode{s: c, parent: int32(i), move: m, score: c.progress()})
			}
		}
		// Later depths give plans of at least k+2 moves, in practice about twice that.
		if best != nil && len(best) <= 2*k+3 {
			res.Moves = best
			return res, nil
		}
		if len(next) == 0 {
			break
		}
		sortBeam(next)
		if len(next) > width {
			next = next[:width]
		}
		idx := make(map[holes]int32, len(next))
		for i, n := range next {
			idx[n.s] = int32(i)
		}
		levels = append(levels, next)
		index = append(index, idx)
	}
	if best != nil {
		res.Moves = best
		return res, nil
	}
	return res, ErrSoloNotFound
}

// path is the moves from the start to node i of depth d. Not inlined: it allocates, and
// its five callers would each carry a copy (the browser module's size, DESIGN.md "Site").
//
//go:noinline
func path(levels [][]beamNode, d int, i int32) []halma.Move {
	var out []halma.Move
	for ; d > 0; d-- {
		n := levels[d][i]
		out = append(out, n.move)
		i = n.parent
	}
	slices.Reverse(out)
	return out
}

// turnBack turns a plan from the start to a position P into the plan from P's half turn to
// the target: the moves reversed, each undone and turned.
func turnBack(p []halma.Move) []halma.Move {
	out := make([]halma.Move, 0, len(p))
	for i := len(p) - 1; i >= 0; i-- {
		out = append(out, halma.Move{From: soloGeo.turn[p[i].To], To: soloGeo.turn[p[i].From]})
	}
	return out
}

// CheckSolo replays a plan from camp 0 and reports whether every move is legal and the
// pieces end in camp 3.
func CheckSolo(pieces int, plan []halma.Move) bool {
	var s, goal holes
	for _, h := range halma.CampHoles(0, pieces) {
		s.add(h)
	}
	for _, h := range halma.CampHoles(3, pieces) {
		goal.add(h)
	}
	var buf []halma.Move
	for _, m := range plan {
		buf = soloMoves(s, buf[:0])
		if !slices.Contains(buf, m) {
			return false
		}
		s = s.apply(m)
	}
	return s == goal
}

// sortBeam sorts nodes by score, highest first, equal scores in their order: what
// slices.SortStableFunc does, without its generic stable sort for beamNode (about 1 KB
// brotli of the browser module, DESIGN.md "Site"). A bottom-up merge sort.
func sortBeam(nodes []beamNode) {
	n := len(nodes)
	if n < 2 {
		return
	}
	buf := make([]beamNode, n)
	for w := 1; w < n; w *= 2 {
		for lo := 0; lo+w < n; lo += 2 * w {
			mid, hi := lo+w, min(lo+2*w, n)
			i, j, k := lo, mid, lo
			for i < mid && j < hi {
				if nodes[j].score > nodes[i].score {
					buf[k] = nodes[j]
					j++
				} else {
					buf[k] = nodes[i]
					i++
				}
				k++
			}
			k += copy(buf[k:], nodes[i:mid])
			copy(buf[k:], nodes[j:hi])
			copy(nodes[lo:hi], buf[lo:hi])
		}
	}
}
