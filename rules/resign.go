package rules

// Resigner is implemented by states whose game decides a resignation itself (e.g.
// three-player diamond, seed 000; backgammon may score one).
type Resigner interface {
	// ResignOutcome is the outcome when seat resigns in this state: Status Win, the
	// winner, reason Resign and the points.
	ResignOutcome(seat Seat) Outcome
}

// ResignOutcome is the outcome of seat resigning in s, as the game's rules define it: the
// state's own ResignOutcome when it is a Resigner, otherwise the next seat in turn order
// after the resigner wins (in two-player games, the opponent) with 1 point, reason Resign.
// Rooms and the browser session both call it; a room that ends a game for another reason
// (a seat left) keeps the winner and points and replaces the reason.
func ResignOutcome(s State, seat Seat) Outcome {
	if r, ok := s.(Resigner); ok {
		return r.ResignOutcome(seat)
	}
	n := s.Seats()
	if n < 1 {
		n = 2
	}
	return WinFor(Seat((int(seat)+1)%n), Resign)
}

// GoalDistancer is implemented by states that can tell how far a seat is from its goal
// (the star games: the sum over its pieces of the distance to the target apex, seed 000).
type GoalDistancer interface {
	GoalDistance(seat Seat) int
}

// NearestGoalWins is the resign rule of three-player diamond (seed 000, "기권"): of the
// seats other than the resigner, the one whose pieces are nearest their goal wins; on a tie,
// the first such seat in turn order after the resigner. A state that is not a GoalDistancer
// gives the seat after the resigner. A game uses it from its state's ResignOutcome.
func NearestGoalWins(s State, resigner Seat) Seat {
	n := s.Seats()
	gd, ok := s.(GoalDistancer)
	best, bestD := NoSeat, 0
	for i := 1; i < n; i++ {
		seat := Seat((int(resigner) + i) % n)
		if !ok {
			return seat
		}
		if d := gd.GoalDistance(seat); best == NoSeat || d < bestD {
			best, bestD = seat, d
		}
	}
	return best
}
