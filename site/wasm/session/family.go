package session

import "madang/rules"

// Family is what one game family adds to the session: how its positions and moves look on
// the page. The session core fills the fields every game shares (see Session.View) and asks
// the family for the rest. A family answers only for states of its own games; the session
// never hands it another game's state.
type Family interface {
	// Games are the game ids the family answers for, e.g. "checkers" and "draughts".
	Games() []string
	// Moves describes ms, the legal moves of st in their order, one map per move in the same
	// order (index i describes ms[i]). The maps hold plain values only (string, int, bool,
	// []any, map[string]any); the session sets "i" and "text" (the canonical move text) on
	// each and may keep a map for the history, so a family returns fresh maps every call.
	Moves(st rules.State, ms []rules.Move) []map[string]any
	// Position adds the family's fields for st to the view v: the board and whatever the
	// page draws. moves are the maps Moves gave for the moves the view lists (none once the
	// game is over).
	Position(st rules.State, moves []map[string]any, v map[string]any)
	// HistoryFields names the keys of a move's map copied into each history entry (beside
	// text, offer and seat), e.g. "alg" for the algebraic text people read.
	HistoryFields() []string
}

// DrawOffers is implemented by families whose games allow draw offers riding on a move
// (seed 001, checkers and draughts). A family without it never lets a seat offer a draw.
type DrawOffers interface {
	// ResetsOffer reports whether m, a legal move of st, lifts the ban on offering again
	// that a refused offer brings (seed 001: a man moved or a piece was taken): the family's
	// rules package's predicate, the one the room's policy names (match.Rules.DrawReset).
	ResetsOffer(st rules.State, m rules.Move) bool
}

// Routes is implemented by families whose moves may be played along a chosen route (the
// star games' landing path, seed 004). When a move is played by a text naming a route
// other than the move's own text (rules.ParseRoute), Route updates view, the move's map as
// Moves gave it, to show that route (e.g. its path); the session logs the route as the
// move's text.
type Routes interface {
	Route(st rules.State, m rules.Move, route string, view map[string]any)
}

// EngineFiles is implemented by families whose engine takes files the worker fetches after
// the module has started (the draughts family's learned weights and opening books, kept out of the
// module to keep it small). Until a file arrives, or when it fails, the engine
// plays without it.
type EngineFiles interface {
	// LoadEngineFile hands the engine the file kind (e.g. "weights", "book") of gameID, one of
	// the family's games. Errors: ErrNoFile for a kind the game has no use for, or the
	// engine's own error for a bad file (the engine then keeps what it had).
	LoadEngineFile(gameID, kind string, data []byte) error
}
