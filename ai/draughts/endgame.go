package draughts

import (
	"sync/atomic"

	"madang/ai/draughts/egdb"
	rd "madang/rules/draughts"
)

// TableWin is the score of a position the endgame tables give as won for the side to move
// (minus the plies to reach it, plus a tenth of the evaluation so that the search still
// makes progress inside a won ending); a lost one scores its negative. It stays below
// winBound: a table win is proven, but not how far away the capture of the last piece is.
const TableWin = 20000

// endgameTables is what the searches of one ruleset probe.
type endgameTables struct {
	db  *egdb.DB
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
func SetEndgames(r *rd.Rules, db *egdb.DB) {
	if db == nil || db.Rules() != r {
		endgames[variantSlot(r)].Store(nil)
		return
	}
	endgames[variantSlot(r)].Store(&endgameTables{db: db, max: db.MaxLoaded()})
}

// LoadEndgames loads the table files of both rulesets from dir (as `madang egdb` writes
// them) and makes the searches probe them; it reports the tables loaded.
func LoadEndgames(dir string) (int, error) {
	total := 0
	for _, r := range []*rd.Rules{&rd.English, &rd.International} {
		db := egdb.New(r)
		n, err := db.Load(dir)
		if err != nil {
			return total, err
		}
		total += n
		if n > 0 {
			SetEndgames(r, db)
		}
	}
	return total, nil
}

// probeEndgame scores p from the tables when its material has one (ok false otherwise).
func (s *Searcher) probeEndgame(p *rd.Position, ply int) (int, bool) {
	eg := s.eg
	if eg == nil {
		return 0, false
	}
	if n := p.CountMen(0) + p.CountMen(1) + p.CountKings(0) + p.CountKings(1); n > eg.max {
		return 0, false
	}
	switch eg.db.Probe(p) {
	case egdb.Win:
		return TableWin - ply + s.v.Evaluate(p)/10, true
	case egdb.Loss:
		return -TableWin + ply + s.v.Evaluate(p)/10, true
	case egdb.Draw:
		return 0, true
	}
	return 0, false
}
