package draughts

import (
	"errors"
	"math/bits"
	"strconv"
	"strings"
)

// ErrNotation is the error of every text reader of this package.
var ErrNotation = errors.New("draughts: bad notation")

func notationErr(what, text string) error {
	return errors.Join(ErrNotation, errors.New(what+": "+strconv.Quote(text)))
}

// ParseFEN reads a PDN FEN such as "W:W21,22:B1,K5" or "B:W31-50:B1-20" (ranges allowed,
// K marks a king, a trailing '.' and spaces are tolerated). Errors wrap ErrNotation.
func (v *Variant) ParseFEN(s string) (Position, error) {
	var p Position
	s = strings.TrimSpace(strings.Trim(strings.TrimSpace(s), "\"."))
	parts := strings.Split(s, ":")
	if len(parts) < 1 || len(parts[0]) == 0 {
		return p, notationErr("empty FEN", s)
	}
	switch strings.ToUpper(strings.TrimSpace(parts[0])) {
	case "W":
		p.Side = White
	case "B":
		p.Side = Black
	default:
		return p, notationErr("FEN side must be W or B", s)
	}
	for _, part := range parts[1:] {
		part = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(part), "."))
		if part == "" {
			continue
		}
		var c Color
		switch part[0] {
		case 'W', 'w':
			c = White
		case 'B', 'b':
			c = Black
		default:
			return p, notationErr("FEN colour must be W or B", part)
		}
		for _, item := range strings.Split(part[1:], ",") {
			item = strings.TrimSpace(item)
			if item == "" {
				continue
			}
			king := false
			if item[0] == 'K' || item[0] == 'k' {
				king = true
				item = item[1:]
			}
			lo, hi := item, item
			if i := strings.IndexByte(item, '-'); i >= 0 {
				lo, hi = item[:i], item[i+1:]
			}
			a, err1 := strconv.Atoi(lo)
			b, err2 := strconv.Atoi(hi)
			if err1 != nil || err2 != nil || a < 1 || b > v.g.n || a > b {
				return p, notationErr("FEN square out of 1.."+strconv.Itoa(v.g.n), item)
			}
			for sq := a - 1; sq < b; sq++ {
				bit := uint64(1) << sq
				if p.Occupied()&bit != 0 {
					return p, notationErr("FEN square given twice", item)
				}
				if king {
					p.Kings[c] |= bit
				} else {
					p.Men[c] |= bit
				}
			}
		}
	}
	return p, nil
}

// FEN writes p as PDN FEN, squares ascending: "W:W21,22:B1,K5".
func (v *Variant) FEN(p *Position) string {
	var b strings.Builder
	b.WriteString("WB"[p.Side : p.Side+1])
	for c := Color(0); c < 2; c++ {
		b.WriteString(":")
		b.WriteString("WB"[c : c+1])
		first := true
		for bb := p.Pieces(c); bb != 0; bb &= bb - 1 {
			sq := bits.TrailingZeros64(bb)
			if !first {
				b.WriteByte(',')
			}
			first = false
			if p.Kings[c]&(1<<sq) != 0 {
				b.WriteByte('K')
			}
			b.WriteString(strconv.Itoa(sq + 1))
		}
	}
	return b.String()
}

// ParseHub reads a Hub position: the side letter then one character per square in PDN
// order, 'w' 'b' men, 'W' 'B' kings, 'e' empty (Hub protocol version 2, "pos").
func (v *Variant) ParseHub(s string) (Position, error) {
	var p Position
	if len(s) != v.g.n+1 {
		return p, notationErr("Hub position needs "+strconv.Itoa(v.g.n+1)+" characters", s)
	}
	switch s[0] {
	case 'W', 'w':
		p.Side = White
	case 'B', 'b':
		p.Side = Black
	default:
		return p, notationErr("Hub position side must be W or B", s)
	}
	for i := 0; i < v.g.n; i++ {
		bit := uint64(1) << i
		switch s[i+1] {
		case 'w':
			p.Men[White] |= bit
		case 'b':
			p.Men[Black] |= bit
		case 'W':
			p.Kings[White] |= bit
		case 'B':
			p.Kings[Black] |= bit
		case 'e', '.', '-':
		default:
			return p, notationErr("Hub position square must be one of wbWBe", s)
		}
	}
	return p, nil
}

// Hub writes p as a Hub position string.
func (v *Variant) Hub(p *Position) string {
	b := make([]byte, v.g.n+1)
	b[0] = "WB"[p.Side]
	for i := 0; i < v.g.n; i++ {
		bit := uint64(1) << i
		switch {
		case p.Men[White]&bit != 0:
			b[i+1] = 'w'
		case p.Men[Black]&bit != 0:
			b[i+1] = 'b'
		case p.Kings[White]&bit != 0:
			b[i+1] = 'W'
		case p.Kings[Black]&bit != 0:
			b[i+1] = 'B'
		default:
			b[i+1] = 'e'
		}
	}
	return string(b)
}

