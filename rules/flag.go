package rules

// Flagger is implemented by states whose game decides itself what a seat's running out of
// time means: a draw when the opponent cannot win by any series of legal moves (draughts),
// or a win worth the points the position shows (backgammon's gammons).
type Flagger interface {
	// FlagOutcome is the outcome when seat's clock runs out in this state: Status Win or
	// Draw, reason Time, and the points of a win.
	FlagOutcome(seat Seat) Outcome
}

// FlagOutcome is the outcome of seat's clock running out in s (a room with a time control):
// the state's own FlagOutcome when it is a Flagger, otherwise the resignation's outcome
// (ResignOutcome: the winner and points) with reason Time. A room whose policy hands
// a flagged seat to the AI (three-player diamond, as leaving does) does not call it.
func FlagOutcome(s State, seat Seat) Outcome {
	if f, ok := s.(Flagger); ok {
		return f.FlagOutcome(seat)
	}
	o := ResignOutcome(s, seat)
	o.Reason = Time
	return o
}
