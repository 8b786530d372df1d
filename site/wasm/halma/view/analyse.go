package view

import (
	"context"
	"time"

	"madang/ai"
	ah "madang/ai/halma"
	"madang/rules"
	"madang/site/wasm/jsapi"
	"madang/site/wasm/session"
)

// Analyse is the star games' op "analyse" (jsapi.Op), the engine view of a record's
// position:
//
//	{op: "analyse", game, fen?, options?, moves, played?, ms, seed?}
//
// scores the position after moves (a log as load takes it) with the advanced engine
// (ai/halma Engine.Judge) for ms milliseconds (1..jsapi.MaxAnalyseMs), and the move played
// next, played (absent at the last position; the field every family's analyse takes), against the engine's own. Answer:
//
//	{ok: true, analysis: {over, outcome: {status, winner}, toMove, score, best, text, depth,
//	 loss, race}}
//
// over: the game has ended here (outcome and race only; best -1, loss 0); score the search's score in the
// engine's cost units from the mover's view; best the index of the engine's move among the
// legal moves and text its canonical text; depth the search's (0: the race planner's); loss what played costs the
// mover against best, in moves (0..99, one decimal; 0 for no played, best itself or a move
// that wins); race []number, each seat's distance to its goal in moves at the solitaire's
// pace (one decimal). Errors: load's, bad-message for ms out of range, no-engine,
// illegal-move for a played move not legal in the position.
var Analyse = jsapi.Op{Name: "analyse", Do: analyse}

func analyse(_ *session.Session, r jsapi.Request) map[string]any {
	if r.Ms <= 0 || r.Ms > jsapi.MaxAnalyseMs {
		return jsapi.Fail(jsapi.ErrBadMessage)
	}
	t := session.New(Family{})
	if err := t.Load(r.Game, r.FEN, r.Options, uint64(r.Seed), r.Moves); err != nil {
		return jsapi.Fail(err)
	}
	st := t.State()
	o := st.Outcome()
	a := map[string]any{"over": false, "toMove": int(st.ToMove()), "best": -1, "loss": 0.0,
		"outcome": map[string]any{"status": "ongoing", "winner": int(o.Winner)}}
	if o.Over() {
		a["over"] = true
		status := "draw"
		if o.Status == rules.Win {
			status = "win"
		}
		a["outcome"] = map[string]any{"status": status, "winner": int(o.Winner)}
		a["race"] = raceOf(ah.Race(st))
		return map[string]any{"ok": true, "analysis": a}
	}
	e, err := ai.For(r.Game)
	if err != nil {
		return jsapi.Fail(err)
	}
	judge, ok := e.(*ah.Engine)
	if !ok {
		return jsapi.Fail(ai.ErrNoEngine)
	}
	var played rules.Move
	if r.Played != "" {
		if played, _, err = rules.ParseRoute(st, r.Played); err != nil {
			return jsapi.Fail(err)
		}
	}
	j, err := judge.Judge(context.Background(), st, played, ai.Budget{Time: time.Duration(r.Ms) * time.Millisecond})
	if err != nil {
		return jsapi.Fail(err)
	}
	for i, m := range st.Moves() {
		if m == j.Best {
			a["best"], a["text"] = i, m.String()
			break
		}
	}
	a["score"], a["depth"], a["loss"], a["race"] = j.Score, j.Depth, tenth(j.Loss), raceOf(j.Race)
	return map[string]any{"ok": true, "analysis": a}
}

func raceOf(r []float64) []any {
	out := make([]any, len(r))
	for s, x := range r {
		out[s] = tenth(x)
	}
	return out
}

// tenth rounds x (not negative) to one decimal.
func tenth(x float64) float64 { return float64(int(x*10+0.5)) / 10 }