// HubMove writes m as the Hub protocol does: "32-28", or for a capture from x to x each
// captured square, ascending ("28x19x23").
func HubMove(m Move) string {
	if m.Captured == 0 {
		return strconv.Itoa(int(m.From)+1) + "-" + strconv.Itoa(int(m.To)+1)
	}
	s := strconv.Itoa(int(m.From)+1) + "x" + strconv.Itoa(int(m.To)+1)
	for b := m.Captured; b != 0; b &= b - 1 {
		s += "x" + strconv.Itoa(bits.TrailingZeros64(b)+1)
	}
	return s
}

// ShortMove writes m in PDN short form: "32-28" or "28x19" (from and to only).
func ShortMove(m Move) string {
	sep := "-"
	if m.Captured != 0 {
		sep = "x"
	}
	return strconv.Itoa(int(m.From)+1) + sep + strconv.Itoa(int(m.To)+1)
}

// squaresOf splits move text into its square numbers (0-based) and tells whether it was
// written as a capture.
func (v *Variant) squaresOf(text string) ([]int8, bool, error) {
	text = strings.TrimSpace(text)
	capture := strings.ContainsAny(text, "x:×")
	f := strings.FieldsFunc(text, func(r rune) bool { return r == '-' || r == 'x' || r == ':' || r == '×' })
	if len(f) < 2 {
		return nil, false, notationErr("move needs at least two squares", text)
	}
	sq := make([]int8, len(f))
	for i, s := range f {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > v.g.n {
			return nil, false, notationErr("move square out of 1.."+strconv.Itoa(v.g.n), text)
		}
		sq[i] = int8(n - 1)
	}
	return sq, capture, nil
}

// pathCaptures computes the pieces jumped along a capture path of landing squares in p,
// or false when a leg is not a diagonal holding exactly one opponent piece.
func (v *Variant) pathCaptures(p *Position, path []int8) (uint64, bool) {
	opp := p.Pieces(p.Side ^ 1)
	occ := p.Occupied() &^ (1 << path[0])
	var captured uint64
	for i := 0; i+1 < len(path); i++ {
		a, b := path[i], path[i+1]
		found := false
		for d := 0; d < 4 && !found; d++ {
			r := &v.g.ray[d][a]
			var jumped uint64
			for k := int8(0); k < v.g.rayLen[d][a]; k++ {
				s := r[k]
				if s == b {
					found = bits.OnesCount64(jumped) == 1 && jumped&opp != 0
					break
				}
				if occ&(1<<s) != 0 {
					jumped |= 1 << s
				}
			}
			if found {
				captured |= jumped
			}
		}
		if !found {
			return 0, false
		}
	}
	return captured, true
}

// ParseMove matches move text against the legal moves of p. It accepts "32-28", captures
// as from and to only ("28x19", when that is unambiguous), with every landing square
// ("15x24x31", PDN), or in Hub form with the captured squares ("28x19x23").
// Errors wrap ErrNotation, also for an illegal or ambiguous move.
func (v *Variant) ParseMove(p *Position, text string) (Move, error) {
	sq, capture, err := v.squaresOf(text)
	if err != nil {
		return Move{}, err
	}
	var l MoveList
	v.Generate(p, &l)
	from, to := sq[0], sq[len(sq)-1]
	var hubCaptured uint64
	for _, s := range sq[2:] {
		hubCaptured |= 1 << s
	}
	pathCaptured, pathOK := uint64(0), false
	if capture && len(sq) > 2 {
		pathCaptured, pathOK = v.pathCaptures(p, sq)
	}
	var found []Move
	for _, m := range l.Moves() {
		if m.IsCapture() != capture || m.From != from {
			continue
		}
		switch {
		case len(sq) == 2 && m.To == to:
			found = append(found, m)
		case len(sq) > 2 && m.To == sq[1] && m.Captured == hubCaptured:
			found = append(found, m)
		case len(sq) > 2 && pathOK && m.To == to && m.Captured == pathCaptured:
			found = append(found, m)
		}
	}
	switch len(found) {
	case 0:
		return Move{}, notationErr("no legal move matches", text)
	case 1:
		return found[0], nil
	}
	for _, m := range found[1:] {
		if m != found[0] {
			return Move{}, notationErr("ambiguous move", text)
		}
	}
	return found[0], nil
}
