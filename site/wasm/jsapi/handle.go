// Package jsapi is the message interface between the engine Web Worker
// (site/src/js/worker.js) and a family's WebAssembly module: one request object in, one
// answer object out. Serve (GOOS=js only) installs it as the JavaScript function
// madangHandle(msg); Handle is the same dispatch on a decoded Request, so it is tested
// natively.
//
// Requests ({op, ...}):
//
//	{op: "start", game, fen?, options?, seed?}       a new game; options e.g. {players: 3};
//	                                                 seed seeds the local dice (default: the clock)
//	{op: "load", game, fen?, options?, seed?, moves: [text]}
//	                                                 replay a log of move and roll texts (online snapshots)
//	{op: "view"}                                     the current view
//	{op: "play", index | text, offer?}               play a legal move (index into view.moves)
//	{op: "roll"}                                     dice games: roll locally and enter the dice
//	{op: "undo", plies} | {op: "undo", toSeat}       undo by replaying from the start
//	{op: "resign", seat} | {op: "acceptDraw"}
//	{op: "ai", level, seed}                          the AI's choice for the side to move, not played
//
// Every answer is {ok: true, view, choice?, dice?} or {ok: false, error: code, detail}; the
// view is session.Session.View with the family's fields. Codes: bad-message, illegal-move,
// bad-notation, game-over, unknown-game, no-offer, offer-refused, no-engine, bad-seat,
// wrong-phase, bad-options, internal, error, or a game's own code for a refusal whose error
// has a Code() string method (the star games' "hands-win": the move would complete the
// opponent's win, rules/halma ErrGift).
package jsapi

import (
	"errors"

	"madang/ai"
	"madang/rules"
	"madang/site/wasm/session"
)

// Request is one decoded message from the worker. Absent numbers take the defaults of
// NewRequest.
type Request struct {
	Op       string
	Game     string
	FEN      string
	Options  rules.Options // nil: the game's defaults
	Moves    []string
	Index    int // -1: absent
	Text     string
	Offer    bool
	Plies    int // 1 when absent
	ToSeat   int // -1: absent
	Seat     int // -1: absent
	Level    string
	Seed     int64
	DiceSeed uint64 // seeds the local dice of start and load
}

// NewRequest is a request of op with every number at its default.
func NewRequest(op string) Request {
	return Request{Op: op, Index: -1, Plies: 1, ToSeat: -1, Seat: -1, Seed: 1}
}

// ErrBadMessage is the error for a message that names no known op or is not an object.
var ErrBadMessage = errors.New("bad message")

// Handle answers one request on s. It never panics: a panic inside the engine becomes the
// answer {ok: false, error: "internal"}.
func Handle(s *session.Session, r Request) (answer map[string]any) {
	defer func() {
		if p := recover(); p != nil {
			answer = map[string]any{"ok": false, "error": "internal", "detail": "engine panic"}
		}
	}()
	var err error
	out := map[string]any{}
	switch r.Op {
	case "start":
		err = s.Start(r.Game, r.FEN, r.Options, r.DiceSeed)
	case "load":
		err = s.Load(r.Game, r.FEN, r.Options, r.DiceSeed, r.Moves)
	case "view":
	case "play":
		if r.Text != "" {
			err = s.PlayText(r.Text, r.Offer)
		} else {
			err = s.Play(r.Index, r.Offer)
		}
	case "roll":
		var d rules.Dice
		d, err = s.Roll()
		if err == nil {
			out["dice"] = []any{int(d[0]), int(d[1])}
		}
	case "undo":
		if r.ToSeat >= 0 {
			err = s.UndoTo(r.ToSeat)
		} else {
			err = s.Undo(r.Plies)
		}
	case "resign":
		err = s.Resign(r.Seat)
	case "acceptDraw":
		err = s.AcceptDraw()
	case "ai":
		var c session.AIChoice
		c, err = s.AIMove(r.Level, r.Seed)
		if err == nil {
			out["choice"] = map[string]any{"index": c.Index, "text": c.Text, "offer": c.Offer, "accept": c.Accept}
		}
	default:
		err = ErrBadMessage
	}
	if err != nil {
		return Fail(err)
	}
	out["ok"] = true
	out["view"] = s.View()
	return out
}

// Fail names an error with a stable code for the page: {ok: false, error: code, detail}.
func Fail(err error) map[string]any {
	code := "error"
	switch {
	case errors.Is(err, ErrBadMessage), errors.Is(err, session.ErrPlies):
		code = "bad-message"
	case errors.Is(err, rules.ErrIllegal), errors.Is(err, session.ErrBadIndex):
		code = "illegal-move"
	case errors.Is(err, rules.ErrNotation), errors.Is(err, rules.ErrAmbiguous):
		code = "bad-notation"
	case errors.Is(err, session.ErrOver), errors.Is(err, rules.ErrOver):
		code = "game-over"
	case errors.Is(err, session.ErrGame), errors.Is(err, rules.ErrUnknown):
		code = "unknown-game"
	case errors.Is(err, session.ErrNoOffer):
		code = "no-offer"
	case errors.Is(err, session.ErrOffer):
		code = "offer-refused"
	case errors.Is(err, ai.ErrNoEngine):
		code = "no-engine"
	case errors.Is(err, session.ErrSeat):
		code = "bad-seat"
	case errors.Is(err, rules.ErrPhase), errors.Is(err, session.ErrNoRoll):
		code = "wrong-phase"
	case errors.Is(err, rules.ErrOptions):
		code = "bad-options"
	}
	// A game's own refusal with a stable code (e.g. the star games' "hands-win", rules/halma
	// ErrGift) names itself.
	// (a plain unwrap loop: errors.As would cost the module about 12 KB of brotli)
	for e := err; e != nil; e = errors.Unwrap(e) {
		if c, ok := e.(interface{ Code() string }); ok && c.Code() != "" {
			code = c.Code()
			break
		}
	}
	return map[string]any{"ok": false, "error": code, "detail": err.Error()}
}
