package room

import (
	"sync"
	"time"

	"madang/games"
	"madang/rules"
	"madang/rules/match"
)

// Policy is the room rules of one game: timers, draw offers and leave rules (who wins a
// resignation is the game's rules.ResignOutcome). Each game declares its rules in its
// family's descriptor (games.Game.Room, games/<family>), which PolicyFor completes with the
// room-wide defaults; the service never branches on a game id.
type Policy struct {
	// DrawOffers: a seat may attach a draw offer to a move; the opponent accepts it on its
	// turn or declines it by moving (seed 001, "무승부를 제안할 때는").
	DrawOffers bool
	// DrawReset reports whether m, a legal move of before, re-opens draw offers for a seat
	// whose offer was declined: in the draughts family a man move or a capture (seed 001,
	// rules/draughts.ReopensDrawOffers). Nil means every move re-opens them.
	DrawReset func(before rules.State, m rules.Move) bool
	// TakeoverAfter: a seat away this long may be replaced by the AI at its opponent's
	// request (`takeover`); 0 disables takeover (seed 001: 2 min).
	TakeoverAfter time.Duration
	// AwayAI: a person away this long is played by the AI on their turns until they
	// resume; 0 disables it (seed 000: 45 s).
	AwayAI time.Duration
	// LeaveToAI reports whether `leave` during play hands the seat to the AI (seed 000:
	// three-player diamond) while another seat is a person's (the last person's leave ends
	// the game: loaded.handsToAI); otherwise leaving during play counts as resigning. Nil:
	// never.
	LeaveToAI func(s rules.State) bool
	// Idle is how long a room lives after its last connection closed (seeds 000, 001: 30 min).
	Idle time.Duration
	// MaxAge is how long a room lives after it was created (seeds 000, 001: 24 h).
	MaxAge time.Duration
	// AILevel is the level of AI seats when a request names none (seed 000: intermediate).
	AILevel string
}

var (
	policyMu sync.RWMutex
	policies = map[string]Policy{}
)

// RegisterPolicy sets the room policy of a game id, completing zero durations and the AI
// level with the defaults (30 min idle, 24 h max age, intermediate). It takes precedence
// over the game's descriptor; registering the same id again replaces it (tests use this
// for games without a family, such as the track game).
func RegisterPolicy(gameID string, p Policy) {
	p = completed(p)
	policyMu.Lock()
	policies[gameID] = p
	policyMu.Unlock()
}

// completed is p with zero durations and AI level set to the defaults.
func completed(p Policy) Policy {
	if p.Idle == 0 {
		p.Idle = 30 * time.Minute
	}
	if p.MaxAge == 0 {
		p.MaxAge = 24 * time.Hour
	}
	if p.AILevel == "" {
		p.AILevel = "intermediate"
	}
	return p
}

// PolicyFor returns the policy of a game id and whether it has one: the one RegisterPolicy
// set, else its family's descriptor (games.Describe) completed with the defaults. A game
// without either cannot be played online.
func PolicyFor(gameID string) (Policy, bool) {
	policyMu.RLock()
	p, ok := policies[gameID]
	policyMu.RUnlock()
	if ok {
		return p, true
	}
	g, ok := games.Describe(gameID)
	if !ok {
		return Policy{}, false
	}
	r := g.Room
	return completed(Policy{
		DrawOffers:    r.DrawOffers,
		DrawReset:     r.DrawReset,
		TakeoverAfter: r.TakeoverAfter,
		AwayAI:        r.AwayAI,
		LeaveToAI:     r.LeaveToAI,
	}), true
}

func (p Policy) leaveToAI(s rules.State) bool {
	return p.LeaveToAI != nil && p.LeaveToAI(s)
}

// matchRules are the policy's rules of a match (rules/match): draw offers and what re-opens
// them.
func (p Policy) matchRules() match.Rules {
	return match.Rules{DrawOffers: p.DrawOffers, DrawReset: p.DrawReset}
}
