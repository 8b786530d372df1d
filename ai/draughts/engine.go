package draughts

import (
	"context"

	"madang/ai"
	"madang/rules"
	rd "madang/rules/draughts"
)

// ttMB is the transposition-table size of one pooled searcher.
const ttMB = 16

func init() {
	for _, v := range []*Variant{Checkers, Draughts} {
		ai.Register(v.ID, &Engine{v: v})
	}
	// Seed 001: 초급은 수의 40%를 무작위로 고르고, 그 밖에는 2수 앞까지 읽습니다. 중급은
	// 영미식에서 8수 앞, 국제식 드래프트에서 6수 앞까지 읽고, 고급은 한 수에 최대 1.5초.
	ai.SetSpecs(Checkers.ID, map[ai.Level]ai.Spec{
		ai.Beginner:     {Random: 0.4, Budget: ai.Budget{Depth: 2}},
		ai.Intermediate: {Budget: ai.Budget{Depth: 8}},
		ai.Advanced:     {Budget: ai.Budget{Time: ai.AdvancedTime}},
	})
	ai.SetSpecs(Draughts.ID, map[ai.Level]ai.Spec{
		ai.Beginner:     {Random: 0.4, Budget: ai.Budget{Depth: 2}},
		ai.Intermediate: {Budget: ai.Budget{Depth: 6}},
		ai.Advanced:     {Budget: ai.Budget{Time: ai.AdvancedTime}},
	})
}

// Engine plays one variant through the generic rules API (ai.Engine).
type Engine struct {
	v    *Variant
	pool ai.Pool[Searcher]
}

// searcher takes a searcher from the engine's bounded pool (ai.Pool: it waits while all are
// in use; ctx.Err() when ctx ends first), its tables cleared when the result must be
// repeatable. Give it back with release.
func (e *Engine) searcher(ctx context.Context, repeatable bool) (*Searcher, error) {
	s, reused, err := e.pool.Get(ctx, func() *Searcher { return NewSearcher(e.v, ttMB) })
	if err == nil && reused && repeatable {
		s.Clear()
	}
	return s, err
}

// release gives a searcher back to the pool.
func (e *Engine) release(s *Searcher) { e.pool.Put(s) }

// position takes a state's position (rules/draughts, no text round trip) and the draw
// counts in force.
func (e *Engine) position(st rules.State) (*rd.State, rd.Position, Limits, error) {
	if st == nil || st.Phase() != rules.PhaseMove {
		return nil, rd.Position{}, Limits{}, ai.ErrNoMove
	}
	rs, ok := rd.AsState(st)
	if !ok || rs.Rules() != e.v.R {
		return nil, rd.Position{}, Limits{}, ai.ErrNoEngine
	}
	p, lim := StateLimits(rs)
	return rs, p, lim, nil
}

// StateLimits gives the position of a game state and the draw-rule limits in force there
// (the draw counts and the positions since the last man move or capture), for a Search.
func StateLimits(rs *rd.State) (rd.Position, Limits) {
	p := rs.Position()
	v, ok := VariantByID(rs.Rules().ID)
	if !ok {
		return p, Limits{}
	}
	var lim Limits
	for _, c := range rs.Counters() {
		switch c.Rule {
		case rules.FortyMove, rules.TwentyFiveMove:
			lim.ReversiblePlies = max(0, v.DrawPlies-c.PliesLeft)
		case rules.SixteenMove, rules.FiveMove:
			if c.PliesLeft > 0 && (lim.EndgamePlies == 0 || c.PliesLeft < lim.EndgamePlies) {
				lim.EndgamePlies = c.PliesLeft
			}
		}
	}
	// The positions since the last man move or capture, for repetitions in the search.
	h := rs.History()
	for i := 0; i+1 < len(h); i++ {
		lim.History = append(lim.History, h[i].Hash())
	}
	return p, lim
}

