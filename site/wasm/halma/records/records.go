// Package halmarecords is the star-board games' game records (chinese-checkers, diamond-kr,
// diamond): madang's plain-text record written and read by package rules/halma/record. It is
// its own WebAssembly module (site/wasm/halma/cmd/records), loaded by the page only when a
// record is downloaded or imported, so the engine module carries none of it.
package records

import (
	"errors"
	"strconv"
	"strings"

	"madang/rules"
	"madang/rules/clk"
	"madang/rules/halma/record"
	"madang/site/wasm/session"
)

// Family is the star games' session.Records.
type Family struct{}

var _ session.Records = Family{}

// RecordFormat implements session.Records: madang's star-game record (record's package doc).
func (Family) RecordFormat() map[string]any {
	return map[string]any{"name": "마당 기보", "ext": "txt", "mime": "text/plain"}
}

// ExportRecord implements session.Records with record.Append: the tags given, then Game,
// Players and Pieces (the options played with), FEN for a set position and Result unless
// given; the moves replayed through the rules and written with their landing paths, each
// followed by its comment when r.Comments has one (an online game's clock, {[%clk 0:04:51]}).
// Errors:
// another game id, options the game refuses, a move the rules refuse ("move N (text): ..."),
// or what record.Append refuses.
func (Family) ExportRecord(r session.Record) ([]byte, error) {
	if !record.Games[r.Game] {
		return nil, session.ErrGame
	}
	g, ok := rules.Lookup(r.Game)
	if !ok {
		return nil, rules.ErrUnknown
	}
	opts, err := g.Validate(r.Options)
	if err != nil {
		return nil, err
	}
	var st rules.State
	if r.Position == "" {
		st, err = g.New(opts)
	} else {
		st, err = g.Decode(opts, r.Position)
	}
	if err != nil {
		return nil, err
	}
	moves := make([]string, len(r.Moves))
	for i, t := range r.Moves {
		m, route, err := rules.ParseRoute(st, t)
		if err == nil {
			st, err = st.Play(m)
		}
		if err != nil {
			return nil, errors.New("move " + strconv.Itoa(i+1) + " (" + t + "): " + err.Error())
		}
		moves[i] = route
	}
	seats := opts["players"]
	rec := &record.Game{Moves: moves, Result: record.ResultToken(r.Outcome, seats), Comments: r.Comments}
	has := map[string]bool{}
	for _, t := range r.Tags {
		rec.Tags = append(rec.Tags, record.Tag{Name: t[0], Value: t[1]})
		has[strings.ToLower(t[0])] = true
	}
	add := func(name, value string) {
		if !has[strings.ToLower(name)] {
			rec.Tags = append(rec.Tags, record.Tag{Name: name, Value: value})
		}
	}
	add("Game", r.Game)
	add("Players", strconv.Itoa(seats))
	add("Pieces", strconv.Itoa(opts["pieces"]))
	if r.Position != "" {
		add("FEN", r.Position)
	}
	add("Result", rec.Result)
	return record.Append(nil, rec)
}

// ImportRecords implements session.Records with record.Read and record.Replay (records
// without a Game tag are played as fallback). The answer is
//
//	games   []any of {index, line, game, options: {players, pieces}, fen, tags: [[name,
//	        value]], moves: [each move played, with its landing path], clocks: [the time
//	        left after each move played, "0:04:51", from its [%clk] comment; "" for none],
//	        total (moves in the record), result (the record's token), problems: [{move
//	        (index in the record, -1 for the whole game), line, number ("12."), text (as
//	        written), code, detail}]}
//	errors  []any of {line, game, detail, code}: syntax errors (a game with one is skipped),
//	        and records of another game (code game-type: a Game tag naming no star game, or
//	        a PDN GameType tag), which are skipped too
//
// Problem codes: those of package record (illegal-move, bad-notation, game-type,
// bad-options, bad-position, bad-result). fen is the start position as the rules encode
// it, "" for the initial position. Details are English; the page words each code in Korean.
func (Family) ImportRecords(data []byte, fallback string) map[string]any {
	read, errs := record.Read(data)
	syntax := []any{}
	for _, e := range errs {
		syntax = append(syntax, map[string]any{"line": e.Line, "game": e.Game, "detail": e.Msg})
	}
	games := make([]any, 0, len(read))
	for i := range read {
		g := &read[i]
		r := record.Replay(g, fallback)
		if len(r.Problems) == 1 && r.Problems[0].Move < 0 && r.Problems[0].Code == record.CodeGame {
			// another game's record: not a game of this page (the page says so first when
			// nothing else was read)
			syntax = append(syntax, map[string]any{"line": g.Line, "game": g.Index, "code": record.CodeGame, "detail": r.Problems[0].Err.Error()})
			session.ReportImport(i+1, len(read))
			continue
		}
		moves := make([]any, len(r.Played))
		clocks := make([]any, len(r.Played))
		for k, m := range r.Played {
			moves[k], clocks[k] = m, ""
			if k < len(g.Comments) {
				clocks[k] = clk.FromComment(g.Comments[k])
			}
		}
		tags := make([]any, len(g.Tags))
		for k, t := range g.Tags {
			tags[k] = []any{t.Name, t.Value}
		}
		fen := ""
		if v, ok := g.Tag("FEN"); ok && v != "" && r.Start != nil {
			fen = r.Start.Encode()
		}
		options := map[string]any{}
		for k, v := range r.Options {
			options[k] = v
		}
		problems := []any{}
		for _, p := range r.Problems {
			q := map[string]any{"move": p.Move, "line": g.Line, "number": "", "text": "", "code": p.Code, "detail": p.Err.Error()}
			if p.Move >= 0 {
				q["number"] = strconv.Itoa(p.Move+1) + "."
				q["text"] = g.Moves[p.Move]
				q["line"] = g.MoveLines[p.Move]
			}
			problems = append(problems, q)
		}
		result := g.Result
		if result == "" {
			result = "*"
		}
		games = append(games, map[string]any{
			"index": g.Index, "line": g.Line, "game": r.ID, "options": options, "fen": fen, "tags": tags,
			"moves": moves, "clocks": clocks, "total": len(g.Moves), "result": result, "problems": problems,
		})
		session.ReportImport(i+1, len(read))
	}
	return map[string]any{"games": games, "errors": syntax}
}
