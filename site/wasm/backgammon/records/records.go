// Package backgammonrecords is the backgammon family's game records: matches in GNU Backgammon's
// .mat text, written by mat.Append and read by mat.Read and mat.Replay (package
// rules/backgammon/mat, the reader the CLI's replay uses). It is its own WebAssembly module
// (site/wasm/backgammon/cmd/records), loaded by the page only when a record is downloaded or
// imported, so the engine module carries none of it.
package records

import (
	"bytes"
	"errors"
	"strconv"
	"strings"

	"madang/rules"
	"madang/rules/backgammon/mat"
	"madang/rules/clk"
	"madang/site/wasm/session"
)

// Family is the backgammon family's session.Records.
type Family struct{}

var _ session.Records = Family{}

// RecordFormat implements session.Records: GNU Backgammon's .mat match text.
func (Family) RecordFormat() map[string]any {
	return map[string]any{"name": "MAT", "ext": "mat", "mime": "text/plain"}
}

// ResultToken is the record result of an outcome as the page shows it: the points each
// player scored, seat 0's first ("2-0": seat 0 won a gammon; "0-1"), and "*" for a game not
// won.
func ResultToken(o rules.Outcome) string {
	if o.Status != rules.Win || (o.Winner != 0 && o.Winner != 1) {
		return "*"
	}
	p := strconv.Itoa(max(1, o.Points))
	if o.Winner == 0 {
		return p + "-0"
	}
	return "0-" + p
}

// tagNames maps the page's tag names to gnubg's .mat ones.
var tagNames = map[string]string{"date": "EventDate"}

// ExportRecord implements session.Records: the log (rolls "5-3" and plays, as the session
// logs them, from the opening; Position must be "") as a one-game money match (" 0 point
// match") with the tags given (Date written as gnubg's EventDate; "Player 1" and "Player 2"
// also name the score line's players) and Variation "Backgammon" unless given. The result is
// the rules' when they ended the game (single, gammon or backgammon), else r.Outcome's (a
// resignation). The clocks of r.Comments ([%clk 0:04:51], an online game's) are written as
// the .mat's clock lines (package mat's doc). Errors: another game id, a start position, an entry the rules refuse
// ("entry N (text): ..."), or what mat.Append refuses (a quote in a tag).
func (Family) ExportRecord(r session.Record) ([]byte, error) {
	if r.Game != "backgammon" {
		return nil, session.ErrGame
	}
	if r.Position != "" {
		return nil, errors.New("backgammon records start from the opening")
	}
	m := &mat.Match{}
	var players [2]string
	has := map[string]bool{}
	for _, t := range r.Tags {
		name := t[0]
		if n, ok := tagNames[strings.ToLower(name)]; ok {
			name = n
		}
		switch name {
		case "Player 1":
			players[0] = t[1]
		case "Player 2":
			players[1] = t[1]
		}
		has[name] = true
		m.Tags = append(m.Tags, mat.Tag{Name: name, Value: t[1]})
	}
	if !has["Variation"] {
		m.Tags = append(m.Tags, mat.Tag{Name: "Variation", Value: "Backgammon"})
	}
	var clocks []string
	for _, c := range r.Comments {
		clocks = append(clocks, clk.FromComment(c))
	}
	g, _, err := mat.FromLog(r.Moves, clocks, players, r.Outcome)
	if err != nil {
		return nil, err
	}
	m.Games = []mat.Game{g}
	return mat.Append(nil, m)
}

