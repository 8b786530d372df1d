package session

import "madang/rules"

// resigner is a state whose rules define the outcome of a resignation (three-player
// diamond: the seat nearest its goal wins, seed 000 "기권").
type resigner interface {
	ResignOutcome(seat rules.Seat) rules.Outcome
}

// resignOutcome is the outcome when seat resigns in st: the state's own rule when it has
// one, else the next seat in turn order wins one point. This is the one place the session
// decides a resignation; it becomes rules.ResignOutcome(st, seat) once package rules offers
// it, so the room and the page agree.
func resignOutcome(st rules.State, seat rules.Seat) rules.Outcome {
	if r, ok := st.(resigner); ok {
		return r.ResignOutcome(seat)
	}
	return rules.WinFor(rules.Seat((int(seat)+1)%st.Seats()), rules.Resign)
}
