package draughts

import (
	"sync/atomic"

	rd "madang/rules/draughts"
)

// Endgames is a set of win/loss/draw tables the search probes; package egdb's DB is one
// (an interface, so that this package, which the browser's module holds, carries none of
// the tables' file and build code).
type Endgames interface {
	// Rules is the ruleset of the tables.
	Rules() *rd.Rules
	// MaxLoaded is the most pieces of any table ready to probe (0: none).
	MaxLoaded() int
	// ProbeWDL is p's result for its side to move: 1 won, -1 lost, 0 drawn; ok is false
	// when no table holds p.
	ProbeWDL(p *rd.Position) (wdl int, ok bool)
}

// TableWin is the score of a position the endgame tables give as won for the side to move
// (minus the plies to reach it, plus a tenth of the evaluation so that the search still
// makes progress inside a won ending); a lost one scores its negative. It stays below
// winBound: a table win is proven, but not how far away the capture of the last piece is.
const TableWin = 20000

// endgameTables is what the searches of one ruleset probe.
type endgameTables struct {
	db  Endgames
	max int // most pieces of a table in db
}

// endgames holds the tables per variant (0 checkers, 1 draughts).
var endgames [2]atomic.Pointer[endgameTables]

func variantSlot(r *rd.Rules) int {
	if r.FlyingKings {
		return 1
	}
	return 0
}

// SetEndgames makes the searches of db's ruleset started from now on probe db (nil
// stops probing for ruleset r). Only tables already built or loaded in db are probed; call
// it again after loading more.
func SetEndgames(r *rd.Rules, db Endgames) {
	if db == nil || db.Rules() != r {
		endgames[variantSlot(r)].Store(nil)
		return
	}
	endgames[variantSlot(r)].Store(&endgameTables{db: db, max: db.MaxLoaded()})
}

// probeEndgame scores p from the tables when its material has one (ok false otherwise).
func (s *Searcher) probeEndgame(p *rd.Position, ply int) (int, bool) {
	eg := s.eg
	if eg == nil {
		return 0, false
	}
	if n := p.CountMen(0) + p.CountMen(1) + p.CountKings(0) + p.CountKings(1); n > s.egMax {
		return 0, false
	}
	// The interface call makes its argument escape: a copy made here keeps the search's
	// own position off the heap (one allocation a node otherwise).
	q := *p
	wdl, ok := eg.db.ProbeWDL(&q)
	switch {
	case !ok:
		return 0, false
	case wdl > 0:
		return TableWin - ply + s.v.Evaluate(p)/10, true
	case wdl < 0:
		return -TableWin + ply + s.v.Evaluate(p)/10, true
	}
	return 0, true
}

// rootTables sets the search's probing horizon (egMax) for the root p and its legal moves.
// When p itself is in the tables, probing every position of p's size would score each
// root move as the same table result (the evaluation's tenth the only difference: a
// search one ply deep that never makes progress, and repeated a won four kings against
// one to a draw against Cake). Then only the root's moves that keep its table result
// stay, and the search probes positions with fewer pieces only (a capture or a trade
// into a smaller table), finding the way to them with the evaluation; inTables and wdl
// (p's result for its side to move) say so.
func (s *Searcher) rootTables(p *rd.Position, moves []rd.Move) (kept []rd.Move, wdl int, inTables bool) {
	eg := s.eg
	s.egMax = 0
	if eg == nil {
		return moves, 0, false
	}
	s.egMax = eg.max
	n := p.CountMen(0) + p.CountMen(1) + p.CountKings(0) + p.CountKings(1)
	if n > eg.max {
		return moves, 0, false
	}
	q := *p
	wdl, ok := eg.db.ProbeWDL(&q)
	if !ok {
		return moves, 0, false
	}
	s.egMax = n - 1
	best, values := -2, make([]int, len(moves))
	for i, m := range moves {
		c := p.Apply(m)
		values[i] = -2 // not in the tables: dropped when any move is
		if w, ok := eg.db.ProbeWDL(&c); ok {
			values[i] = -w
		}
		best = max(best, values[i])
	}
	for i, m := range moves {
		if values[i] == best {
			kept = append(kept, m)
		}
	}
	return kept, wdl, true
}

// rootTableScore is the score of a root in the tables with result wdl, given the search's
// own score sc: a proven win or loss stays, a table win scores as the search's probes
// score one (TableWin plus a tenth of sc), a table draw 0.
func rootTableScore(wdl, sc int) int {
	switch {
	case abs(sc) > winBound:
		return sc
	case wdl > 0:
		if sc > TableWin/2 {
			return sc
		}
		return TableWin + sc/10
	case wdl < 0:
		if sc < -TableWin/2 {
			return sc
		}
		return -TableWin + sc/10
	}
	return 0
}