// ImportRecords implements session.Records with mat.Read and mat.Replay (fallback is not
// used: a .mat file holds backgammon only). The answer is
//
//	games   []any of {index (the game's number), line, game: "backgammon", fen: "", tags:
//	        [[name, value]] (the match's, with Player 1 and Player 2 from the game's score
//	        line), moves: [the log replayed: rolls "5-3" and plays in gnubg notation],
//	        clocks: [the time left after each entry of moves, "0:04:51", from the .mat's
//	        clock lines: on a roll's play, or on the roll when it has none; "" elsewhere], total
//	        (rolls and plays the record holds), result (ResultToken of the recorded result,
//	        "*" for none), problems: [{move (index in moves where the record went wrong; -1
//	        for the whole game), line, number: "", text (the action as written), code,
//	        detail}]}
//	errors  []any of {line, game, detail}: a syntax error (the reader stops at the first)
//
// Problem codes: illegal-move, bad-notation, ambiguous, wrong-turn (a roll by the seat not
// on roll), no-play (a roll written without a play that has one, or the other way round),
// bad-result, error. Details are the reader's English text; the page words each code in
// Korean.
func (Family) ImportRecords(data []byte, fallback string) map[string]any {
	games, syntax := []any{}, []any{}
	m, err := mat.Read(bytes.NewReader(data))
	if err != nil {
		line := 0
		if e, ok := err.(*mat.Error); ok {
			line = e.Line
		}
		syntax = append(syntax, map[string]any{"line": line, "game": 0, "detail": err.Error()})
		return map[string]any{"games": games, "errors": syntax}
	}
	for i := range m.Games {
		g := &m.Games[i]
		r := mat.Replay(g, m.Length)
		moves := make([]any, len(r.Log))
		clocks := make([]any, len(r.Log))
		for k, t := range r.Log {
			moves[k], clocks[k] = t, r.Clocks[k]
		}
		tags := []any{}
		set := [2]bool{}
		for _, t := range m.Tags {
			v := t.Value
			if t.Name == "Player 1" && g.Players[0] != "" {
				v, set[0] = g.Players[0], true
			}
			if t.Name == "Player 2" && g.Players[1] != "" {
				v, set[1] = g.Players[1], true
			}
			tags = append(tags, []any{t.Name, v})
		}
		for s := range 2 {
			if !set[s] && g.Players[s] != "" {
				tags = append(tags, []any{"Player " + strconv.Itoa(s+1), g.Players[s]})
			}
		}
		total := 0
		for _, a := range g.Actions {
			if a.Kind == mat.Roll {
				total++
				if a.Play != "" {
					total++
				}
			}
		}
		result := "*"
		if g.Winner == 0 || g.Winner == 1 {
			result = ResultToken(rules.Outcome{Status: rules.Win, Winner: g.Winner, Points: g.Points})
		}
		problems := []any{}
		for _, p := range r.Problems {
			q := map[string]any{"move": -1, "line": g.Line, "number": "", "text": "", "code": problemCode(p), "detail": p.Err.Error()}
			if p.Action >= 0 {
				a := g.Actions[p.Action]
				q["move"], q["line"], q["text"] = len(r.Log), a.Line, actionText(a)
			}
			problems = append(problems, q)
		}
		games = append(games, map[string]any{
			"index": g.Number, "line": g.Line, "game": "backgammon", "fen": "", "tags": tags,
			"moves": moves, "clocks": clocks, "total": total, "result": result, "problems": problems,
		})
		session.ReportImport(i+1, len(m.Games))
	}
	return map[string]any{"games": games, "errors": syntax}
}

// actionText is a roll as written in the record: "53: 8/3 6/3", "53:".
func actionText(a mat.Action) string {
	s := strconv.Itoa(int(a.Dice[0])) + strconv.Itoa(int(a.Dice[1])) + ":"
	if a.Play != "" {
		s += " " + a.Play
	}
	return s
}

// problemCode names a replay problem for the page.
func problemCode(p mat.Problem) string {
	e := p.Err
	msg := e.Error()
	switch {
	case p.Action < 0 && strings.HasPrefix(msg, "recorded "):
		return "bad-result"
	case errors.Is(e, rules.ErrAmbiguous):
		return "ambiguous"
	case errors.Is(e, rules.ErrIllegal):
		return "illegal-move"
	case errors.Is(e, rules.ErrNotation):
		return "bad-notation"
	case strings.Contains(msg, " is on roll"):
		return "wrong-turn"
	case strings.HasPrefix(msg, "no play written") || strings.Contains(msg, "has no legal play"):
		return "no-play"
	}
	return "error"
}
