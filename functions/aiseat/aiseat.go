// Package aiseat plays the room service's AI seats with the real engines: it implements
// room.AI on top of package ai. A game without an engine is played by seeded random legal
// moves, so every game can fill seats with the AI.
//
// It registers no game: the program imports the families it serves (madang/games/all).
package aiseat

import (
	"context"
	"errors"
	"math/rand/v2"

	"madang/ai"
	"madang/rules"
)

// Engines is room.AI with package ai's engines.
type Engines struct{}

// Choose implements room.AI: the engine's move at the level (its own budget, seed 001
// "AI와 대결"), deterministic for seed; a random legal move when no engine plays the game.
// Errors: ai.ErrNoMove when s has no legal move, ai.ErrBadLevel, ctx.Err().
func (Engines) Choose(ctx context.Context, s rules.State, level string, seed int64) (rules.Move, error) {
	lv, err := ai.ParseLevel(level)
	if err != nil {
		return nil, err
	}
	res, err := ai.Choose(ctx, ai.Request{State: s, Level: lv, Seed: seed})
	if errors.Is(err, ai.ErrNoEngine) {
		moves := s.Moves()
		if len(moves) == 0 {
			return nil, ai.ErrNoMove
		}
		r := rand.New(rand.NewPCG(uint64(seed), uint64(s.Ply())))
		return moves[r.IntN(len(moves))], nil
	}
	if err != nil {
		return nil, err
	}
	return res.Move, nil
}

// AcceptDraw implements room.AI.
func (Engines) AcceptDraw(s rules.State) bool { return ai.AcceptDraw(s) }

// OfferDraw implements room.AI.
func (Engines) OfferDraw(s rules.State) bool { return ai.OfferDraw(s) }
