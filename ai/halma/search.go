package halma

import (
	"madang/ai"
	"madang/rules"
	"madang/rules/halma"
)

// code is a move's compact code for the transposition table and killers (never 0).
func code(m halma.Move) uint32 {
	if m == halma.Pass {
		return 0xffff
	}
	return uint32(m.From+1)<<8 | uint32(m.To+1)
}

// maxDepth bounds iterative deepening.
const maxDepth = 32

// Params shape one search.
type Params struct {
	// Depth is the number of plies of search (0: up to maxDepth, for timed searches).
	Depth int
	// Width is how many moves, best by progress first, are searched below the root (0: all).
	// The root always searches every move.
	Width int
	// Noise adds a seeded score of 0..Noise-1 to every leaf (a stable function of the
	// position), so that games of one level against itself vary with the seed.
	Noise int
	Seed  int64
	// Terms are the evaluation's optional terms (the zero value: none; engines pass AllTerms).
	Terms Terms
	// Root, when non-empty, restricts the root to these moves (each must be legal): the
	// score of a given move at the root, as Judge scores the move played.
	Root []halma.Move
}

// SearchResult is a search's answer.
type SearchResult struct {
	Move  halma.Move
	Score int // cost units from the seat to move's view
	Depth int // deepest completed iteration
	// ScoreDepth is the iteration Move and Score come from: Depth, or Depth+1 when a better
	// move was found in an iteration cut short. Scores of different depths do not compare
	// (the last ply's seat shifts them), so a second search to compare with uses this depth.
	ScoreDepth int
	Nodes      int64
	PV         []halma.Move
}

// Searcher holds the tables of a search: minimax with alpha-beta over scores from the root
// seat's view, where the root seat maximises and every other seat minimises (with two seats
// this is plain alpha-beta; with three it is the paranoid search, the two others taken as
// one coalition). Not safe for concurrent use.
type Searcher struct {
	tt      *ai.TT
	killers ai.Killers
	hist    *ai.History
	ctl     *ai.Control
	abort   bool
	t       *table
	root    int
	rootKey uint64
	prm     Params
	noise   uint64
	lists   [ai.MaxPly + 1]halma.MoveList
	order   [ai.MaxPly + 1][halma.MaxMoves]int32
}

// NewSearcher makes a searcher with a transposition table of about ttMB megabytes.
func NewSearcher(ttMB int) *Searcher {
	return &Searcher{tt: ai.NewTT(ttMB), hist: ai.NewHistory(halma.NumHoles * halma.NumHoles)}
}

// Clear forgets everything learnt (a new game, or a search that must be repeatable).
func (s *Searcher) Clear() {
	s.tt.Clear()
	s.hist.Clear()
	s.killers = ai.Killers{}
}

func (s *Searcher) leaf(n *node) int {
	sc := s.t.eval(n, s.root, s.prm.Terms)
	if s.prm.Noise > 0 {
		x := (n.hash ^ s.noise) * 0x9e3779b97f4a7c15
		sc += int((x >> 40) % uint64(s.prm.Noise))
	}
	return sc
}

// Search runs iterative deepening from p within prm and the control's budget. p must not
// be over.
func (s *Searcher) Search(p halma.Position, prm Params, ctl *ai.Control) SearchResult {
	s.ctl = ctl
	s.abort = false
	s.killers = ai.Killers{}
	if p.Plies() < p.MoveLimit()*progressFrom/100 {
		prm.Terms &^= TermProgress
	}
	s.prm = prm
	s.t = tableFor(p.Rules(), p.Seats(), p.PiecesPerSeat())
	s.root = int(p.Side())
	s.rootKey = zRoot[s.root]
	s.noise = uint64(prm.Seed)*0x2545f4914f6cdd1d + 0x1234567
	n := newNode(p)
	root := &s.lists[0]
	n.pos.Generate(root)
	moves := append([]halma.Move(nil), root.Slice()...)
	if len(prm.Root) > 0 {
		moves = append(moves[:0], prm.Root...)
	}
	res := SearchResult{Move: moves[0]}
	if len(moves) == 1 && len(prm.Root) == 0 {
		res.Score = s.leaf(&n)
		res.PV = moves
		res.Nodes = ctl.Nodes()
		return res
	}
	// Root order: progress first, then the previous iteration's scores.
	scores := make([]int, len(moves))
	for i, m := range moves {
		scores[i] = s.t.gain(s.root, m)
	}
	if e, ok := s.tt.Probe(n.hash ^ s.rootKey); ok {
		for i, m := range moves {
			if code(m) == e.Move {
				scores[i] = 1 << 30
			}
		}
	}
	sortMoves(moves, scores)
	depthLimit := prm.Depth
	if depthLimit <= 0 || depthLimit > maxDepth {
		depthLimit = maxDepth
	}
	for depth := 1; depth <= depthLimit; depth++ {
		if depth > 1 && !ctl.StartIteration() {
			break
		}
		alpha, beta := -WinScore-1, WinScore+1
		best, bestScore := -1, -WinScore-1
		for i, m := range moves {
			q := n.play(m)
			sc := s.search(&q, depth-1, alpha, beta, 1)
			if s.abort {
				break
			}
			if prm.Terms&TermProgress != 0 && abs(sc) < winBound && s.t.gain(s.root, m) <= 0 {
				sc -= tempoPenalty
			}
			scores[i] = sc
			if sc > bestScore {
				best, bestScore = i, sc
				alpha = max(alpha, sc)
			}
		}
		if best >= 0 {
			res.Move, res.Score, res.ScoreDepth = moves[best], bestScore, depth
			if !s.abort {
				res.Depth = depth
			}
			s.tt.Store(n.hash^s.rootKey, code(moves[best]), bestScore, depth, ai.BoundExact)
		}
		if s.abort {
			break
		}
		// Moves not searched past their bound keep a score no better than the best.
		scores[best] = 1 << 30
		sortMoves(moves, scores)
		if abs(res.Score) > winBound {
			break // a forced result is proven
		}
	}
	res.PV = s.pv(n, res.Move, max(res.Depth, 1))
	res.Nodes = ctl.Nodes()
	return res
}

