package halma

import (
	"context"

	"madang/ai"
	"madang/rules"
	"madang/rules/halma"
)

// The engine view of a game record (the page's review): for each position the
// advanced engine's best move and what the move played cost its mover, in moves.
//
// A move is worth MoveUnit cost units: the distance cost of ten pieces in their start camp
// (the evaluation's pieceCost, the target bonus included) spread over the 27 moves of the
// optimal solitaire crossing (Bell, INTEGERS 9 (2009) G01; solo_test.go): about 82. A seat's
// cost to its goal over MoveUnit is its distance in moves at the solitaire's pace (Race),
// and a score difference over MoveUnit is a loss in moves (Loss).

// soloOptimum is the optimal solitaire of ten pieces (Bell 2009).
const soloOptimum = 27

// MoveUnit is the cost units of one move (see above); set in init from the table.
var MoveUnit float64

func init() {
	t := tableFor(&halma.ChineseCheckers, 2, 10)
	c := 0
	for _, h := range halma.CampHoles(0, 10) {
		c += int(t.cost[0][h])
	}
	MoveUnit = float64(c-t.minCost[0]) / soloOptimum
}

// MaxLoss is the largest loss Judge reports, in moves: a missed forced win, or a move into
// a forced loss.
const MaxLoss = 99

// judgeRace is the race planner's beam for Judge (the advanced level's).
const judgeRace = 200

// Judgement is the advanced engine's view of one position and of the move played from it.
type Judgement struct {
	Best  rules.Move // the engine's move
	Score int        // its score, cost units from the mover's view (paranoid with three seats)
	Depth int        // deepest completed iteration (0: the race planner chose)
	// Loss is what the move played costs its mover against Best, in moves (0..MaxLoss): 0
	// for no move played, Best itself, or a move that wins the game. In the race (the race
	// planner plays) it is the planner's count: the plan after the move played plus that
	// move, against the plan from the position; otherwise the scores of the two moves at
	// the root, searched to the same depth from the mover's view, over MoveUnit.
	Loss float64
	// Race is each seat's distance to its goal in moves at the solitaire's pace: its
	// distance cost (the king's distance and an own piece on the apex the king needs
	// included in diamond) over MoveUnit, 0 for a filled goal.
	Race []float64
}

// Judge scores st for the seat to move as the advanced level does (every move, no noise,
// the race planner once the seats no longer interact) within budget (the page gives a
// time, tests a depth), and the move played (nil: none) against the engine's own: the move
// played is searched to the end at the depth the engine's move's score comes from. Errors: ai.ErrNoMove (st over or not
// a star-game position waiting for a move), ai.ErrNoEngine (another ruleset), rules.ErrIllegal
// (played not legal in st), ctx.Err().
func (e *Engine) Judge(ctx context.Context, st rules.State, played rules.Move, budget ai.Budget) (Judgement, error) {
	hs, err := e.position(st)
	if err != nil {
		return Judgement{}, err
	}
	p := hs.Position()
	t := tableFor(p.Rules(), p.Seats(), p.PiecesPerSeat())
	n := newNode(p)
	j := Judgement{Race: Race(st)}
	var pm halma.Move
	if played != nil {
		m, ok := played.(halma.Move)
		if !ok || !p.IsLegal(m) {
			return Judgement{}, rules.ErrIllegal
		}
		pm = m
	}
	side := p.Side()
	if e.terms&TermPlanner != 0 {
		if m, plan, ok := racePlanMove(p, judgeRace); ok {
			j.Best, j.Score = m, t.eval(&n, int(side), e.terms)
			if plan == 1 && p.Apply(m).Wins(side) {
				j.Score = WinScore - 1
			}
			if played == nil || pm == m || p.Apply(pm).Wins(side) {
				return j, nil
			}
			q := newNode(p.Apply(pm))
			if after := racePlan(t, &q, int(side), judgeRace, 60); after != nil {
				j.Loss = clampLoss(float64(len(after) + 1 - plan))
				return j, nil
			}
			// no plan after the move played (it let another seat in the way): the search
			// judges both below
			j.Best = nil
		}
	}
	s, err := e.searcher(ctx, true)
	if err != nil {
		return Judgement{}, err
	}
	defer e.release(s)
	prm := Params{Terms: e.terms, Depth: budget.Depth}
	ctl := ai.NewControl(ctx, budget)
	res := s.Search(p, prm, ctl)
	if err := ctx.Err(); err != nil {
		return Judgement{}, err
	}
	if j.Best == nil {
		j.Best, j.Score = res.Move, res.Score
	}
	j.Depth = res.Depth
	if played == nil || pm == res.Move || p.Apply(pm).Wins(side) {
		return j, nil
	}
	// The move played at the very depth the best move's score comes from, to the end: one
	// root move at a depth the first search reached costs no more than that search did, and
	// a score cut short by a clock would not compare (on a loaded machine a 2×budget clock
	// cut it and a move the search prefers by nothing was judged a loss).
	prm.Root, prm.Depth = []halma.Move{pm}, max(res.ScoreDepth, 1)
	alt := s.Search(p, prm, ai.NewControl(ctx, ai.Budget{}))
	if err := ctx.Err(); err != nil {
		return Judgement{}, err
	}
	switch {
	case res.Score > winBound && alt.Score <= winBound, alt.Score < -winBound && res.Score >= -winBound:
		j.Loss = MaxLoss
	default:
		j.Loss = clampLoss(float64(res.Score-alt.Score) / MoveUnit)
	}
	return j, nil
}

// Race is each seat's distance to its goal in st in moves (Judgement's Race); nil for a
// state not of the star games.
func Race(st rules.State) []float64 {
	hs, ok := halma.AsState(st)
	if !ok {
		return nil
	}
	p := hs.Position()
	t := tableFor(p.Rules(), p.Seats(), p.PiecesPerSeat())
	n := newNode(p)
	r := make([]float64, p.Seats())
	for s := range r {
		r[s] = float64(t.seatCost(&n, s, 0)) / MoveUnit
	}
	return r
}

func clampLoss(x float64) float64 { return max(0, min(MaxLoss, x)) }
