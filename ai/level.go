package ai

import "time"

// Spec is how a level plays one game: with probability Random it plays a uniformly random
// legal move (drawn from the request's seeded generator), otherwise it searches within
// Budget.
type Spec struct {
	Random float64 // 0..1, the share of random moves
	Budget Budget
}

// AdvancedTime is the advanced level's thinking time per move (seed 001 "AI와 대결":
// 고급은 한 수에 최대 1.5초).
const AdvancedTime = 1500 * time.Millisecond

// specs holds per-game level tables, set by the engine packages (SetSpecs); games without
// one use defaultSpecs.
var specs = map[string]map[Level]Spec{}

var defaultSpecs = map[Level]Spec{
	Beginner:     {Random: 0.4, Budget: Budget{Depth: 2}},
	Intermediate: {Budget: Budget{Depth: 4}},
	Advanced:     {Budget: Budget{Time: AdvancedTime}},
}

// SpecFor returns how level l plays game gameID. Errors: ErrBadLevel.
func SpecFor(gameID string, l Level) (Spec, error) {
	t, ok := specs[gameID]
	if !ok {
		t = defaultSpecs
	}
	s, ok := t[l]
	if !ok {
		return Spec{}, ErrBadLevel
	}
	return s, nil
}

// SetSpecs installs the level table of a game, replacing any earlier one; engine packages
// whose game the seed describes differently call it from init.
func SetSpecs(gameID string, t map[Level]Spec) { specs[gameID] = t }

// Resolve turns a request into the spec to play: the request's own budget when it is
// non-zero (then no random moves), otherwise the level's. Errors: ErrBadLevel.
func Resolve(gameID string, r Request) (Spec, error) {
	if r.Budget != (Budget{}) {
		return Spec{Budget: r.Budget}, nil
	}
	return SpecFor(gameID, r.Level)
}
