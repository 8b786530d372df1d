package pdn

import (
	"errors"
	"strconv"
	"strings"

	"madang/rules"
)

// Variant returns the registry id of the game g records: "draughts" for GameType 20
// (international draughts), "checkers" for GameType 21 (English/American checkers), and
// fallback when g has no GameType tag. Only the first field of the tag counts
// ("20,W,10,10,N1,0" is 20; PDN 3.0 GameType tag). Other game types are an error.
func Variant(g *Game, fallback string) (string, error) {
	v, ok := g.Tag("GameType")
	if !ok {
		return fallback, nil
	}
	first, _, _ := strings.Cut(v, ",")
	switch strings.TrimSpace(first) {
	case "20":
		return "draughts", nil
	case "21":
		return "checkers", nil
	}
	return "", errors.New("GameType " + strconv.Quote(v) + " is neither 20 (international draughts) nor 21 (checkers)")
}

// ResultOutcome reads a result token the way the rules see games: the first number is the
// score of seat 0, the side that moves first from the initial position (Black in checkers,
// White in draughts), as in every PDN record ("0-1 {white wins}" in Tricks traps and
// shots). "1-0" and "2-0" are wins for seat 0, "0-1" and "0-2" for seat 1, "1/2-1/2" and
// "1-1" draws. known is false for "*", "0-0" (a double forfeit, not a result of play),
// the empty token and anything else.
func ResultOutcome(tok string) (status rules.Status, winner rules.Seat, known bool) {
	switch tok {
	case "1-0", "2-0":
		return rules.Win, 0, true
	case "0-1", "0-2":
		return rules.Win, 1, true
	case "1/2-1/2", "1-1":
		return rules.Draw, rules.NoSeat, true
	}
	return rules.Ongoing, rules.NoSeat, false
}

// Problem is one disagreement between a record and the rules.
type Problem struct {
	// Move is the index in Game.Moves of the move that could not be played; -1 when the
	// problem is with the whole game (its game type, start position or result).
	Move int
	Err  error
}

// Replayed is a game record played through the rules.
type Replayed struct {
	Game     *Game
	ID       string       // registry id the record was played as
	Start    rules.State  // the start position; nil when it could not be made
	Final    rules.State  // the position after the last move played
	Played   []rules.Move // the moves played, in order
	Problems []Problem    // empty when the record agrees with the rules
}

// ErrNotRegistered is wrapped by the problem of a game whose rules are not in the registry.
var ErrNotRegistered = errors.New("game not registered")

// Replay plays the mainline of g from its FEN tag (or the initial position) through the
// rules registry (rules.Lookup, Game.New or Game.Decode, State.ParseMove, State.Play). The
// variant is chosen by Variant(g, fallback). Replay stops at the first move that does not
// play. When every move plays and the rules have ended the game (no legal move for the
// side to move, or an automatic draw), a recorded result (see ResultOutcome) must agree;
// resignations and agreed draws are not decided by the rules and are not checked. A result
// token that is not a PDN result ("4-6") is a problem too.
func Replay(g *Game, fallback string) *Replayed {
	r := &Replayed{Game: g}
	fail := func(i int, err error) *Replayed {
		r.Problems = append(r.Problems, Problem{Move: i, Err: err})
		return r
	}
	id, err := Variant(g, fallback)
	if err != nil {
		return fail(-1, err)
	}
	r.ID = id
	rg, ok := rules.Lookup(id)
	if !ok {
		return fail(-1, errors.New(id+": "+ErrNotRegistered.Error()))
	}
	var s rules.State
	if fen := g.FEN(); fen != "" {
		s, err = rg.Decode(nil, fen)
		if err != nil {
			return fail(-1, errors.New("FEN "+strconv.Quote(fen)+": "+err.Error()))
		}
	} else if s, err = rg.New(nil); err != nil {
		return fail(-1, err)
	}
	r.Start, r.Final = s, s
	for i := range g.Moves {
		m, err := s.ParseMove(g.Moves[i].Text)
		if err != nil {
			return fail(i, err)
		}
		next, err := s.Play(m)
		if err != nil {
			return fail(i, err)
		}
		r.Played = append(r.Played, m)
		s = next
		r.Final = s
	}
	if g.Result != "" && g.Result != "*" && !isResult(g.Result) {
		return fail(-1, errors.New("result "+strconv.Quote(g.Result)+" is not a PDN result"))
	}
	if o := s.Outcome(); o.Over() {
		status, winner, known := ResultOutcome(g.Result)
		if known && (status != o.Status || winner != o.Winner) {
			return fail(-1, errors.New("recorded result "+g.Result+" but the rules end the game: "+describe(id, o)))
		}
	}
	return r
}

// describe says an outcome in words for reports: "win for black (no-moves)".
func describe(id string, o rules.Outcome) string {
	what := "draw"
	if o.Status == rules.Win {
		// Seat 0 moves first: Black in checkers, White in draughts.
		first, second := "black", "white"
		if id == "draughts" {
			first, second = "white", "black"
		}
		what = "win for " + first
		if o.Winner == 1 {
			what = "win for " + second
		}
	}
	return what + " (" + o.Reason.String() + ")"
}

// Export returns the replayed game as a record of its own: the original tags, comment and
// result, and the moves played in the rules' canonical text, numbered from 1.
func (r *Replayed) Export() Game {
	g := Game{Tags: r.Game.Tags, Comment: r.Game.Comment, Result: r.Game.Result}
	for i, m := range r.Played {
		g.Moves = append(g.Moves, Move{Number: i/2 + 1, Second: i%2 == 1, Text: m.String()})
	}
	return g
}
