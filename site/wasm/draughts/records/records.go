// Package draughtsrecords is the draughts family's session view with its game records:
// PDN files written and read by package rules/draughts/pdn, the reader and writer the CLI
// uses. It is its own WebAssembly module (site/wasm/draughts/cmd/records, loaded by the page
// only when a record is downloaded or imported), because the PDN reader does not fit in the
// engine module's size limit beside the AI.
package records

import (
	"errors"
	"strconv"
	"strings"

	"madang/rules"
	"madang/rules/clk"
	"madang/rules/draughts/pdn"
	"madang/site/wasm/session"
)

// Family is the draughts family's session.Records (checkers and international draughts).
type Family struct{}

var _ session.Records = Family{}

// RecordFormat implements session.Records: PDN (PDN 3.0), the format of checkers and
// draughts records.
func (Family) RecordFormat() map[string]any {
	return map[string]any{"name": "PDN", "ext": "pdn", "mime": "application/x-pdn"}
}

// gameType is the PDN GameType of a game id (PDN 3.0: 20 international draughts, 21
// English checkers).
var gameType = map[string]string{"draughts": "20", "checkers": "21"}

// ResultToken is the PDN result of an outcome: the first number is the score of seat 0, the
// side that moves first from the initial position (pdn.ResultOutcome): "1-0", "0-1",
// "1/2-1/2", and "*" for a game still going on.
func ResultToken(o rules.Outcome) string {
	switch {
	case o.Status == rules.Win && o.Winner == 0:
		return "1-0"
	case o.Status == rules.Win && o.Winner == 1:
		return "0-1"
	case o.Status == rules.Draw:
		return "1/2-1/2"
	}
	return "*"
}

// ExportRecord implements session.Records with the PDN writer the CLI uses (pdn.Append):
// the tags given, then GameType, SetUp and FEN (a game from a set position) and Result
// unless given, and the moves replayed through the rules in canonical text, each followed by
// its comment when r.Comments has one (the clock's {[%clk 0:04:51]}). Errors: a game
// of another family, a move the rules refuse, or what pdn.Append refuses (e.g. a tag name
// that is not letters, digits and '_').
func (Family) ExportRecord(r session.Record) ([]byte, error) {
	gt, ok := gameType[r.Game]
	if !ok {
		return nil, session.ErrGame
	}
	g, ok := rules.Lookup(r.Game)
	if !ok {
		return nil, rules.ErrUnknown
	}
	var st rules.State
	var err error
	if r.Position == "" {
		st, err = g.New(nil)
	} else {
		st, err = g.Decode(nil, r.Position)
	}
	if err != nil {
		return nil, err
	}
	texts := make([]string, len(r.Moves))
	for i, t := range r.Moves {
		m, err := st.ParseMove(t)
		if err != nil {
			return nil, errors.New("move " + strconv.Itoa(i+1) + ": " + err.Error())
		}
		if st, err = st.Play(m); err != nil {
			return nil, errors.New("move " + strconv.Itoa(i+1) + ": " + err.Error())
		}
		texts[i] = m.String()
	}
	res := ResultToken(r.Outcome)
	var tags []pdn.Tag
	has := map[string]bool{}
	for _, t := range r.Tags {
		tags = append(tags, pdn.Tag{Name: t[0], Value: t[1]})
		has[strings.ToLower(t[0])] = true
	}
	add := func(name, value string) {
		if !has[strings.ToLower(name)] {
			tags = append(tags, pdn.Tag{Name: name, Value: value})
		}
	}
	add("Result", res)
	add("GameType", gt)
	if r.Position != "" {
		add("SetUp", "1")
		add("FEN", r.Position)
	}
	pg := pdn.NewGame(tags, texts, res)
	for i := range pg.Moves {
		if i < len(r.Comments) {
			pg.Moves[i].Comment = r.Comments[i]
		}
	}
	return pdn.Append(nil, pg)
}

// ImportRecords implements session.Records with the PDN reader the CLI uses (pdn.Read and
// pdn.ReplayGuess: records without a GameType tag are played as fallback, or as the other
// game when only it plays them). The answer is
//
//	games   []any of {index, line, game, fen, tags: [[name, value]], moves: [canonical text
//	        of each move played], total (moves in the record), result (the record's result
//	        token), problems: [{move (index in the record, -1 for the whole game), number
//	        ("12." or "12..."), text (as written), code, detail}]}
//	errors  []any of {line, game, detail}: syntax errors (a game with one is skipped)
//
// Problem codes: illegal-move, ambiguous, bad-notation, bad-position (the FEN tag),
// game-type, bad-result, error. fen is the start position as the rules encode it, "" for
// the initial position. Details are the reader's English text; the page words each code
// in Korean.
func (Family) ImportRecords(data []byte, fallback string) map[string]any {
	read, err := pdn.Read(data)
	syntax := []any{}
	if el, ok := err.(pdn.ErrorList); ok { // Read returns it as such
		for _, e := range el {
			syntax = append(syntax, map[string]any{"line": e.Line, "game": e.Game, "detail": e.Msg})
		}
	} else if err != nil {
		syntax = append(syntax, map[string]any{"line": 0, "game": 0, "detail": err.Error()})
	}
	games := make([]any, 0, len(read))
	for i := range read {
		g := &read[i]
		r := pdn.ReplayGuess(g, fallback)
		moves := make([]any, len(r.Played))
		clocks := make([]any, len(r.Played))
		for k, m := range r.Played {
			moves[k] = m.String()
			clocks[k] = ""
			if k < len(g.Moves) {
				clocks[k] = clk.FromComment(g.Moves[k].Comment)
			}
		}
		tags := make([]any, len(g.Tags))
		for k, t := range g.Tags {
			tags[k] = []any{t.Name, t.Value}
		}
		fen := ""
		if r.Start != nil && g.FEN() != "" {
			fen = r.Start.Encode()
		}
		problems := []any{}
		for _, p := range r.Problems {
			q := map[string]any{"move": p.Move, "number": "", "text": "", "code": problemCode(p), "detail": p.Err.Error()}
			if p.Move >= 0 {
				m := g.Moves[p.Move]
				q["number"] = strconv.Itoa(m.Number) + map[bool]string{false: ".", true: "..."}[m.Second]
				q["text"] = m.Text
			}
			problems = append(problems, q)
		}
		games = append(games, map[string]any{
			"index": g.Index, "line": g.Line, "game": r.ID, "fen": fen, "tags": tags,
			"moves": moves, "clocks": clocks, "total": len(g.Moves), "result": g.Result, "problems": problems,
		})
		session.ReportImport(i+1, len(read))
	}
	return map[string]any{"games": games, "errors": syntax}
}

// problemCode names a replay problem for the page.
func problemCode(p pdn.Problem) string {
	e := p.Err
	switch {
	case p.Move >= 0 && errors.Is(e, rules.ErrAmbiguous):
		return "ambiguous"
	case p.Move >= 0 && errors.Is(e, rules.ErrIllegal):
		return "illegal-move"
	case p.Move >= 0 && errors.Is(e, rules.ErrNotation):
		return "bad-notation"
	case p.Move >= 0:
		return "error"
	case strings.HasPrefix(e.Error(), "FEN "):
		return "bad-position"
	case strings.HasPrefix(e.Error(), "GameType "):
		return "game-type"
	case strings.Contains(e.Error(), "result"):
		return "bad-result"
	}
	return "error"
}