// Choose picks a move for the seat to act: at the request's level (seed 001: beginner
// plays 40% random moves and otherwise searches 2 plies, intermediate searches 8 plies in
// checkers and 6 in draughts, advanced answers within 1.5 s) or within its explicit budget. The
// advanced level plays from the opening book while the position is in it.
// Errors: ai.ErrNoMove, ai.ErrBadLevel, ctx.Err() when the context ended the search.
func (e *Engine) Choose(ctx context.Context, r ai.Request) (ai.Result, error) {
	rs, p, lim, err := e.position(r.State)
	if err != nil {
		return ai.Result{}, err
	}
	legal := r.State.Moves()
	if len(legal) == 0 {
		return ai.Result{}, ai.ErrNoMove
	}
	spec, err := ai.Resolve(e.v.ID, r)
	if err != nil {
		return ai.Result{}, err
	}
	ctl := ai.NewControl(ctx, spec.Budget.ForSearch()) // from the request's start
	rng := ai.NewRand(r.Seed, r.State.Encode())
	if err := ctx.Err(); err != nil {
		return ai.Result{}, err
	}
	if r.Level == ai.Advanced {
		// The opening book: the advanced level only, a seeded choice
		// among the book's moves.
		if ms := e.v.book.Moves(&p); len(ms) > 0 {
			if m := toRules(rs, ms[rng.IntN(len(ms))]); m != nil {
				return ai.Result{Move: m, PV: []rules.Move{m}}, nil
			}
		}
	}
	if spec.Random > 0 && rng.Float64() < spec.Random {
		m := legal[rng.IntN(len(legal))]
		return ai.Result{Move: m, PV: []rules.Move{m}}, nil
	}
	s, err := e.searcher(ctx, spec.Budget.Time == 0)
	if err != nil {
		return ai.Result{}, err
	}
	defer e.release(s)
	lim.Depth = spec.Budget.Depth
	res := s.Search(p, lim, ctl)
	if err := ctl.Err(); err != nil {
		return ai.Result{}, err
	}
	out := ai.Result{Score: res.Score, Depth: res.Depth, Nodes: res.Nodes}
	out.Move = toRules(rs, res.Move)
	if out.Move == nil {
		// The search found no move (cannot happen with a legal move on the board).
		out.Move = legal[0]
		return out, nil
	}
	st := rs
	for i, m := range res.PV {
		if i >= 12 {
			break
		}
		rm := toRules(st, m)
		if rm == nil {
			break
		}
		out.PV = append(out.PV, rm)
		if st, err = st.PlayMove(m); err != nil || st.Phase() != rules.PhaseMove {
			break
		}
	}
	return out, nil
}

// toRules finds the legal move of st that is m; nil when none is.
func toRules(st *rd.State, m rd.Move) rules.Move {
	for _, tm := range st.LegalMoves() {
		if tm.Move == m {
			return tm
		}
	}
	return nil
}

// quickScore searches s briefly (a fixed node budget, so the answer is repeatable) and
// returns the score from the view of the seat to act.
func (e *Engine) quickScore(st rules.State) (int, rd.Position, bool) {
	_, p, lim, err := e.position(st)
	if err != nil {
		return 0, p, false
	}
	s, err := e.searcher(context.Background(), true)
	if err != nil {
		return 0, p, false
	}
	defer e.release(s)
	lim.Depth = 12
	res := s.Search(p, lim, ai.NewControl(context.Background(), ai.Budget{Nodes: 150000}))
	return res.Score, p, true
}

// Draw-decision margins of the short search, in centi-men.
const (
	// levelMargin is how far from equality a position still counts as level.
	levelMargin = 20
	// worseMargin is how far behind the seat to act must be to call its position worse.
	worseMargin = 30
)

// AcceptDraw accepts an offered draw when a short search says the seat to act is worse
// (at least worseMargin behind), or when the position is both level (within levelMargin)
// and simplified (few pieces left, as OfferDraw). A level opening is declined: an offer on
// move 1 must not end the game.
func (e *Engine) AcceptDraw(st rules.State) bool {
	sc, p, ok := e.quickScore(st)
	if !ok {
		return false
	}
	return sc <= -worseMargin || (abs(sc) <= levelMargin && e.simplified(&p))
}

// OfferDraw offers a draw in a long, balanced ending that makes no progress: few pieces
// left (simplified), a draw count running (forty/twenty-five moves or an endgame count)
// and a short search within levelMargin of equality.
func (e *Engine) OfferDraw(st rules.State) bool {
	if st == nil || st.Phase() != rules.PhaseMove || len(st.Counters()) == 0 {
		return false
	}
	sc, p, ok := e.quickScore(st)
	if !ok {
		return false
	}
	return e.simplified(&p) && abs(sc) <= levelMargin
}

// simplified reports whether few pieces are left: at most 6 in checkers, 8 in draughts.
func (e *Engine) simplified(p *rd.Position) bool {
	pieces := p.CountMen(0) + p.CountKings(0) + p.CountMen(1) + p.CountKings(1)
	limit := 6
	if e.v.FlyingKings {
		limit = 8
	}
	return pieces <= limit
}

// RulesMove reads move text in any form ParseMove accepts (Hub "28x19x23", PDN paths
// "15x24x31", "32-28") and returns the matching legal move of st, a checkers or draughts
// state. Errors: ErrNotation (unreadable, illegal or ambiguous text), ai.ErrNoMove.
func RulesMove(st rules.State, text string) (rules.Move, error) {
	if st == nil {
		return nil, ai.ErrNoMove
	}
	v, ok := VariantByID(st.Game().ID())
	if !ok {
		return nil, ai.ErrNoEngine
	}
	e := &Engine{v: v}
	rs, p, _, err := e.position(st)
	if err != nil {
		return nil, err
	}
	m, err := v.ParseMove(&p, text)
	if err != nil {
		return nil, err
	}
	if rm := toRules(rs, m); rm != nil {
		return rm, nil
	}
	return nil, notationErr("no rules move matches", text)
}

// HubPosition writes a checkers or draughts state's position as a Hub position string.
func HubPosition(st rules.State) (string, error) {
	v, ok := VariantByID(st.Game().ID())
	if !ok {
		return "", ai.ErrNoEngine
	}
	rs, ok := rd.AsState(st)
	if !ok {
		return "", ai.ErrNoEngine
	}
	p := rs.Position()
	return v.Hub(&p), nil
}
