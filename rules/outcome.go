package rules

import "strconv"

// Status is whether a game goes on, was won, or was drawn.
type Status uint8

const (
	Ongoing Status = iota
	Win
	Draw
)

// Reason says why a game ended. Its String is a stable code used on the wire and in logs.
type Reason uint8

const (
	ReasonNone     Reason = iota
	NoMoves               // the seat to move has no legal move (WCDF 1.32, FMJD art. 5)
	Threefold             // the same position with the same seat to move a third time
	FortyMove             // checkers: 40 moves each without a man move or capture (WCDF 1.32.1)
	TwentyFiveMove        // draughts: 25 moves each of kings only, no capture (FMJD art. 6.1)
	SixteenMove           // draughts: 3 pieces incl. a king against a lone king (FMJD art. 6.2)
	FiveMove              // draughts: 2 pieces incl. a king (or 1 king) against a lone king (FMJD art. 6.3)
	Resign                // a seat resigned (decided outside the rules)
	Agreement             // a draw offer was accepted (decided outside the rules)
	CampFilled            // star games: a seat filled its target camp
	MoveLimit             // a game-imposed limit on the number of plies
	Single                // backgammon: a single game (1 point)
	Gammon                // backgammon: the loser bore off nothing (2 points)
	Backgammon            // backgammon: gammon with a checker on the bar or in the winner's home (3 points)
	Abandoned             // a seat left a room and the room's policy decided
	AllPassed             // star games: every seat passed in a row, a draw (seed 000)
	Time                  // a seat's clock ran out (rooms with a time control; FlagOutcome)
)

var reasonCodes = [...]string{
	ReasonNone:     "",
	NoMoves:        "no-moves",
	Threefold:      "threefold",
	FortyMove:      "forty-move",
	TwentyFiveMove: "twenty-five-move",
	SixteenMove:    "sixteen-move",
	FiveMove:       "five-move",
	Resign:         "resign",
	Agreement:      "agreement",
	CampFilled:     "camp-filled",
	MoveLimit:      "move-limit",
	Single:         "single",
	Gammon:         "gammon",
	Backgammon:     "backgammon",
	Abandoned:      "abandoned",
	AllPassed:      "all-passed",
	Time:           "time",
}

// String returns the reason's stable code ("no-moves", "threefold", ...).
func (r Reason) String() string {
	if int(r) < len(reasonCodes) {
		return reasonCodes[r]
	}
	return "reason-" + strconv.Itoa(int(r))
}

// ParseReason is the inverse of Reason.String.
func ParseReason(code string) (Reason, bool) {
	for i, c := range reasonCodes {
		if c == code {
			return Reason(i), true
		}
	}
	return ReasonNone, false
}

// Outcome is who plus why: Ongoing, Win for a seat, or Draw, with the reason.
type Outcome struct {
	Status Status
	Winner Seat   // the winning seat for Win; NoSeat otherwise
	Reason Reason // ReasonNone while Ongoing
	Points int    // backgammon: 1, 2 or 3; 1 for any other win; 0 otherwise
}

// Over reports whether the game has ended.
func (o Outcome) Over() bool { return o.Status != Ongoing }

// OngoingOutcome is the outcome of a game still being played.
var OngoingOutcome = Outcome{Status: Ongoing, Winner: NoSeat}

// WinFor is a win by seat for reason, worth one point.
func WinFor(s Seat, r Reason) Outcome { return Outcome{Status: Win, Winner: s, Reason: r, Points: 1} }

// DrawBy is a draw for reason.
func DrawBy(r Reason) Outcome { return Outcome{Status: Draw, Winner: NoSeat, Reason: r} }
