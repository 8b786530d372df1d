package draughts

import (
	"math/bits"

	"madang/ai"
	rd "madang/rules/draughts"
)

// code is a move's compact code for the transposition table and killers (never 0): its
// layout bits and a hash of the captured set.
func code(m rd.Move) uint32 {
	c := uint32(m.FromBit())<<6 | uint32(m.ToBit()) | 1<<12
	if m.IsCapture() {
		c |= uint32((m.Captured()*0x9e3779b97f4a7c15)>>45) << 13
	}
	return c
}

// ProbCut's settings (draughts): the verification search's share of the depth in percent
// and the margin over beta in centi-men a ply. Scan 2.0 searches 40% deep; at 40% the
// composed problems fell to 65 of 72 at the CI budget, at 50% they stay at 66.
const (
	probCutPct    = 50
	probCutMargin = 5
)

// maxDepth bounds iterative deepening.
const maxDepth = 64

// Limits bound one search and carry the game's draw-rule state. Zero fields mean no bound
// (Depth) or nothing in force.
type Limits struct {
	// Depth is the nominal number of plies of full-width search (0: up to 64).
	Depth int
	// ReversiblePlies is how many plies have been played under the forty-move (WCDF
	// 1.32.1) or twenty-five-move (FMJD art. 6.1) count: king moves without capture.
	ReversiblePlies int
	// EndgamePlies is how many plies are left before an FMJD art. 6.2/6.3 endgame count
	// draws (0: none running).
	EndgamePlies int
	// History holds the Zobrist keys of the game's earlier positions since the last capture
	// or man move, oldest first, without the root (for repetitions).
	History []uint64
}

// Info is one completed iteration, for progress reports.
type Info struct {
	Depth int
	Score int
	Nodes int64
	PV    []rd.Move
}

// SearchResult is a search's answer.
type SearchResult struct {
	Move  rd.Move
	Score int // centi-men from the side to move's view
	Depth int // deepest completed iteration
	Nodes int64
	PV    []rd.Move
}

// Searcher holds the tables of a search; reuse one across the moves of a game to keep
// its transposition table warm. Not safe for concurrent use.
type Searcher struct {
	v       *Variant
	tt      *ai.TT
	killers ai.Killers
	hist    *ai.History
	ctl     *ai.Control
	abort   bool
	hashes  [1024]uint64
	hlen    int
	lists   [ai.MaxPly + 1]rd.MoveList
	order   [ai.MaxPly + 1][rd.MaxMoves]int32
	endAt   int // ply at which the endgame count draws (0: none)
	revBase int
	eg      *endgameTables // the tables probed in this search (SetEndgames), or nil
	// egMax is the most pieces of a position the search probes: the tables' most, or
	// one less than the root's when the root itself is in the tables (rootTables).
	// lastEgMax is the previous search's: the transposition table is cleared when it
	// changes, since its scores were made under the other horizon.
	egMax, lastEgMax int
	// inCut is set while a ProbCut verification search runs (no nested ProbCut).
	inCut bool
	// evals caches the evaluation by Zobrist key (the index is the key's low bits; 0: an
	// empty slot), for the weights evalsOf; a quiet position is evaluated again and again
	// by iterative deepening and ProbCut's verification searches.
	evals   []evalEntry
	evalsOf *Weights
	Report  func(Info) // called after each completed iteration when non-nil
}

// NewSearcher makes a searcher for v with a transposition table of about ttMB megabytes.
func NewSearcher(v *Variant, ttMB int) *Searcher {
	return &Searcher{v: v, tt: ai.NewTT(ttMB), hist: ai.NewHistory(64 * 64), evals: make([]evalEntry, evalSlots)}
}

// evalSlots is the size of a searcher's evaluation cache (16 bytes a slot).
const evalSlots = 1 << 16

// evalEntry is one cached evaluation: the position's key and its score.
type evalEntry struct {
	key   uint64
	score int32
}

// eval is v.Evaluate(p) through the cache; h is p's Zobrist key.
func (s *Searcher) eval(p *rd.Position, h uint64) int {
	e := &s.evals[h&(evalSlots-1)]
	if e.key == h && h != 0 {
		return int(e.score)
	}
	sc := s.v.Evaluate(p)
	e.key, e.score = h, int32(sc)
	return sc
}

// Clear forgets everything learnt (a new game).
func (s *Searcher) Clear() {
	clear(s.evals)
	s.tt.Clear()
	s.hist.Clear()
	s.killers = ai.Killers{}
}

