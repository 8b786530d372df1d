package draughts

import (
	"errors"
	"strconv"
	"strings"

	"madang/rules"
)

// ErrSideUnknown is wrapped by the error of ParseFEN (and so of Game.Decode) for a FEN
// whose side to move is '?': the caller needs a side and gave none. A caller that can
// choose one reads the FEN with ReadFEN and sets it with Position.WithSide.
var ErrSideUnknown = errors.New("the side to move is unknown ('?'): give W or B")

// FENError is a bad PDN FEN string. It wraps rules.ErrNotation, and ErrSideUnknown when
// the FEN is well formed but its side to move is '?'.
type FENError struct {
	FEN    string
	Detail string
	// SideUnknown is set when the only fault is a '?' side to move.
	SideUnknown bool
}

func (e *FENError) Error() string {
	return "bad FEN " + strconv.Quote(e.FEN) + ": " + e.Detail
}

func (e *FENError) Unwrap() []error {
	if e.SideUnknown {
		return []error{rules.ErrNotation, ErrSideUnknown}
	}
	return []error{rules.ErrNotation}
}

// ParseFEN reads a position in PDN FEN: the colour to move, then each colour's squares,
// "K" before a king, ranges allowed ("W:W21,22:B1,K5", "W:W31-50:B1-20", "B:WK1-3:B9").
// Colour letters follow the PDN convention of each game (checkers: Black 'B' is seat 0;
// draughts: White 'W' is seat 0). A colour section may be empty or absent, and a final
// '.' is ignored. Errors (*FENError, wrapping rules.ErrNotation): spaces or other
// characters, squares off the board, a square given twice, a man on its own far row
// (it would have been crowned), and a '?' side to move (the PDN FEN grammar allows it;
// the error also wraps ErrSideUnknown): a position needs a side, so a caller that can
// choose one uses ReadFEN.
func ParseFEN(r *Rules, fen string) (Position, error) {
	p, known, err := ReadFEN(r, fen)
	if err != nil {
		return Position{}, err
	}
	if !known {
		return Position{}, &FENError{FEN: fen, Detail: ErrSideUnknown.Error(), SideUnknown: true}
	}
	return p, nil
}

// ReadFEN reads a PDN FEN as ParseFEN does, and also one whose side to move is '?'
// (unknown; the PDN 3.0 FEN grammar of wiegerw/pdn and pdn.fmjd.org allows it, e.g.
// "?:W29,13,11:B22,4,2"). known reports whether the FEN gave the side; when it did not,
// p has seat 0 to move and the caller chooses the side with p.WithSide. Errors: those of
// ParseFEN but the unknown side.
func ReadFEN(r *Rules, fen string) (p Position, known bool, err error) {
	bad := func(detail string) (Position, bool, error) {
		return Position{}, false, &FENError{FEN: fen, Detail: detail}
	}
	s := strings.TrimSuffix(fen, ".")
	if s == "" {
		return bad("empty")
	}
	parts := strings.Split(s, ":")
	if len(parts) < 2 || len(parts) > 3 {
		return bad("want side, then up to two colour sections separated by ':'")
	}
	p = Position{variant: r.variant}
	known = parts[0] != "?"
	if known {
		side, ok := r.seatOf(parts[0])
		if !ok {
			return bad("side to move must be W, B or ?")
		}
		p.side = uint8(side)
	}
	seen := [2]bool{}
	for _, sec := range parts[1:] {
		if sec == "" {
			return bad("empty colour section")
		}
		seat, ok := r.seatOf(sec[:1])
		if !ok {
			return bad("colour section must start with W or B")
		}
		if seen[seat] {
			return bad("colour " + sec[:1] + " given twice")
		}
		seen[seat] = true
		list := sec[1:]
		if list == "" {
			continue
		}
		for _, item := range strings.Split(list, ",") {
			king := false
			if strings.HasPrefix(item, "K") {
				king = true
				item = item[1:]
			}
			lo, hi, ok := r.squareRange(item)
			if !ok {
				return bad("bad square or range " + strconv.Quote(item))
			}
			for sq := lo; sq <= hi; sq++ {
				b := r.Bit(sq)
				if (p.men[0]|p.men[1]|p.kings[0]|p.kings[1])&b != 0 {
					return bad("square " + itoa(int(sq)) + " given twice")
				}
				if king {
					p.kings[seat] |= b
				} else {
					if r.promo[seat]&b != 0 {
						return bad("a man on square " + itoa(int(sq)) + " would have been crowned")
					}
					p.men[seat] |= b
				}
			}
		}
	}
	p.hash = p.computeHash()
	return p, known, nil
}

// WithSide returns p with seat to move (0 or 1; other values are taken modulo 2), for a
// position read with ReadFEN from a FEN whose side to move was '?'.
func (p Position) WithSide(seat rules.Seat) Position {
	p.side = uint8(seat & 1)
	p.hash = p.computeHash()
	return p
}

// seatOf maps a FEN colour letter to a seat.
func (r *Rules) seatOf(c string) (int, bool) {
	switch c {
	case "W", "B":
		if c[0] == r.FirstColour {
			return 0, true
		}
		return 1, true
	}
	return 0, false
}

// colourOf maps a seat to its FEN colour letter.
func (r *Rules) colourOf(seat int) byte {
	if seat == 0 {
		return r.FirstColour
	}
	if r.FirstColour == 'W' {
		return 'B'
	}
	return 'W'
}

// squareRange reads "17" or "31-50" (digits only, within the board, lo <= hi).
func (r *Rules) squareRange(s string) (lo, hi Square, ok bool) {
	a, b, isRange := strings.Cut(s, "-")
	lo, ok = r.squareNumber(a)
	if !ok {
		return 0, 0, false
	}
	if !isRange {
		return lo, lo, true
	}
	hi, ok = r.squareNumber(b)
	if !ok || hi < lo {
		return 0, 0, false
	}
	return lo, hi, true
}

// squareNumber reads a decimal square number of this board (leading zeros allowed).
func (r *Rules) squareNumber(s string) (Square, bool) {
	if s == "" || len(s) > 3 {
		return 0, false
	}
	v := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int(c-'0')
	}
	if v < 1 || v > r.n {
		return 0, false
	}
	return Square(v), true
}

// FEN writes p in PDN FEN: side to move, then White's and Black's squares in ascending
// order, kings marked "K", no ranges ("W:W31,32:B1,K5"). ParseFEN reads it back to p.
func (p Position) FEN() string {
	r := rulesFor(p.variant)
	var b strings.Builder
	b.WriteByte(r.colourOf(int(p.side)))
	for _, colour := range []byte{'W', 'B'} {
		seat, _ := r.seatOf(string(colour))
		b.WriteByte(':')
		b.WriteByte(colour)
		first := true
		for sq := Square(1); int(sq) <= r.n; sq++ {
			bit := r.Bit(sq)
			king := p.kings[seat]&bit != 0
			if !king && p.men[seat]&bit == 0 {
				continue
			}
			if !first {
				b.WriteByte(',')
			}
			first = false
			if king {
				b.WriteByte('K')
			}
			b.WriteString(itoa(int(sq)))
		}
	}
	return b.String()
}

// String is the position's PDN FEN (see FEN), for logs and test failures.
func (p Position) String() string { return p.FEN() }
