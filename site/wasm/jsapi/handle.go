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
//	{op: "export", game, fen?, options?, moves, status?, winner?, points?, tags?: [[name, value]], comments?: [text]}
//	                                                 one game as a record file of the family's
//	                                                 format: {text, format}; status "win"|"draw"
//	                                                 (else ongoing), winner the winning seat
//	{op: "import", game, text | bytes}               every game of a record file (bytes: a
//	                                                 Uint8Array of the file, decoded by the reader),
//	                                                 game the fallback game id: {games, errors, format}
//	{op: "analyse", game, fen?, moves, played?, ms, seed?}
//	                                                 the advanced engine's score of the position
//	                                                 after moves, searched for ms milliseconds:
//	                                                 {analysis: {over, outcome, toMove, score, best,
//	                                                 text, move, depth, nodes, ...}}; the session's
//	                                                 own game is untouched. A family that judges
//	                                                 played, the log's next entry, adds its own
//	                                                 analyse op in place of this one (HandleOps):
//	                                                 backgammonview.Analyse (gnubg's rating: loss against
//	                                                 best in score's units, and its own fields),
//	                                                 halmaview.Analyse (its loss in moves, and
//	                                                 each seat's race)
//	{op: "route", path: [hole], to}                 the star games' route through waypoints: the
//	                                                 chain path continued to the hole to with the
//	                                                 fewest jumps, {path: [hole]}, [] for none
//	                                                 (halmaview.RouteThrough)
//	{op: "engineFile", game, kind, bytes}            hand the engine of game a file the worker
//	                                                 fetched (bytes: a Uint8Array), e.g. kind
//	                                                 "weights" or "book" of the draughts family,
//	                                                 "net" of backgammon
//	                                                 (session.EngineFiles): {ok: true}
//
// export, import, analyse and engineFile need no game started. export and import are
// answered only by a records module (ServeRecords, HandleRecords), analyse, route and
// engineFile only by a module that adds them (Serve's ops, HandleOps: Analyse, EngineFile,
// halmaview's); elsewhere they are bad-message.
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
	"time"

	"madang/ai"
	"madang/rules"
	"madang/rules/match"
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
	DiceSeed uint64      // seeds the local dice of start and load
	Tags     [][2]string // export: header tags in order
	Comments []string    // export: a comment after each move ("" for none), e.g. a clock's "[%clk 0:04:51]"
	Status   string      // export: "win", "draw" or anything else for a game going on
	Winner   int         // export: the winning seat; -1: absent
	Points   int         // export: the points of a win (backgammon's 2 or 3); 0: one
	Data     []byte      // import: the file's bytes (else Text); engineFile: the file
	Ms       int         // analyse: the search time in milliseconds
	Kind     string      // engineFile: which file
	Played   string      // analyse: the log's next entry after moves (judged by a family's own analyse op)
	Path     []int       // route: the holes of a chain so far (a family's own op, halmaview.RouteThrough)
	To       int         // route: the hole to go on to; -1: absent
}