// Search runs iterative deepening on p within lim and the control's budget. The position
// must have a legal move (otherwise the result's Move is the zero Move and Score a loss).
func (s *Searcher) Search(p rd.Position, lim Limits, ctl *ai.Control) SearchResult {
	s.ctl = ctl
	s.abort = false
	s.killers = ai.Killers{}
	s.hlen = 0
	h := lim.History
	if len(h) > len(s.hashes)-ai.MaxPly-2 {
		h = h[len(h)-(len(s.hashes)-ai.MaxPly-2):]
	}
	s.hlen = copy(s.hashes[:], h)
	s.revBase = min(lim.ReversiblePlies, s.v.DrawPlies)
	s.endAt = lim.EndgamePlies
	s.eg = endgames[variantSlot(s.v.R)].Load()
	if s.evalsOf != s.v.lw {
		// New weights (the browser's worker loads them during a game): forget the cache.
		clear(s.evals)
		s.evalsOf = s.v.lw
	}
	root := &s.lists[0]
	p.Generate(root)
	res := SearchResult{}
	if root.N == 0 {
		res.Score = -WinScore
		return res
	}
	moves := append([]rd.Move(nil), root.Slice()...)
	moves, rootWDL, inTables := s.rootTables(&p, moves)
	if s.egMax != s.lastEgMax {
		s.tt.Clear()
		s.lastEgMax = s.egMax
	}
	res.Move = moves[0]
	res.Score = s.v.Evaluate(&p)
	depthLimit := lim.Depth
	if depthLimit <= 0 || depthLimit > maxDepth {
		depthLimit = maxDepth
	}
	hash := p.Hash()
	rev := s.revBase
	// Root move order: by the previous iteration's scores; start from a quick sort.
	rootScores := make([]int, len(moves))
	if e, ok := s.tt.Probe(hash); ok && e.Move != 0 {
		for i, m := range moves {
			if code(m) == e.Move {
				moves[0], moves[i] = moves[i], moves[0]
			}
		}
	}
	for depth := 1; depth <= depthLimit; depth++ {
		// A new iteration starts while any time is left (the whole move time):
		// one cut short still answers once its first move, the previous best, is searched.
		if depth > 1 && ctl.Check() {
			break
		}
		alpha, beta := -WinScore-1, WinScore+1
		best, bestScore := -1, -WinScore-1
		for i, m := range moves {
			q := p.Apply(m)
			nh := q.Hash()
			nrev := nextRev(m, rev)
			s.hashes[s.hlen] = hash
			s.hlen++
			var sc int
			nd := depth - 1
			if root.N == 1 {
				nd = depth
			}
			if i == 0 {
				sc = -s.search(q, nh, nd, -beta, -alpha, 1, nrev)
			} else {
				sc = -s.search(q, nh, nd, -alpha-1, -alpha, 1, nrev)
				if !s.abort && sc > alpha {
					sc = -s.search(q, nh, nd, -beta, -alpha, 1, nrev)
				}
			}
			s.hlen--
			if s.abort {
				break
			}
			rootScores[i] = sc
			if sc > bestScore {
				best, bestScore = i, sc
				if sc > alpha {
					alpha = sc
				}
			}
		}
		if best >= 0 {
			// A partial iteration still counts once its first (previously best) move is
			// searched: any move that beat it was searched deeper.
			res.Move, res.Score = moves[best], bestScore
			if !s.abort {
				res.Depth = depth
			}
			s.tt.Store(hash, code(moves[best]), bestScore, depth, ai.BoundExact)
		}
		if s.abort {
			break
		}
		// Reorder: best first, the rest by score (stable).
		m0 := moves[best]
		moves[best] = moves[0]
		moves[0] = m0
		rootScores[best], rootScores[0] = rootScores[0], rootScores[best]
		for i := 2; i < len(moves); i++ {
			for j := i; j > 1 && rootScores[j] > rootScores[j-1]; j-- {
				moves[j], moves[j-1] = moves[j-1], moves[j]
				rootScores[j], rootScores[j-1] = rootScores[j-1], rootScores[j]
			}
		}
		res.PV = s.pv(p, depth)
		if s.Report != nil {
			s.Report(Info{Depth: depth, Score: res.Score, Nodes: ctl.Nodes(), PV: res.PV})
		}
		if len(moves) == 1 && ctl.Limit() > 0 {
			break // the only move (or the only one that keeps the tables' result)
		}
		if abs(res.Score) > winBound && depth > WinScore-abs(res.Score)+2 {
			break // a forced result is proven
		}
	}
	if len(res.PV) == 0 || res.PV[0] != res.Move {
		res.PV = []rd.Move{res.Move}
	}
	if inTables {
		res.Score = rootTableScore(rootWDL, res.Score)
	}
	res.Nodes = ctl.Nodes()
	return res
}