// sortMoves sorts moves by descending score (stable insertion sort).
func sortMoves(moves []halma.Move, scores []int) {
	for i := 1; i < len(moves); i++ {
		for j := i; j > 0 && scores[j] > scores[j-1]; j-- {
			moves[j], moves[j-1] = moves[j-1], moves[j]
			scores[j], scores[j-1] = scores[j-1], scores[j]
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// pv follows the transposition table after the root move for at most n moves.
func (s *Searcher) pv(n node, first halma.Move, depth int) []halma.Move {
	out := []halma.Move{first}
	cur := n.play(first)
	var l halma.MoveList
	for len(out) < depth && !cur.pos.Outcome().Over() {
		e, ok := s.tt.Probe(cur.hash ^ s.rootKey)
		if !ok || e.Move == 0 {
			break
		}
		cur.pos.Generate(&l)
		found := false
		for _, m := range l.Slice() {
			if code(m) == e.Move {
				out = append(out, m)
				cur = cur.play(m)
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

// terminal scores a finished game from the root's view: a win is worth more the sooner it
// comes; a draw is 0.
func (s *Searcher) terminal(o rules.Outcome, ply int) int {
	if o.Status != rules.Win {
		return 0
	}
	if int(o.Winner) == s.root {
		return WinScore - ply
	}
	return -(WinScore - ply)
}

// search is the alpha-beta value of n from the root's view.
func (s *Searcher) search(n *node, depth, alpha, beta, ply int) int {
	if s.ctl.Tick() {
		s.abort = true
		return 0
	}
	if o := n.pos.Outcome(); o.Over() {
		return s.terminal(o, ply)
	}
	if depth <= 0 || ply >= ai.MaxPly-1 {
		return s.leaf(n)
	}
	key := n.hash ^ s.rootKey
	var ttMove uint32
	if e, ok := s.tt.Probe(key); ok {
		ttMove = e.Move
		if int(e.Depth) >= depth {
			sc := ai.ScoreFromTT(int(e.Score), ply, winBound)
			switch {
			case e.Bound == ai.BoundExact,
				e.Bound == ai.BoundLower && sc >= beta,
				e.Bound == ai.BoundUpper && sc <= alpha:
				return sc
			}
		}
	}
	me := int(n.pos.Side())
	maximise := me == s.root
	l := &s.lists[ply]
	n.pos.Generate(l)
	ord := &s.order[ply]
	for i := 0; i < l.N; i++ {
		m := l.Moves[i]
		c := code(m)
		var o int32
		switch {
		case c == ttMove:
			o = 1 << 30
		case s.killers.Rank(ply, c) > 0:
			o = 1<<24 + int32(s.killers.Rank(ply, c))
		default:
			o = int32(s.t.gain(me, m))<<12 + min(s.hist.Score(histIndex(m)), 1<<12-1)
		}
		ord[i] = o
	}
	width := l.N
	if s.prm.Width > 0 && width > s.prm.Width {
		width = s.prm.Width
	}
	origAlpha, origBeta := alpha, beta
	best := WinScore + 1
	if maximise {
		best = -WinScore - 1
	}
	var bestMove uint32
	for i := 0; i < width; i++ {
		bi := i
		for j := i + 1; j < l.N; j++ {
			if ord[j] > ord[bi] {
				bi = j
			}
		}
		l.Moves[i], l.Moves[bi] = l.Moves[bi], l.Moves[i]
		ord[i], ord[bi] = ord[bi], ord[i]
		m := l.Moves[i]
		q := n.play(m)
		sc := s.search(&q, depth-1, alpha, beta, ply+1)
		if s.abort {
			return 0
		}
		if maximise && sc > best || !maximise && sc < best {
			best, bestMove = sc, code(m)
		}
		if maximise {
			alpha = max(alpha, sc)
		} else {
			beta = min(beta, sc)
		}
		if alpha >= beta {
			s.killers.Add(ply, code(m))
			s.hist.Add(histIndex(m), depth)
			break
		}
	}
	bound := ai.BoundExact
	switch {
	case best <= origAlpha:
		bound = ai.BoundUpper
	case best >= origBeta:
		bound = ai.BoundLower
	}
	s.tt.Store(key, bestMove, ai.ScoreToTT(best, ply, winBound), depth, bound)
	return best
}

func histIndex(m halma.Move) int {
	if m == halma.Pass {
		return -1
	}
	return int(m.From)*halma.NumHoles + int(m.To)
}
