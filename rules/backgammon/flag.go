package backgammon

import "madang/rules"

// FlagOutcome is the outcome when seat's clock runs out (rules.Flagger; rooms with a time
// control): the opponent wins, scored from the position at the flag as a finished
// game would be (Result, seed 003 "빼내기와 승리"): 1 point when the flagged seat has borne
// off a checker, 2 (gammon) when it has not, 3 (backgammon) when besides it has a checker on
// the bar or in the opponent's home board. The reason is rules.Time; the points tell which.
func (s *State) FlagOutcome(seat rules.Seat) rules.Outcome {
	loser := seat & 1
	_, points := Result(&s.board[loser])
	o := rules.WinFor(loser^1, rules.Time)
	o.Points = points
	return o
}

var _ rules.Flagger = (*State)(nil)
