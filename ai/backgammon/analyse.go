package backgammon

import (
	"context"
	"errors"

	"madang/rules"
	bg "madang/rules/backgammon"
)

// The skill thresholds of a play's equity loss (cubeless money equity, points per game),
// GNU Backgammon's (gnubg.c, arSkillLevel: SKILL_DOUBTFUL 0.04, SKILL_BAD 0.08,
// SKILL_VERYBAD 0.16): a play losing at least Doubtful against the best play is doubtful
// ("?!"), at least Bad an error ("?"), at least VeryBad a blunder ("??").
const (
	Doubtful = 0.04
	Bad      = 0.08
	VeryBad  = 0.16
)

// The move filter of a 1-ply analysis, GNU Backgammon's "normal" filter (gnubg.c
// MOVEFILTER, {0, 8, 0.16}): of the plays rated at 0 ply, up to FilterCount plays within
// FilterTolerance (equity) of the best are rated again at 1 ply. The played play is always
// rated at the same depth as the best, as gnubg's analysis does.
const (
	FilterCount     = 8
	FilterTolerance = 0.16
)

// Rating is one legal play judged for the analysis of a played game.
type Rating struct {
	Move   bg.Move
	Ply    int              // 0: the net on the position after the play; 1: averaged over the opponent's 21 rolls, each with its best reply by the net
	P      [Outputs]float32 // the mover's chances after the play, indexed by Win .. LoseBackgammon
	Equity float64          // the mover's cubeless money equity after the play (points per game, EquityOf)
}

// Rate rates every legal play of s, a state in PhaseMove, for the seat to move with net n,
// best first. plies 0 rates every play by the net on the position after it; plies 1 rates
// again at 1 ply the plays of the filter (filter plays within FilterTolerance of the best
// at 0 ply, at most filter of them; filter < 0: every play) and the play played (an index
// into s.LegalMoves(); -1: none); plays rated at 1 ply come first. Ties keep the plays'
// order. Errors: ErrBadRate for a state not waiting for a play or a nil net,
// ctx.Err().
func Rate(ctx context.Context, s *bg.State, n *Net, plies, filter, played int) ([]Rating, error) {
	if s == nil || n == nil || s.Phase() != rules.PhaseMove {
		return nil, ErrBadRate
	}
	b, me := s.Board(), s.ToMove()
	plays := s.LegalMoves()
	var playedKey bg.Key
	hasPlayed := played >= 0 && played < len(plays)
	if hasPlayed {
		playedKey = plays[played].Key()
	}
	out := make([]Rating, len(plays))
	for i, m := range plays {
		a := b.After(me, m)
		out[i] = Rating{Move: m, P: n.Probabilities(&a, me)}
		out[i].Equity = equity(out[i].P)
	}
	sortRatings(out)
	if plies < 1 {
		return out, nil
	}
	if filter < 0 {
		filter = len(out)
	}
	for i := range out {
		keep := i < filter && out[i].Equity >= out[0].Equity-FilterTolerance
		if !keep && !(hasPlayed && out[i].Move.Key() == playedKey) {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		a := b.After(me, out[i].Move)
		out[i].P = n.onePly(&a, me)
		out[i].Equity, out[i].Ply = equity(out[i].P), 1
	}
	sortRatings(out)
	return out, nil
}

// ErrBadRate is Rate's error for a state without a play to rate (or no net).
var ErrBadRate = errors.New("backgammon analysis: no play to rate")

// sortRatings orders deeper ratings first, then by equity, best first (stable: an
// insertion sort, which keeps the WebAssembly module smaller than a generic sort for one
// more type; a roll has at most a few hundred plays).
func sortRatings(rs []Rating) {
	for i := 1; i < len(rs); i++ {
		for j := i; j > 0 && before(&rs[j], &rs[j-1]); j-- {
			rs[j], rs[j-1] = rs[j-1], rs[j]
		}
	}
}

func before(x, y *Rating) bool {
	if x.Ply != y.Ply {
		return x.Ply > y.Ply
	}
	return x.Equity > y.Equity
}

// onePly is me's chances on b (me has just played) averaged over the opponent's 21 rolls
// (doubles 1/36, others 2/36), each answered by the opponent's best play by the net's
// equity; a roll without a play leaves b as it is, me to roll.
func (n *Net) onePly(b *bg.Board, me rules.Seat) [Outputs]float32 {
	if p, over := final(b, me); over {
		return p
	}
	op := 1 - me
	var sum [Outputs]float64
	for d1 := int8(1); d1 <= 6; d1++ {
		for d2 := d1; d2 <= 6; d2++ {
			w := 2.0
			if d1 == d2 {
				w = 1
			}
			var best [Outputs]float32
			bestEq := -1e9
			replies := bg.Plays(b, op, rules.Dice{d1, d2})
			if len(replies) == 0 {
				best = n.Probabilities(b, op)
			}
			for _, m := range replies {
				a := b.After(op, m)
				p := n.Probabilities(&a, op)
				if e := equity(p); e > bestEq {
					best, bestEq = p, e
				}
			}
			// the opponent's chances turned to me's: my win is their loss, my gammon win
			// their gammon loss
			for i, v := range Flip(best) {
				sum[i] += w * float64(v)
			}
		}
	}
	var out [Outputs]float32
	for i, v := range sum {
		out[i] = float32(v / 36)
	}
	return out
}

// RollChances are the chances of seat toRoll, about to roll on b, by the net (0 ply),
// indexed by Win .. LoseBackgammon; a finished game gives its result.
func (n *Net) RollChances(b *bg.Board, toRoll rules.Seat) [Outputs]float32 {
	return Flip(n.Probabilities(b, 1-toRoll))
}

// EquityOf is the cubeless money equity of chances p (2·win − 1 + gammon wins − gammon
// losses + backgammon wins − backgammon losses), in points per game.
func EquityOf(p [Outputs]float32) float64 { return equity(p) }