// NewRequest is a request of op with every number at its default.
func NewRequest(op string) Request {
	return Request{Op: op, Index: -1, Plies: 1, ToSeat: -1, Seat: -1, Seed: 1, Winner: -1, To: -1}
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

// MaxAnalyseMs bounds one analyse request's search time.
const MaxAnalyseMs = 10000

// Op is an op a module adds to the core ones of Handle (each costs the modules that do not
// need it nothing): its name and its answer.
type Op struct {
	Name string
	Do   func(s *session.Session, r Request) map[string]any
}

// Analyse is the op "analyse" (the engine's score of a position), for modules with an AI.
var Analyse = Op{Name: "analyse", Do: analyse}

// EngineFile is the op "engineFile" (a file the worker fetched for the engine: the draughts
// family's weights and books, backgammon's net), for modules whose family takes engine files.
var EngineFile = Op{Name: "engineFile", Do: func(s *session.Session, r Request) map[string]any {
	if err := s.LoadEngineFile(r.Game, r.Kind, r.Data); err != nil {
		return Fail(err)
	}
	return map[string]any{"ok": true}
}}

// HandleOps answers r with the op of ops named r.Op, else with Handle. It never panics.
func HandleOps(s *session.Session, r Request, ops []Op) (answer map[string]any) {
	for _, o := range ops {
		if o.Name == r.Op {
			defer func() {
				if p := recover(); p != nil {
					answer = map[string]any{"ok": false, "error": "internal", "detail": "engine panic"}
				}
			}()
			return o.Do(s, r)
		}
	}
	return Handle(s, r)
}

// HandleRecords answers the record ops, export and import, with rec; any other op is
// bad-message. It never panics (a panic becomes {ok: false, error: "internal"}).
func HandleRecords(rec session.Records, r Request) (answer map[string]any) {
	defer func() {
		if p := recover(); p != nil {
			answer = map[string]any{"ok": false, "error": "internal", "detail": "records panic"}
		}
	}()
	if r.Op != "import" && r.Op != "export" {
		return Fail(ErrBadMessage)
	}
	if r.Op == "import" {
		data := r.Data
		if data == nil {
			data = []byte(r.Text)
		}
		out := rec.ImportRecords(data, r.Game)
		out["ok"] = true
		out["format"] = rec.RecordFormat()
		return out
	}
	o := rules.OngoingOutcome
	switch r.Status {
	case "win":
		if r.Winner < 0 {
			return Fail(match.ErrSeat)
		}
		o = rules.Outcome{Status: rules.Win, Winner: rules.Seat(r.Winner), Points: max(1, r.Points)}
	case "draw":
		o = rules.Outcome{Status: rules.Draw, Winner: rules.NoSeat}
	}
	b, err := rec.ExportRecord(session.Record{Game: r.Game, Options: r.Options, Position: r.FEN, Moves: r.Moves, Outcome: o, Tags: r.Tags, Comments: r.Comments})
	if err != nil {
		return Fail(err)
	}
	return map[string]any{"ok": true, "text": string(b), "format": rec.RecordFormat()}
}

func analyse(s *session.Session, r Request) map[string]any {
	if r.Ms <= 0 || r.Ms > MaxAnalyseMs {
		return Fail(ErrBadMessage)
	}
	a, err := s.Analyse(r.Game, r.FEN, r.Options, r.Moves, time.Duration(r.Ms)*time.Millisecond, r.Seed)
	if err != nil {
		return Fail(err)
	}
	return map[string]any{"ok": true, "analysis": AnalysisAnswer(a)}
}

// AnalysisAnswer is a as the answer's analysis: {over, outcome: {status, winner}, toMove,
// score, best, text, move, depth, nodes, loss?, ...Extra}; loss only when a.Rated, and the
// family's Extra fields last (a family's own analyse op, backgammonview's, answers with it too).
func AnalysisAnswer(a session.Analysis) map[string]any {
	var move any
	if a.View != nil {
		move = a.View
	}
	out := map[string]any{
		"over": a.Over, "outcome": map[string]any{"status": match.OutcomeName(a.Outcome), "winner": int(a.Outcome.Winner)},
		"toMove": a.ToMove, "score": a.Score, "best": a.Best, "text": a.Text, "move": move,
		"depth": a.Depth, "nodes": int(a.Nodes),
	}
	if a.Rated {
		out["loss"] = a.Loss
	}
	for k, v := range a.Extra {
		out[k] = v
	}
	return out
}

// Fail names an error with a stable code for the page: {ok: false, error: code, detail}.
func Fail(err error) map[string]any {
	code := "error"
	switch {
	case errors.Is(err, ErrBadMessage), errors.Is(err, session.ErrPlies), errors.Is(err, session.ErrNoFile):
		code = "bad-message"
	case errors.Is(err, rules.ErrIllegal), errors.Is(err, session.ErrBadIndex):
		code = "illegal-move"
	case errors.Is(err, rules.ErrNotation), errors.Is(err, rules.ErrAmbiguous):
		code = "bad-notation"
	case errors.Is(err, match.ErrOver), errors.Is(err, rules.ErrOver):
		code = "game-over"
	case errors.Is(err, session.ErrGame), errors.Is(err, rules.ErrUnknown):
		code = "unknown-game"
	case errors.Is(err, match.ErrNoOffer):
		code = "no-offer"
	case errors.Is(err, match.ErrOffer):
		code = "offer-refused"
	case errors.Is(err, ai.ErrNoEngine):
		code = "no-engine"
	case errors.Is(err, match.ErrSeat):
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
