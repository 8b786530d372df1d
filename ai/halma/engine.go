// Package halma is the AI of the star-board games (rules/halma): chinese-checkers,
// diamond-kr (10 or 15 pieces) and diamond (2 or 3 players, with the king). It registers one
// ai.Engine per game id.
//
// The search is minimax with alpha-beta over scores from the view of the seat to move at the
// root: alpha-beta for two players, the paranoid search for three (Sturtevant and Korf 2000:
// the others taken as one coalition against the root). The evaluation counts the whole
// team's distance to its target apex with a cost that grows faster than the distance, so
// stragglers weigh more than leaders (so the target fills from its apex inward); a bonus for
// pieces inside the target; in diamond the king's own distance and an own piece squatting
// the apex the king needs; and the Terms: ladders of forward jumps, sealed target holes,
// and progress (own cost weighted more, a tempo lost by a root move without progress).
// Moves are ordered by progress (transposition-table move, killers, then the drop in cost),
// and below the root only the best few by that order are searched at the lower levels.
// Once the seats no longer interact, the race planner (race.go) plays instead.
package halma

import (
	"context"

	"madang/ai"
	"madang/rules"
	"madang/rules/halma"
)

// ttMB is the transposition-table size of one pooled searcher.
const ttMB = 16

// level is how a level searches beyond its ai.Spec (random share and budget).
type level struct {
	width int // moves searched below the root (0: all)
	noise int // seeded leaf noise, so one level against itself gives varied games
	race  int // the race planner's beam once the armies no longer interact (0: no planner)
}

var levels = map[ai.Level]level{
	ai.Beginner:     {width: 8, noise: 40},
	ai.Intermediate: {width: 16, noise: 6, race: 20},
	ai.Advanced:     {width: 0, noise: 2, race: 200},
}

// Specs: the seeds give no numbers for the star games (the beginner makes
// visible mistakes, the advanced level thinks up to about 1.5 s a move). The beginner plays
// 30% of its moves at random and otherwise looks one ply ahead with a coarse evaluation; the
// intermediate level reads 3 plies (two moves of its own against two players; one move of
// every seat against three), the best 16 moves by progress below the root; the advanced
// level reads every move for 1.5 s. A 2-ply intermediate level deadlocked in diamond (two
// stragglers of each side blocking each other on the hexagon's edge until the move limit).
var specs = map[ai.Level]ai.Spec{
	ai.Beginner:     {Random: 0.3, Budget: ai.Budget{Depth: 1}},
	ai.Intermediate: {Budget: ai.Budget{Depth: 3}},
	ai.Advanced:     {Budget: ai.Budget{Time: ai.AdvancedTime}},
}

func init() {
	for _, r := range []*halma.Rules{&halma.ChineseCheckers, &halma.DiamondKR, &halma.Diamond} {
		ai.Register(r.ID, &Engine{r: r, terms: AllTerms})
		ai.SetSpecs(r.ID, specs)
	}
}

// Engine plays one ruleset through the generic rules API (ai.Engine).
type Engine struct {
	r     *halma.Rules
	terms Terms // AllTerms in the registered engines
	pool  ai.Pool[Searcher]
}

// searcher takes a searcher from the engine's bounded pool (ai.Pool: it waits while all are
// in use; ctx.Err() when ctx ends first), its tables cleared when the result must be
// repeatable. Give it back with release.
func (e *Engine) searcher(ctx context.Context, repeatable bool) (*Searcher, error) {
	s, reused, err := e.pool.Get(ctx, func() *Searcher { return NewSearcher(ttMB) })
	if err == nil && reused && repeatable {
		s.Clear()
	}
	return s, err
}

// release gives a searcher back to the pool.
//
// Not inlined: each defer of it would carry a copy of the pool's Put (the browser module's
// size, DESIGN.md "Site").
//
//go:noinline
func (e *Engine) release(s *Searcher) { e.pool.Put(s) }

