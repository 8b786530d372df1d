package view

import (
	"context"
	"math"
	"time"

	"madang/ai"
	bgai "madang/ai/backgammon"
	"madang/rules"
	bg "madang/rules/backgammon"
	"madang/site/wasm/jsapi"
	"madang/site/wasm/session"
)

// Analyse is the backgammon module's op "analyse" (jsapi.Op), the records panel's engine
// view of a position, GNU Backgammon's way:
//
//	{op: "analyse", game, fen?, options?, moves, played?, ms, seed?}
//
// loads the log moves as load does (the session's own game is untouched) and, unless the
// game is over there ({over: true} with the outcome), rates the position and played, the
// log's next entry, with RatePlay for ms milliseconds (1..jsapi.MaxAnalyseMs). The answer
// is jsapi.AnalysisAnswer's: {ok: true, analysis: {over, outcome, toMove, score, best,
// text, move, depth, nodes, loss, win, gammon, lgammon, skill, seen?}}. Errors: load's,
// bad-message for ms out of range, RatePlay's.
var Analyse = jsapi.Op{Name: "analyse", Do: analysePosition}

func analysePosition(_ *session.Session, r jsapi.Request) map[string]any {
	if r.Ms <= 0 || r.Ms > jsapi.MaxAnalyseMs {
		return jsapi.Fail(jsapi.ErrBadMessage)
	}
	t := session.New(Family{})
	if err := t.Load(r.Game, r.FEN, r.Options, uint64(r.Seed), r.Moves); err != nil {
		return jsapi.Fail(err)
	}
	st := t.State()
	a := session.Analysis{Outcome: st.Outcome(), ToMove: int(st.ToMove()), Best: -1}
	if a.Outcome.Over() {
		a.Over = true
	} else {
		rated, err := Family{}.RatePlay(st, r.Played, time.Duration(r.Ms)*time.Millisecond)
		if err != nil {
			return jsapi.Fail(err)
		}
		rated.Outcome, rated.ToMove = a.Outcome, a.ToMove
		a = rated
	}
	return map[string]any{"ok": true, "analysis": jsapi.AnalysisAnswer(a)}
}

// The analysis depth by the page's time budget per position (the records panel's three
// settings, 200, 500 and 1500 ms): under FastBudget every play is rated by the net alone
// (0 ply); under DeepBudget the plays of GNU Backgammon's normal move filter and the played
// play are rated again at 1 ply (ai/backgammon Rate, FilterCount within FilterTolerance);
// from DeepBudget on every play is. The budget only picks the depth: the answer does not
// depend on the machine's speed.
const (
	FastBudget = 300 * time.Millisecond
	DeepBudget = 1000 * time.Millisecond
)

// RatePlay judges st for the seat to act and played, the log's next entry after it (its
// text; "" at the end of the log), with a budget of wall time (op analyse), GNU Backgammon's way (cubeless money equity, no
// cube: seed 003 plays without one). In PhaseMove it rates every legal play of the roll
// with the advanced level's net (ai/backgammon Shipped, Rate) for the seat to move: Best
// and Text are the best play's (View stays nil: the text is the notation), Score its
// equity in thousandths of a point per game (millipoints), Depth the ply it was rated at
// (0 or 1), Nodes the plays rated, and when played names a legal play, Loss is the best
// play's equity minus the played play's, in millipoints (0 for the only play). Waiting for
// dice (played is the roll) Score is the roller's equity before the roll by the net, Best
// -1 and Loss 0. Extra holds, all ints for the seat to act:
//
//	win      chance to win, in thousandths (the best play's; before a roll, the roller's)
//	gammon   chance to win a gammon or more, in thousandths
//	lgammon  chance to lose a gammon or more, in thousandths
//	skill    the played entry's class by GNU Backgammon's thresholds (Skill): "",
//	         "doubtful", "bad" or "verybad"
//	seen     in PhaseMove, the best play's Text as each seat reads it (Seen): []any of
//	         seat 0's text and seat 1's
//
// Errors: ai.ErrNoEngine without the net, rules.ErrUnknown for a state of another game,
// the played text's (rules.ErrNotation, rules.ErrIllegal, rules.ErrAmbiguous).
func (Family) RatePlay(st rules.State, played string, budget time.Duration) (session.Analysis, error) {
	bs, ok := st.(*bg.State)
	if !ok {
		return session.Analysis{}, rules.ErrUnknown
	}
	net := bgai.Shipped
	if net == nil {
		return session.Analysis{}, ai.ErrNoEngine
	}
	b := bs.Board()
	a := session.Analysis{Best: -1, Rated: true}
	if bs.Phase() != rules.PhaseMove {
		p := net.RollChances(&b, bs.ToMove())
		if rules.IsOpening(bs) {
			// either seat may start: the mean of seat 0 rolling and seat 1 rolling
			q := net.RollChances(&b, 1-bs.ToMove())
			q = bgai.Flip(q)
			for i := range p {
				p[i] = (p[i] + q[i]) / 2
			}
		}
		a.Score = milli(bgai.EquityOf(p))
		a.Extra = chances(p, "")
		return a, nil
	}
	plies, filter := 1, bgai.FilterCount
	switch {
	case budget < FastBudget:
		plies = 0
	case budget >= DeepBudget:
		filter = -1
	}
	legal := bs.LegalMoves()
	idx := -1
	if played != "" {
		m, err := bs.ParseText(played)
		if err != nil {
			return session.Analysis{}, err
		}
		idx = keyIndex(legal, m.Key())
	}
	rs, err := bgai.Rate(context.Background(), bs, net, plies, filter, idx)
	if err != nil {
		return session.Analysis{}, err
	}
	best := rs[0]
	a.Best = keyIndex(legal, best.Move.Key())
	a.Text = legal[a.Best].String()
	a.Score, a.Depth, a.Nodes = milli(best.Equity), best.Ply, int64(len(rs))
	a.Rated = idx >= 0
	if idx >= 0 {
		for _, r := range rs {
			if r.Move.Key() == legal[idx].Key() {
				a.Loss = max(0, a.Score-milli(r.Equity))
			}
		}
	}
	a.Extra = chances(best.P, Skill(a.Loss))
	a.Extra["seen"] = Seen(a.Text, int(bs.ToMove()))
	return a, nil
}

// Skill names a loss in millipoints by GNU Backgammon's thresholds (gnubg.c arSkillLevel;
// ai/backgammon Doubtful, Bad, VeryBad): "verybad" (a blunder, ≥ 160), "bad" (an error,
// ≥ 80), "doubtful" (≥ 40), else "".
func Skill(loss int) string {
	switch {
	case loss >= milli(bgai.VeryBad):
		return "verybad"
	case loss >= milli(bgai.Bad):
		return "bad"
	case loss >= milli(bgai.Doubtful):
		return "doubtful"
	}
	return ""
}

func keyIndex(ms []bg.Move, k bg.Key) int {
	for i, m := range ms {
		if m.Key() == k {
			return i
		}
	}
	return -1
}

// milli is an equity in thousandths of a point, rounded.
func milli(e float64) int { return int(math.Round(e * 1000)) }

func chances(p [bgai.Outputs]float32, skill string) map[string]any {
	return map[string]any{"win": milli(float64(p[bgai.Win])), "gammon": milli(float64(p[bgai.WinGammon])), "lgammon": milli(float64(p[bgai.LoseGammon])), "skill": skill}
}
