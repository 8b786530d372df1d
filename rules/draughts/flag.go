package draughts

import (
	"math/bits"

	"madang/rules"
)

// CannotWin reports whether seat cannot win the position when its opponent's time runs out
// (rooms with a time control): the flag is then a draw instead of a loss, as
// FIDE's Laws of Chess art. 6.9 rule for a flag against a side that cannot win. In this
// family the side that cannot win is a lone king (one king, no man) facing:
//   - a lone king (both rulesets: neither side can force anything, a draw in practice);
//   - in international draughts, any of the endings FMJD art. 6.2-6.3 draw by a short count
//     (seed 001's reading, Rules.EndgameCounts): up to 3 pieces with at least one king.
//     There the lone king is the weaker side; the rules give it the draw even against
//     correct play of the stronger side within 16 or 5 moves.
//
// A side with more than a lone king may still win and is given the flag.
func (s *State) CannotWin(seat rules.Seat) bool {
	p := s.pos
	me, op := int(seat&1), int(seat&1)^1
	if p.men[me] != 0 || bits.OnesCount64(p.kings[me]) != 1 {
		return false
	}
	n := bits.OnesCount64(p.men[op] | p.kings[op])
	if p.kings[op] == 0 || n == 0 {
		return false
	}
	if n == 1 {
		return true // a lone king against a lone king
	}
	return p.Rules().EndgameCounts && n <= 3
}

// FlagOutcome is the outcome when seat's clock runs out (rules.Flagger): a draw (reason
// Time) when the opponent CannotWin, otherwise the opponent wins, 1 point, reason Time.
func (s *State) FlagOutcome(seat rules.Seat) rules.Outcome {
	opp := (seat ^ 1) & 1
	if s.CannotWin(opp) {
		return rules.DrawBy(rules.Time)
	}
	return rules.WinFor(opp, rules.Time)
}

var _ rules.Flagger = (*State)(nil)