// nextRev is the reversible-ply count after m: a king move without capture adds one,
// anything else resets it (rd.Move.ManMoveOrCapture, the rules' own predicate; a method on
// the move value that inlines, so the search pays nothing for asking the rules).
func nextRev(m rd.Move, rev int) int {
	if m.ManMoveOrCapture() {
		return 0
	}
	return rev + 1
}

// pv follows the transposition table from p for at most n moves.
func (s *Searcher) pv(p rd.Position, n int) []rd.Move {
	var out []rd.Move
	var l rd.MoveList
	seen := map[uint64]bool{}
	for len(out) < n {
		h := p.Hash()
		e, ok := s.tt.Probe(h)
		if !ok || e.Move == 0 || seen[h] {
			break
		}
		seen[h] = true
		p.Generate(&l)
		found := false
		for _, m := range l.Slice() {
			if code(m) == e.Move {
				out = append(out, m)
				p = p.Apply(m)
				found = true
				break
			}
		}
		if !found {
			break
		}
	}
	return out
}

// search is the PVS alpha-beta of one node. depth <= 0 is the quiescence: it goes on
// while a capture is pending (captures are forced) and looks one quiet ply further when
// the opponent threatens a capture.
func (s *Searcher) search(p rd.Position, h uint64, depth, alpha, beta, ply, rev int) int {
	if s.ctl.Tick() {
		s.abort = true
		return 0
	}
	// Draw rules: repetition (a first repetition already scores as the draw it can
	// become), the forty/twenty-five-move count and the endgame counts.
	if rev >= s.v.DrawPlies || (s.endAt > 0 && ply >= s.endAt) {
		l := &s.lists[ply]
		if p.Generate(l); l.N == 0 {
			return -(WinScore - ply) // a win on the counter's last ply still wins
		}
		return 0
	}
	if rev >= 4 {
		lo := max(s.hlen-rev, 0)
		for j := s.hlen - 4; j >= lo; j -= 2 {
			if s.hashes[j] == h {
				return 0
			}
		}
	}
	if ply >= ai.MaxPly-1 {
		return s.eval(&p, h)
	}
	if sc, ok := s.probeEndgame(&p, ply); ok {
		return sc
	}
	// Quiescence: a quiet position stands on its evaluation unless the opponent threatens
	// a capture, which buys one more quiet ply.
	if depth <= 0 && !p.HasCapture() {
		stand := s.eval(&p, h)
		if depth < 0 || stand >= beta+150 {
			return stand
		}
		if !p.CanCapture(p.Side() ^ 1) {
			return stand
		}
	}
	l := &s.lists[ply]
	p.Generate(l)
	if l.N == 0 {
		return -(WinScore - ply) // no legal move: lost (WCDF 1.32, FMJD art. 5)
	}
	capture := l.Moves[0].IsCapture()
	pvNode := beta-alpha > 1
	// Transposition table.
	var ttMove uint32
	useTT := depth > 0 // quiescence nodes are many and cheap: keep them out of the table
	if useTT {
		if e, ok := s.tt.Probe(h); ok {
			ttMove = e.Move
			if !pvNode && int(e.Depth) >= depth {
				sc := ai.ScoreFromTT(int(e.Score), ply, winBound)
				switch {
				case e.Bound == ai.BoundExact,
					e.Bound == ai.BoundLower && sc >= beta,
					e.Bound == ai.BoundUpper && sc <= alpha:
					return sc
				}
			}
		}
	}
	// ProbCut (draughts, after Scan 2.0): at a non-PV node with a choice of quiet moves,
	// a search at half the depth that beats beta by 5 centi-men a ply cuts the node. Not
	// when a capture is pending: the shot of TestSearchFindsShot (a sacrifice, then forced
	// captures) was cut away. The verification search reuses this ply's lists, so the
	// moves are generated again after it.
	if s.v.FlyingKings && !pvNode && !s.inCut && !capture && l.N > 1 && depth >= 3 && beta < winBound && beta > -winBound {
		margin := depth * probCutMargin
		nb := beta + margin
		s.inCut = true
		sc := s.search(p, h, max(1, depth*probCutPct/100), nb-1, nb, ply, rev)
		s.inCut = false
		if s.abort {
			return 0
		}
		if sc >= nb {
			return sc - margin
		}
		p.Generate(l)
		if e, ok := s.tt.Probe(h); ok {
			ttMove = e.Move
		}
	}
	// Order: the TT move, then captures by size, killers, history.
	ord := &s.order[ply]
	oppKings := p.Kings(p.Side() ^ 1)
	for i := 0; i < l.N; i++ {
		m := l.Moves[i]
		var o int32
		switch {
		case code(m) == ttMove:
			o = 1 << 30
		case m.IsCapture():
			o = 1<<28 + int32(m.NumCaptured())<<8 + int32(bits.OnesCount64(m.Captured()&oppKings))
		default:
			if k := s.killers.Rank(ply, code(m)); k > 0 {
				o = 1<<26 + int32(k)
			} else {
				o = s.hist.Score(m.FromBit()*64 + m.ToBit())
			}
		}
		ord[i] = o
	}
	newDepth := depth - 1
	if l.N == 1 && depth > 0 {
		newDepth = depth // a forced move costs no depth
	}
	if depth <= 0 && capture {
		newDepth = depth // resolving captures costs no depth
	}
	s.hashes[s.hlen] = h
	s.hlen++
	origAlpha := alpha
	best := -WinScore - 1
	var bestMove uint32
	for i := 0; i < l.N; i++ {
		// Selection sort step: bring the best-ordered remaining move to i.
		bi := i
		for j := i + 1; j < l.N; j++ {
			if ord[j] > ord[bi] {
				bi = j
			}
		}
		l.Moves[i], l.Moves[bi] = l.Moves[bi], l.Moves[i]
		ord[i], ord[bi] = ord[bi], ord[i]
		m := l.Moves[i]
		q := p.Apply(m)
		nh := q.Hash()
		nrev := nextRev(m, rev)
		var sc int
		if i == 0 {
			sc = -s.search(q, nh, newDepth, -beta, -alpha, ply+1, nrev)
		} else {
			// Late quiet moves (not killers) are searched shallower first. A more
			// aggressive scheme (from the 3rd move, up to 3 plies, sparing sacrifices)
			// lost a 50 ms/move match 3-10 over 32 games.
			r := 0
			if s.v.FlyingKings {
				// Draughts reduces as Scan 2.0 does: quiet moves other than promotions,
				// from the 2nd move at non-PV nodes (2 plies from the 7th), from the 4th
				// at PV nodes.
				if depth >= 3 && !m.IsCapture() && !m.Promotes() {
					switch {
					case pvNode && i >= 3:
						r = 1
					case !pvNode && i >= 6:
						r = 2
					case !pvNode:
						r = 1
					}
				}
			} else if depth >= 3 && i >= 3 && !m.IsCapture() && ord[i] < 1<<26 {
				r = 1
				if i >= 8 && depth >= 5 {
					r = 2
				}
			}
			sc = -s.search(q, nh, newDepth-r, -alpha-1, -alpha, ply+1, nrev)
			if r > 0 && sc > alpha && !s.abort {
				sc = -s.search(q, nh, newDepth, -alpha-1, -alpha, ply+1, nrev)
			}
			if sc > alpha && sc < beta && !s.abort {
				sc = -s.search(q, nh, newDepth, -beta, -alpha, ply+1, nrev)
			}
		}
		if s.abort {
			s.hlen--
			return 0
		}
		if sc > best {
			best, bestMove = sc, code(m)
			if sc > alpha {
				alpha = sc
				if sc >= beta {
					if !m.IsCapture() {
						s.killers.Add(ply, code(m))
						s.hist.Add(m.FromBit()*64+m.ToBit(), max(depth, 1))
					}
					break
				}
			}
		}
	}
	s.hlen--
	bound := ai.BoundExact
	if best <= origAlpha {
		bound = ai.BoundUpper
	} else if best >= beta {
		bound = ai.BoundLower
	}
	if useTT {
		s.tt.Store(h, bestMove, ai.ScoreToTT(best, ply, winBound), depth, bound)
	}
	return best
}
