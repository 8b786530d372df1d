// Package ai is the engine API shared by every game: choose a move for a rules.State
// within a budget (depth, time, nodes), at a named level, deterministically for a seed,
// cancellable by its context and without goroutines (WebAssembly runs it single-threaded).
// Game engines (ai/draughts, ...) register themselves by game id.
package ai

import (
	"context"
	"errors"
	"time"

	"madang/rules"
)

// Level is a named strength: beginner, intermediate or advanced (seed 001 "AI와 대결").
type Level string

const (
	Beginner     Level = "beginner"
	Intermediate Level = "intermediate"
	Advanced     Level = "advanced"
)

// Budget bounds one search. A zero field means no bound of that kind.
type Budget struct {
	Depth int           // plies of full-width search
	Time  time.Duration // wall time of the whole answer (a search gets ForSearch's share)
	Nodes int64         // positions visited
}

// ForSearch is the budget a search may use to answer within b: nine tenths of b.Time, the
// rest for the request's setup (a searcher's tables, the book) and a search's overshoot
// after its last look at the clock, so that the advanced level answers within AdvancedTime
// (seed 001: at most 1.5 s a move). Depth and Nodes are kept; no Time stays none.
func (b Budget) ForSearch() Budget {
	b.Time = b.Time * 9 / 10
	return b
}

// Request is one question to an engine.
type Request struct {
	State  rules.State
	Level  Level  // used when Budget is zero: the level's own budget and behaviour
	Budget Budget // overrides the level's budget when non-zero
	Seed   int64  // the same seed, state and budget give the same move (time budgets aside)
}

// Result is an engine's answer.
type Result struct {
	Move  rules.Move
	Score int   // centi-men from the mover's view
	Depth int   // deepest completed iteration
	Nodes int64 // positions visited
	PV    []rules.Move
}

// Engine plays one game.
type Engine interface {
	// Choose picks a legal move. Errors: ErrNoMove when the state has none, ctx.Err().
	Choose(ctx context.Context, r Request) (Result, error)
	// AcceptDraw reports whether the seat to act accepts a draw offered by the opponent.
	AcceptDraw(s rules.State) bool
	// OfferDraw reports whether the seat to act offers a draw with its next move.
	OfferDraw(s rules.State) bool
}

// Errors.
var (
	ErrNoMove   = errors.New("ai: no legal move")
	ErrNoEngine = errors.New("ai: no engine for this game")
	ErrBadLevel = errors.New("ai: unknown level")
)

var engines = map[string]Engine{}

// Register adds the engine for a game id; engine packages call it from init.
func Register(gameID string, e Engine) { engines[gameID] = e }

// For finds the engine of a game id.
func For(gameID string) (Engine, error) {
	e, ok := engines[gameID]
	if !ok {
		return nil, ErrNoEngine
	}
	return e, nil
}

// Choose asks the engine registered for the state's game for a move. Errors: ErrNoEngine
// when no engine plays that game, ErrBadLevel for an unknown level with a zero budget,
// and the engine's own errors (ErrNoMove, ctx.Err()).
func Choose(ctx context.Context, r Request) (Result, error) {
	if r.State == nil {
		return Result{}, ErrNoMove
	}
	e, err := For(r.State.Game().ID())
	if err != nil {
		return Result{}, err
	}
	if r.Budget == (Budget{}) {
		if _, err := ParseLevel(string(r.Level)); err != nil {
			return Result{}, err
		}
	}
	return e.Choose(ctx, r)
}

// AcceptDraw reports whether the AI playing the seat to act accepts the opponent's draw
// offer in s; false when no engine plays the game.
func AcceptDraw(s rules.State) bool {
	if s == nil {
		return false
	}
	e, err := For(s.Game().ID())
	return err == nil && e.AcceptDraw(s)
}

// OfferDraw reports whether the AI playing the seat to act offers a draw with its next
// move in s; false when no engine plays the game.
func OfferDraw(s rules.State) bool {
	if s == nil {
		return false
	}
	e, err := For(s.Game().ID())
	return err == nil && e.OfferDraw(s)
}

// ParseLevel checks a level name.
func ParseLevel(s string) (Level, error) {
	switch l := Level(s); l {
	case Beginner, Intermediate, Advanced:
		return l, nil
	}
	return "", ErrBadLevel
}
