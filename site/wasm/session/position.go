package session

import (
	"errors"
	"strconv"
	"strings"
)

// Piece codes of a board view: what stands on one dark square.
const (
	Empty   = 0
	Man0    = 1 // a man of seat 0 (checkers: Black; draughts: White)
	King0   = 2
	Man1    = 3 // a man of seat 1
	King1   = 4
	pieceNo = 5
)

// board is one position read from PDN FEN: board[sq] for sq in 1..size*size/2 (index 0 unused).
type board []int8

func seatOf(p int8) int {
	switch p {
	case Man0, King0:
		return 0
	case Man1, King1:
		return 1
	}
	return -1
}

func isKing(p int8) bool { return p == King0 || p == King1 }

var errFEN = errors.New("session: unreadable PDN FEN")

// parseFEN reads a PDN FEN such as "W:W21,22:B1,K5" or "W:W31-50:B1-20" (PDN 3.0 FEN tag)
// into a board of the given size. seat0Colour is 'B' for checkers and 'W' for draughts.
// The side to move is not read here: the State says it.
func parseFEN(fen string, size int, seat0Colour byte) (board, error) {
	n := size * size / 2
	b := make(board, n+1)
	fen = strings.TrimSuffix(strings.TrimSpace(fen), ".")
	fields := strings.Split(fen, ":")
	if len(fields) < 2 {
		return nil, errFEN
	}
	for _, f := range fields[1:] {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		colour := f[0]
		if colour != 'W' && colour != 'B' {
			return nil, errFEN
		}
		man, king := int8(Man1), int8(King1)
		if colour == seat0Colour {
			man, king = Man0, King0
		}
		for _, item := range strings.Split(f[1:], ",") {
			item = strings.TrimSpace(item)
			if item == "" {
				continue
			}
			p := man
			if item[0] == 'K' || item[0] == 'k' {
				p, item = king, item[1:]
			}
			lo, hi := item, item
			if i := strings.IndexByte(item, '-'); i >= 0 {
				lo, hi = item[:i], item[i+1:]
			}
			a, err1 := strconv.Atoi(lo)
			z, err2 := strconv.Atoi(hi)
			if err1 != nil || err2 != nil || a < 1 || z > n || a > z {
				return nil, errFEN
			}
			for sq := a; sq <= z; sq++ {
				b[sq] = p
			}
		}
	}
	return b, nil
}

// parseSquares reads the squares of PDN move text ("11-15", "15x24x31") in order.
func parseSquares(text string) []int {
	var out []int
	for _, part := range strings.FieldsFunc(text, func(r rune) bool { return r == '-' || r == 'x' || r == 'X' || r == '×' }) {
		v, err := strconv.Atoi(strings.TrimSpace(part))
		if err != nil {
			return nil
		}
		out = append(out, v)
	}
	return out
}