// position takes a state's position.
func (e *Engine) position(st rules.State) (*halma.State, error) {
	if st == nil || st.Phase() != rules.PhaseMove {
		return nil, ai.ErrNoMove
	}
	hs, ok := halma.AsState(st)
	if !ok || hs.Rules() != e.r {
		return nil, ai.ErrNoEngine
	}
	return hs, nil
}

// Choose picks a move for the seat to act at the request's level or within its explicit
// budget (then with no random moves, no noise, every move searched and no race planner;
// but a time alone for the advanced level changes only its time, as selfplay's --movetime
// does).
// Once the armies of chinese-checkers or diamond-kr are separated, the seats of diamond no
// longer interact (apart), or the game is in its endgame (endgame), the intermediate and
// advanced levels play the first move of the race planner's plan (see race.go). Errors:
// ai.ErrNoMove, ai.ErrBadLevel, ctx.Err() when the context ended the search.
func (e *Engine) Choose(ctx context.Context, r ai.Request) (ai.Result, error) {
	hs, err := e.position(r.State)
	if err != nil {
		return ai.Result{}, err
	}
	legal := hs.LegalMoves()
	if len(legal) == 0 {
		return ai.Result{}, ai.ErrNoMove
	}
	spec, err := ai.Resolve(e.r.ID, r)
	if err != nil {
		return ai.Result{}, err
	}
	ctl := ai.NewControl(ctx, spec.Budget.ForSearch()) // from the request's start
	lv := level{}
	if r.Budget == (ai.Budget{}) || r.Level == ai.Advanced && r.Budget == (ai.Budget{Time: r.Budget.Time}) {
		lv = levels[r.Level]
	}
	if len(legal) == 1 {
		return ai.Result{Move: legal[0], PV: []rules.Move{legal[0]}}, nil
	}
	rng := ai.NewRand(r.Seed, hs.Encode())
	if spec.Random > 0 && rng.Float64() < spec.Random {
		m := legal[rng.IntN(len(legal))]
		return ai.Result{Move: m, PV: []rules.Move{m}}, nil
	}
	if lv.race > 0 && e.terms&TermPlanner != 0 {
		if m, score, ok := raceMove(hs.Position(), lv.race, e.terms); ok {
			return ai.Result{Move: m, Score: score, PV: []rules.Move{m}}, nil
		}
	}
	s, err := e.searcher(ctx, spec.Budget.Time == 0)
	if err != nil {
		return ai.Result{}, err
	}
	defer e.release(s)
	res := s.Search(hs.Position(), Params{Depth: spec.Budget.Depth, Width: lv.width, Noise: lv.noise, Seed: r.Seed, Terms: e.terms}, ctl)
	if err := ctl.Err(); err != nil {
		return ai.Result{}, err
	}
	out := ai.Result{Move: res.Move, Score: res.Score, Depth: res.Depth, Nodes: res.Nodes}
	if p := hs.Position(); !p.IsLegal(res.Move) {
		out.Move = legal[0] // cannot happen: the search only plays generated moves
	}
	for _, m := range res.PV {
		out.PV = append(out.PV, m)
	}
	return out, nil
}

// quickScore is a short fixed-size search's score for the seat to act.
func (e *Engine) quickScore(st rules.State) (int, bool) {
	hs, err := e.position(st)
	if err != nil {
		return 0, false
	}
	s, err := e.searcher(context.Background(), true)
	if err != nil {
		return 0, false
	}
	defer e.release(s)
	res := s.Search(hs.Position(), Params{Depth: 2, Width: 16, Terms: e.terms}, ai.NewControl(context.Background(), ai.Budget{Nodes: 20000}))
	return res.Score, true
}

// AcceptDraw accepts an offered draw when a short search says the seat to act is behind
// in the race.
func (e *Engine) AcceptDraw(st rules.State) bool {
	sc, ok := e.quickScore(st)
	return ok && sc < 0
}

// OfferDraw never offers: a race is decided by the board or by the move limit.
func (e *Engine) OfferDraw(rules.State) bool { return false }
