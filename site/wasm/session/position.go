package session

import "madang/rules/draughts"

// Piece codes of a board view: what stands on one dark square.
const (
	Empty = 0
	Man0  = 1 // a man of seat 0 (checkers: Black; draughts: White)
	King0 = 2
	Man1  = 3 // a man of seat 1
	King1 = 4
)

// board is one position as piece codes: board[sq] for sq in 1..Squares() (index 0 unused).
type board []int8

// boardOf reads the pieces of p square by square.
func boardOf(r *draughts.Rules, p draughts.Position) board {
	b := make(board, r.Squares()+1)
	for sq := 1; sq < len(b); sq++ {
		seat, king, ok := p.Piece(draughts.Square(sq))
		switch {
		case !ok:
			b[sq] = Empty
		case seat == 0 && king:
			b[sq] = King0
		case seat == 0:
			b[sq] = Man0
		case king:
			b[sq] = King1
		default:
			b[sq] = Man1
		}
	}
	return b
}
