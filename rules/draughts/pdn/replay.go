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

// otherVariant pairs the two games PDN's GameType tells apart; they share the notation.
var otherVariant = map[string]string{"checkers": "draughts", "draughts": "checkers"}

// ReplayGuess is Replay with fallback as the game of untagged records: a record without a
// GameType tag that fallback cannot play to its end but the other game (checkers for
// draughts, draughts for checkers) plays without a problem is replayed as that game (an
// international draughts file opened on the checkers page: 32-28 is no checkers move). A
// tagged record, or one neither game plays, is Replay(g, fallback).
func ReplayGuess(g *Game, fallback string) *Replayed {
	r := Replay(g, fallback)
	if _, tagged := g.Tag("GameType"); tagged || len(r.Problems) == 0 || otherVariant[fallback] == "" {
		return r
	}
	if o := Replay(g, otherVariant[fallback]); len(o.Problems) == 0 {
		return o
	}
	return r
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

// Note is something the replay met in a record and got past.
type Note struct {
	Move int    // index in Game.Moves of the move it concerns
	Text string // what happened, in English
}

// Replayed is a game record played through the rules.
type Replayed struct {
	Game     *Game
	ID       string       // registry id the record was played as
	Start    rules.State  // the start position; nil when it could not be made
	Final    rules.State  // the position after the last move played
	Played   []rules.Move // the moves played, in order
	Notes    []Note       // unclaimed automatic draws and ambiguous moves resolved
	Problems []Problem    // empty when the record agrees with the rules
}

// ErrNotRegistered is wrapped by the problem of a game whose rules are not in the registry.
var ErrNotRegistered = errors.New("game not registered")

// Replay plays the mainline of g from its FEN tag (or the initial position) through the
// rules registry (rules.Lookup, Game.New or Game.Decode, State.ParseMove, State.Play). The
// variant is chosen by Variant(g, fallback). A FEN tag whose side to move is '?' starts
// with the side that can play the record's first move (a Problem when none or both can).
// Replay stops at the first move that does not play, with a Problem.
//
// Two things real records do are not problems, and get a Note:
//   - The game reaches an automatic draw (threefold repetition, the move counters) and the
//     record goes on. Over the board such draws are claimed from the referee, not
//     automatic (seed 001: "WCDF 규칙에서는 플레이어가 심판에게 신청해 인정받는 방식"), so
//     the players may play on; the replay goes on from the same position with its
//     history and counters cleared (Game.Decode of State.Encode).
//   - A capture written from-to only matches several legal captures (different pieces
//     taken). The candidate after which the record plays on without a problem up to its
//     next ambiguous move (or its end) is taken when it is the only one; otherwise the
//     ambiguity is a Problem.
//
// When every move plays and the rules have ended the game (no legal move for the side to
// move, or an automatic draw on the last move), a recorded result (see ResultOutcome)
// must agree; resignations and agreed draws are not decided by the rules and are not
// checked. A result token that is not a PDN result ("4-6") is a problem too.
func Replay(g *Game, fallback string) *Replayed {
	r := &Replayed{Game: g}
	id, err := Variant(g, fallback)
	if err != nil {
		r.fail(-1, err)
		return r
	}
	r.ID = id
	rg, ok := rules.Lookup(id)
	if !ok {
		r.fail(-1, errors.New(id+": "+ErrNotRegistered.Error()))
		return r
	}
	var s rules.State
	if fen := g.FEN(); fen != "" {
		s, err = startFromFEN(rg, g, fen)
		if err != nil {
			r.fail(-1, err)
			return r
		}
	} else if s, err = rg.New(nil); err != nil {
		r.fail(-1, err)
		return r
	}
	r.Start, r.Final = s, s
	if !r.run(rg, s, 0, false) {
		return r
	}
	if g.Result != "" && g.Result != "*" && !isResult(g.Result) {
		r.fail(-1, errors.New("result "+strconv.Quote(g.Result)+" is not a PDN result"))
		return r
	}
	r.checkResult()
	return r
}

// fenError is a FEN tag the rules could not start from; it wraps the rules' error (for
// a '?' side to move that the record does not settle, the rules' ErrSideUnknown).
type fenError struct {
	fen    string
	detail string
	err    error
}

func (e *fenError) Error() string {
	return "FEN " + strconv.Quote(e.fen) + ": " + e.err.Error() + e.detail
}

func (e *fenError) Unwrap() error { return e.err }

// startFromFEN makes the start state of a FEN tag (Game.Decode). A '?' side to move (the
// PDN 3.0 FEN grammar allows it; the rules refuse a position without a side) is chosen
// from the record: the side that can play the first move. When the record has no move,
// or its first move fits both sides or neither, the side stays unknown and the rules'
// error is returned, saying why.
func startFromFEN(rg rules.Game, g *Game, fen string) (rules.State, error) {
	s, err := rg.Decode(nil, fen)
	if err == nil {
		return s, nil
	}
	rest, unknown := strings.CutPrefix(fen, "?:")
	if !unknown {
		return nil, &fenError{fen: fen, err: err}
	}
	if len(g.Moves) == 0 {
		return nil, &fenError{fen: fen, err: err, detail: "; the record has no move to tell the side"}
	}
	var pick rules.State
	fits := 0
	for _, side := range []string{"W", "B"} {
		c, cerr := rg.Decode(nil, side+":"+rest)
		if cerr != nil {
			return nil, &fenError{fen: fen, err: cerr}
		}
		if _, perr := c.ParseMove(engineText(g.Moves[0].Text)); perr == nil || errors.Is(perr, rules.ErrAmbiguous) {
			pick = c
			fits++
		}
	}
	switch fits {
	case 0:
		return nil, &fenError{fen: fen, err: err, detail: "; the first move " + strconv.Quote(g.Moves[0].Text) + " fits neither side"}
	case 2:
		return nil, &fenError{fen: fen, err: err, detail: "; the first move " + strconv.Quote(g.Moves[0].Text) + " fits either side"}
	}
	return pick, nil
}

func (r *Replayed) fail(i int, err error) {
	r.Problems = append(r.Problems, Problem{Move: i, Err: err})
}

// checkResult compares the recorded result with an end the rules decided.
func (r *Replayed) checkResult() {
	o := r.Final.Outcome()
	if !o.Over() {
		return
	}
	status, winner, known := ResultOutcome(r.Game.Result)
	if known && (status != o.Status || winner != o.Winner) {
		r.fail(-1, errors.New("recorded result "+r.Game.Result+" but the rules end the game: "+describe(r.ID, o)))
	}
}

// run plays Game.Moves[from:] from s, appending to r. It reports whether every move
// played. With probe set it is a look-ahead for an ambiguous move: it stops, successful,
// at the next ambiguous move.
func (r *Replayed) run(rg rules.Game, s rules.State, from int, probe bool) bool {
	moves := r.Game.Moves
	for i := from; i < len(moves); i++ {
		if o := s.Outcome(); o.Over() && o.Status == rules.Draw {
			fresh, err := rg.Decode(s.Options(), s.Encode())
			if err != nil {
				r.fail(i, errors.New("cannot play on after "+describe(r.ID, o)+": "+err.Error()))
				return false
			}
			r.Notes = append(r.Notes, Note{i, "the rules drew the game before this move (" + o.Reason.String() + "); the record plays on, as over the board such a draw must be claimed"})
			s = fresh
		}
		m, err := s.ParseMove(engineText(moves[i].Text))
		if me := moveError(err); me != nil && errors.Is(err, rules.ErrAmbiguous) {
			if probe {
				return true
			}
			m, err = r.resolve(rg, s, i, me.Candidates, err)
		}
		if err != nil {
			r.fail(i, err)
			return false
		}
		next, err := s.Play(m)
		if err != nil {
			r.fail(i, err)
			return false
		}
		r.Played = append(r.Played, m)
		s = next
		r.Final = s
	}
	return true
}

// moveError is the *rules.MoveError in err's chain, or nil: errors.As without reflection,
// which would add 26 kB to the WebAssembly module that reads records in the browser.
func moveError(err error) *rules.MoveError {
	for err != nil {
		if me, ok := err.(*rules.MoveError); ok {
			return me
		}
		err = errors.Unwrap(err)
	}
	return nil
}

// resolve picks the one candidate of an ambiguous move after which the record plays on;
// it returns ambErr when none or several do.
func (r *Replayed) resolve(rg rules.Game, s rules.State, i int, candidates []string, ambErr error) (rules.Move, error) {
	var pick rules.Move
	fits := 0
	for _, c := range candidates {
		m, err := s.ParseMove(c)
		if err != nil {
			continue
		}
		next, err := s.Play(m)
		if err != nil {
			continue
		}
		sub := &Replayed{Game: r.Game, ID: r.ID, Final: next}
		if sub.run(rg, next, i+1, true) {
			if len(sub.Played) == len(r.Game.Moves)-i-1 {
				sub.checkResult()
			}
			if len(sub.Problems) == 0 {
				fits++
				pick = m
			}
		}
	}
	if fits != 1 {
		if fits > 1 {
			return nil, errors.New(ambErr.Error() + "; the moves that follow fit several of them")
		}
		return nil, errors.New(ambErr.Error() + "; the moves that follow fit none of them")
	}
	r.Notes = append(r.Notes, Note{i, "ambiguous " + strconv.Quote(r.Game.Moves[i].Text) + " read as " + pick.String() + ", the only capture the moves that follow fit"})
	return pick, nil
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
// result, and the moves played (all of them unless a problem stopped the replay) in the
// rules' canonical text, numbered from 1.
func (r *Replayed) Export() Game {
	texts := make([]string, len(r.Played))
	for i, m := range r.Played {
		texts[i] = m.String()
	}
	g := NewGame(r.Game.Tags, texts, r.Game.Result)
	g.Comment = r.Game.Comment
	return g
}

// engineText is move text as State.ParseMove reads it: an alphanumeric move written
// without a separator ("a3b4", PDN reading grammar) gets one ("a3-b4"; the separator does
// not decide between a step and a capture there).
func engineText(text string) string {
	if text == "" || text[0] < 'a' || text[0] > 'z' || strings.ContainsAny(text, "-x") {
		return text
	}
	var b strings.Builder
	for i := 0; i < len(text); i++ {
		if i > 0 && text[i] >= 'a' && text[i] <= 'z' {
			b.WriteByte('-')
		}
		b.WriteByte(text[i])
	}
	return b.String()
}
