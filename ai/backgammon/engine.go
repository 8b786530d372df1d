package backgammon

import (
	"context"
	"slices"

	"madang/ai"
	"madang/rules"
	bg "madang/rules/backgammon"
)

func init() {
	ai.Register(bg.ID, Engine{})
	// Depth 1 is one play deep, depth 2 adds the opponent's 21 rolls and best replies;
	// the advanced level answers within ai.AdvancedTime (seed 001: at most 1.5 s a move).
	ai.SetSpecs(bg.ID, map[ai.Level]ai.Spec{
		ai.Beginner:     {Random: 1, Budget: ai.Budget{Depth: 1}},
		ai.Intermediate: {Budget: ai.Budget{Depth: 1}},
		ai.Advanced:     {Budget: ai.Budget{Depth: 2, Time: ai.AdvancedTime}},
	})
}

// Engine is the backgammon ai.Engine. It needs a *backgammon.State in PhaseMove: the
// dice are rolled by the caller.
type Engine struct{}

// Candidates is how many of the best plays by the one-play evaluation the advanced level
// looks at with expectimax.
const Candidates = 8

// BeginnerMargin is how far (in pips) below the best play a beginner's play may be.
const BeginnerMargin = 12

// Choose picks a play. Levels (seed 003): beginner a play drawn at random (from the seeded
// generator) among those within BeginnerMargin of the best by Evaluate; intermediate the
// best by Evaluate; advanced, of the Candidates best by Evaluate, the one with the best
// average over the opponent's 21 rolls of the position after its best reply (by Evaluate),
// the candidates taken best first until the budget's Time is spent (a candidate cut short
// counts for nothing; with none done, the best by the net one play deep).
// An explicit budget plays Depth 1 like intermediate and Depth 2 or more like advanced.
// Errors: ai.ErrNoMove (not a backgammon state waiting for a play), ai.ErrBadLevel,
// ctx.Err().
func (Engine) Choose(ctx context.Context, r ai.Request) (ai.Result, error) {
	s, ok := r.State.(*bg.State)
	if !ok || s.Phase() != rules.PhaseMove {
		return ai.Result{}, ai.ErrNoMove
	}
	spec, err := ai.Resolve(bg.ID, r)
	if err != nil {
		return ai.Result{}, err
	}
	plays := s.LegalMoves()
	if len(plays) == 0 {
		return ai.Result{}, ai.ErrNoMove
	}
	ctl := ai.NewControl(ctx, spec.Budget.ForSearch()) // from the request's start
	board, me := s.Board(), s.ToMove()
	eval := Evaluate
	if spec.Budget.Depth >= 2 && Shipped != nil {
		eval = Shipped.Equity
	}
	scored := rank(&board, me, plays, eval)
	res := ai.Result{Depth: 1, Nodes: int64(len(plays))}
	switch {
	case spec.Random > 0:
		rng := ai.NewRand(r.Seed, s.Encode())
		n := 1
		for n < len(scored) && scored[n].score >= scored[0].score-BeginnerMargin {
			n++
		}
		pick := scored[rng.IntN(n)]
		res.Move, res.Score = pick.m, int(pick.score*100)
		return res, nil
	case spec.Budget.Depth >= 2:
		best := expectimax(ctl, &board, me, scored, eval)
		if err := ctx.Err(); err != nil {
			return ai.Result{}, err
		}
		res.Move, res.Score, res.Depth, res.Nodes = best.m, int(best.score*100), 2, res.Nodes+ctl.Nodes()
		return res, nil
	}
	res.Move, res.Score = scored[0].m, int(scored[0].score*100)
	return res, nil
}

type scoredPlay struct {
	m     bg.Move
	after bg.Board
	score float64
}

// An evaluator scores a board for seat me, who has just played (the other seat rolls
// next); higher is better for me.
type evaluator func(b *bg.Board, me rules.Seat) float64

// rank scores every play by eval, best first (ties keep the plays' order).
func rank(b *bg.Board, me rules.Seat, plays []bg.Move, eval evaluator) []scoredPlay {
	out := make([]scoredPlay, len(plays))
	for i, m := range plays {
		a := b.After(me, m)
		out[i] = scoredPlay{m: m, after: a, score: eval(&a, me)}
	}
	// slices, not sort.SliceStable: the same order without reflection, which keeps the
	// WebAssembly module smaller.
	slices.SortStableFunc(out, func(x, y scoredPlay) int {
		switch {
		case x.score > y.score:
			return -1
		case y.score > x.score:
			return 1
		}
		return 0
	})
	return out
}

// expectimax averages, for each of the best candidates, the opponent's 21 rolls (doubles
// 1/36, others 2/36) of the value for me after the opponent's best reply by eval, one
// ctl.Tick a reply. Once ctl stops it returns the best of the candidates done, or
// scored[0] when none is.
func expectimax(ctl *ai.Control, b *bg.Board, me rules.Seat, scored []scoredPlay, eval evaluator) scoredPlay {
	n := min(len(scored), Candidates)
	best := scored[0]
	bestVal := -1e18
	for i := 0; i < n; i++ {
		c := scored[i]
		if c.after[me][bg.Off] == bg.Checkers {
			return c // the play wins now
		}
		val := 0.0
		for d1 := int8(1); d1 <= 6; d1++ {
			for d2 := d1; d2 <= 6; d2++ {
				w := 2.0
				if d1 == d2 {
					w = 1
				}
				replies := bg.Plays(&c.after, 1-me, rules.Dice{d1, d2})
				reply := -eval(&c.after, 1-me) // no play: the position stays
				if len(replies) > 0 {
					top := -1e18
					for _, m := range replies {
						if ctl.Tick() {
							return best
						}
						a := c.after.After(1-me, m)
						top = max(top, eval(&a, 1-me))
					}
					reply = -top
				}
				val += w * reply
			}
		}
		val /= 36
		if val > bestVal {
			best, bestVal = c, val
			best.score = val
		}
	}
	return best
}

// AcceptDraw is false: backgammon has no draws.
func (Engine) AcceptDraw(rules.State) bool { return false }

// OfferDraw is false: backgammon has no draws.
func (Engine) OfferDraw(rules.State) bool { return false }
