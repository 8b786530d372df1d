package session

// Square geometry of the two draughts boards, for display only: where a PDN square number
// lies on the board and its algebraic name as seed 001 ("이 페이지의 조작 방법") names it.
//
// Coordinates are seen from the first mover's side: x counts columns a, b, c... from the
// left, y counts rows 1, 2, 3... from the first mover's edge, so a1 (0,0) is the dark
// corner on the first mover's left (seed 001: every player has a dark square at the left
// corner). PDN numbers the dark squares row by row from the far edge of the board as
// printed with White at the bottom:
//
//	checkers (8x8, Black = seat 0 on 1-12)      draughts (10x10, White = seat 0 on 31-50)
//	  White's view:  .  1 .  2 .  3 .  4          .  1 .  2 .  3 .  4 .  5
//	                 5 .  6 .  7 .  8 .           6 .  7 .  8 .  9 . 10 .
//	                 ...                          ...
//	                29 . 30 . 31 . 32 .          46 . 47 . 48 . 49 . 50 .
//
// Checkers' first mover is Black, seated at the top of that diagram, so its algebraic
// names are the diagram turned half a turn: square 11 is c3 and 15 is d4 ("11-15" is
// c3-d4). Draughts' first mover is White at the bottom: square 46 is a1.

// squareXY gives the column and row (0-based, first mover's view) of PDN square sq on a
// size x size board (8 or 10). ok is false for a number off the board.
func squareXY(size, sq int) (x, y int, ok bool) {
	half := size / 2
	if size != 8 && size != 10 || sq < 1 || sq > half*size {
		return 0, 0, false
	}
	r, k := (sq-1)/half, (sq-1)%half // r: diagram row from the top, k: index in the row
	xw := 2 * k
	if r%2 == 0 {
		xw++
	}
	yw := size - 1 - r
	if size == 8 { // Black (first mover) sits at the top: turn the diagram half a turn
		return size - 1 - xw, size - 1 - yw, true
	}
	return xw, yw, true
}

// squareAt is the inverse of squareXY: the PDN number of the dark square at (x, y), or 0
// for a light square or one off the board.
func squareAt(size, x, y int) int {
	if x < 0 || y < 0 || x >= size || y >= size || (x+y)%2 != 0 {
		return 0
	}
	xw, yw := x, y
	if size == 8 {
		xw, yw = size-1-x, size-1-y
	}
	r := size - 1 - yw
	return r*(size/2) + xw/2 + 1
}

// squareName is the algebraic name ("c3") of PDN square sq, or "" when off the board.
func squareName(size, sq int) string {
	x, y, ok := squareXY(size, sq)
	if !ok {
		return ""
	}
	name := []byte{byte('a' + x)}
	if y+1 >= 10 {
		name = append(name, '1', byte('0'+y+1-10))
	} else {
		name = append(name, byte('0'+y+1))
	}
	return string(name)
}
