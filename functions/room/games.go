package room

import (
	"time"

	"madang/rules"
)

// The room policies of the six games, each from its seed. The rules packages register the
// games themselves; a game without a policy here cannot be played online. Game rules
// (resignation, the quiet-move count) are asked of the states through package rules: the
// room holds no game's notation.
func init() {
	// Seed 001: draw offers ride on a move and are limited after a decline; the opponent of a
	// seat away 2 min may replace it by the AI; rooms last 30 min idle, 24 h at most.
	draughtsLike := Policy{
		DrawOffers:    true,
		DrawReset:     manMovedOrCaptured,
		TakeoverAfter: 2 * time.Minute,
	}
	RegisterPolicy("checkers", draughtsLike)
	RegisterPolicy("draughts", draughtsLike)

	// Seed 000 (and the issue for every star game): a person away 45 s is played by the AI on
	// their turns; in three-player diamond `leave` hands the seat to the AI. Its resign rule
	// (the remaining player nearest the goal wins) is the game's rules.ResignOutcome.
	star := Policy{AwayAI: 45 * time.Second}
	RegisterPolicy("chinese-checkers", star)
	RegisterPolicy("diamond-kr", star)
	diamond := star
	diamond.LeaveToAI = func(s rules.State) bool { return s.Seats() == 3 }
	RegisterPolicy("diamond", diamond)

	// Seed 003 describes no online room rules; issue 9 gives backgammon the takeover of
	// seed 001 (a vanished opponent would otherwise stall the room for 24 h).
	RegisterPolicy("backgammon", Policy{TakeoverAfter: 2 * time.Minute})
}

// manMovedOrCaptured reports whether a checkers/draughts move moved a man or captured
// (seed 001: such a move re-opens draw offers after a decline): the state after it has a
// quiet-move count of 0 (rules.QuietCounter). A state without the count re-opens them.
func manMovedOrCaptured(_, after rules.State) bool {
	q, ok := after.(rules.QuietCounter)
	return !ok || q.QuietPlies() == 0
}
