// Package backgammon is the rules of backgammon as seed 003 plays it: no doubling cube, a
// game worth 1 (single), 2 (gammon) or 3 (backgammon) points, an opening roll of one die
// each, and the dice supplied by the caller (the rules never roll).
//
// Geometry. Each seat counts the points from its own side: it moves its checkers from its
// 24-point towards its 1-point, its home board is 1..6, and it bears off from there. The
// two numberings are mirrored: a seat's point p is the other seat's point 25-p.
//
//	seat 0's numbering (seat 1's in brackets)
//	 13 14 15 16 17 18 | 19 20 21 22 23 24        (12 11 10  9  8  7 |  6  5  4  3  2  1)
//	                   |  <- seat 0 moves right to left along the top, then left to right along the bottom
//	 12 11 10  9  8  7 |  6  5  4  3  2  1        (13 14 15 16 17 18 | 19 20 21 22 23 24)
//	                           seat 0's home
//
// A Board keeps each seat's checkers in that seat's numbering: index 1..24 the points, Bar
// (25) checkers hit and waiting to enter, Off (0) checkers borne off. Entering from the bar
// is a move from point 25; bearing off a move to point 0, as in gnubg's exported matches.
//
// Plays are whole turns (Plays, Move): one Move per distinct resulting position, as gnubg
// counts them. Text formats: gnubg move notation (Move.String, ParseMove), the gnubg
// Position ID and Match ID (PositionID, MatchID, State.Encode, Game.Decode).
package backgammon

import (
	"strconv"

	"madang/rules"
)

// Point is a place on the board in one seat's numbering: 1..24 the points, Bar (25), Off (0).
type Point = int8

// Named places of a seat's row.
const (
	Off Point = 0  // checkers borne off
	Bar Point = 25 // checkers on the bar, entering on the opponent's home board (points 19..24)
)

// Checkers is the number of checkers of each seat.
const Checkers = 15

// Row is one seat's checkers by Point in its own numbering: [Off] borne off, [1..24] on the
// points, [Bar] on the bar. The counts add up to 15.
type Row [26]int8

// Board is both seats' rows, indexed by seat. A point holds checkers of at most one seat:
// Board[0][p] and Board[1][25-p] are never both positive.
type Board [2]Row

// Start is the initial position (seed 003): two checkers on the 24-point, five on the 13,
// three on the 8 and five on the 6, for each seat in its own numbering.
var Start = Board{startRow, startRow}

var startRow = Row{24: 2, 13: 5, 8: 3, 6: 5}

// Pips is a row's pip count: the sum over its checkers of the distance still to travel
// (point p counts p, the bar 25, borne-off checkers 0).
func (r *Row) Pips() int {
	n := 0
	for p := 1; p <= 25; p++ {
		n += p * int(r[p])
	}
	return n
}

// OnBoard is the number of checkers not yet borne off.
func (r *Row) OnBoard() int { return Checkers - int(r[Off]) }

// Pips returns the pip counts of seats 0 and 1.
func (b *Board) Pips() [2]int { return [2]int{b[0].Pips(), b[1].Pips()} }

// Validate checks a board: 15 checkers per seat, no negative count, no point held by both
// seats. The error wraps rules.ErrNotation.
func (b *Board) Validate() error {
	for s := 0; s < 2; s++ {
		n := 0
		for p := 0; p <= 25; p++ {
			c := b[s][p]
			if c < 0 {
				return notation("negative checker count")
			}
			n += int(c)
		}
		if n != Checkers {
			return notation("seat " + strconv.Itoa(s) + " has " + strconv.Itoa(n) + " checkers, not 15")
		}
	}
	for p := 1; p <= 24; p++ {
		if b[0][p] > 0 && b[1][25-p] > 0 {
			return notation("point " + strconv.Itoa(p) + " (seat 0's numbering) holds checkers of both seats")
		}
	}
	return nil
}

// homeOnly reports whether every checker of r still on the board stands on its home
// board (points 1..6): the condition for bearing off.
func (r *Row) homeOnly() bool {
	for p := 7; p <= 25; p++ {
		if r[p] != 0 {
			return false
		}
	}
	return true
}

// Result scores a finished game: winner has borne off all 15 checkers, loser is the other
// row. Single (1 point) when the loser has borne off a checker; gammon (2) when it has not;
// backgammon (3) when, besides, it has a checker on the bar or on the winner's home board
// (the loser's points 19..24). Seed 003, "빼내기와 승리".
func Result(loser *Row) (rules.Reason, int) {
	if loser[Off] > 0 {
		return rules.Single, 1
	}
	for p := 19; p <= 25; p++ {
		if loser[p] > 0 {
			return rules.Backgammon, 3
		}
	}
	return rules.Gammon, 2
}
