package halma

import (
	"strconv"
	"strings"

	"madang/rules"
)

// String is the hole's name "row.pos" (단·번), e.g. "3.1"; "-" for NoHole. Not inlined (nor
// ParseHole, Position.Arrived): no search calls them per node, and their copies would cost
// the browser module bytes (DESIGN.md "Site").
//
//go:noinline
func (h Hole) String() string {
	if !h.Valid() {
		return "-"
	}
	return strconv.Itoa(h.Row()) + "." + strconv.Itoa(h.Pos())
}

// ParseHole reads a hole name "row.pos" (both decimal, no signs or spaces).
//
//go:noinline
func ParseHole(s string) (Hole, bool) {
	dot := strings.IndexByte(s, '.')
	if dot <= 0 || dot > 2 || len(s)-dot-1 < 1 || len(s)-dot-1 > 2 {
		return NoHole, false
	}
	row, ok1 := smallNumber(s[:dot])
	pos, ok2 := smallNumber(s[dot+1:])
	if !ok1 || !ok2 {
		return NoHole, false
	}
	h := HoleAt(row, pos)
	return h, h != NoHole
}

// smallNumber reads 1 or 2 decimal digits.
func smallNumber(s string) (int, bool) {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, len(s) > 0
}

// String is the move's canonical text: "from-to" ("3.1-5.3"), or "pass".
func (m Move) String() string {
	if m == Pass {
		return rules.PassText
	}
	return m.From.String() + "-" + m.To.String()
}

// PathText is a landing path written as move text ("3.1-5.1-5.3").
func PathText(path []Hole) string {
	var b strings.Builder
	for i, h := range path {
		if i > 0 {
			b.WriteByte('-')
		}
		b.WriteString(h.String())
	}
	return b.String()
}

// ErrGift is the refusal of a move that reaches its hole but would complete another
// seat's win (diamond-kr without completing the mover's own, diamond in any case; see
// GiftRule, Sturtevant 2019 and seed 000). It wraps rules.ErrIllegal and carries the stable
// code "hands-win" (Code) so a page can show its own message for it.
var ErrGift error = giftError{}

type giftError struct{}

func (giftError) Error() string { return rules.ErrIllegal.Error() + ": completes another seat's win" }
func (giftError) Unwrap() error { return rules.ErrIllegal }

// Code is the error's stable code for pages and clients: "hands-win".
func (giftError) Code() string { return "hands-win" }

func moveError(text string, err error, detail string) error {
	return &rules.MoveError{Text: text, Err: err, Detail: detail}
}

// ParseMove reads move text against the legal moves of p: "pass" (legal only when the side
// to move has no other move), "from-to" (a step or any chain of jumps between the two), or
// a full landing path "from-l1-...-to", which must itself be a legal chain: each hop a
// jump of the moving piece, each landing empty and open to it, no landing twice, not ending
// on the start. Errors are *rules.MoveError wrapping rules.ErrNotation or rules.ErrIllegal;
// a move that reaches its hole but would complete another seat's win wraps ErrGift (which
// itself wraps rules.ErrIllegal).
func (p Position) ParseMove(text string) (Move, error) {
	t := strings.TrimSpace(text)
	var l MoveList
	p.Generate(&l)
	legal := func(m Move) bool {
		for _, x := range l.Slice() {
			if x == m {
				return true
			}
		}
		return false
	}
	if t == rules.PassText {
		if legal(Pass) {
			return Pass, nil
		}
		return Move{}, moveError(text, rules.ErrIllegal, "a seat may pass only when it has no legal move")
	}
	parts := strings.Split(t, "-")
	if len(parts) < 2 || len(parts) > NumHoles {
		return Move{}, moveError(text, rules.ErrNotation, `want "row.pos-row.pos" or "pass"`)
	}
	path := make([]Hole, len(parts))
	for i, s := range parts {
		h, ok := ParseHole(s)
		if !ok {
			return Move{}, moveError(text, rules.ErrNotation, strconv.Quote(s)+" is not a hole (row 1-17 . position)")
		}
		path[i] = h
	}
	from, to := path[0], path[len(path)-1]
	if seat, _, ok := p.At(from); !ok || seat != p.Side() {
		return Move{}, moveError(text, rules.ErrIllegal, "no piece of the side to move on "+from.String())
	}
	if from == to {
		return Move{}, moveError(text, rules.ErrIllegal, "a move cannot end where it started")
	}
	if len(path) > 2 {
		if why := p.checkChain(path); why != "" {
			return Move{}, moveError(text, rules.ErrIllegal, why)
		}
	}
	m := Move{from, to}
	if !legal(m) {
		if p.config().rules.Gift != GiftAllowed && p.reachable(m) {
			return Move{}, moveError(text, ErrGift, "the move would complete another seat's win")
		}
		return Move{}, moveError(text, rules.ErrIllegal, "not a step or a chain of jumps to an open empty hole")
	}
	return m, nil
}

// ParseRoute is ParseMove that also gives the route as written: for a full landing path
// (three holes or more) its canonical text ("3.1-5.1-5.3", the record of the route played,
// seed 004), else the move's text (Move.String). Errors are ParseMove's.
func (p Position) ParseRoute(text string) (Move, string, error) {
	m, err := p.ParseMove(text)
	if err != nil {
		return Move{}, "", err
	}
	parts := strings.Split(strings.TrimSpace(text), "-")
	if len(parts) <= 2 {
		return m, m.String(), nil
	}
	path := make([]Hole, len(parts))
	for i, s := range parts {
		path[i], _ = ParseHole(s) // ParseMove read every part
	}
	return m, PathText(path), nil
}

// checkChain explains why path (three holes or more) is not a legal chain of jumps for the
// side to move, or returns "".
func (p Position) checkChain(path []Hole) string {
	c := p.config()
	me := int(p.side)
	occ := p.all
	occ.del(path[0])
	kings := p.kingSet()
	isKing := p.king[me] == path[0]
	var landed holeSet
	for i := 1; i < len(path); i++ {
		ok := false
		for d := 0; d < 6; d++ {
			if hop(occ, kings, isKing, path[i-1], d) == path[i] {
				ok = true
				break
			}
		}
		if !ok {
			return path[i-1].String() + "-" + path[i].String() + " is not a jump"
		}
		if !c.allowed[me].has(path[i]) {
			return path[i].String() + " lies in a closed camp"
		}
		if landed.has(path[i]) {
			return "the chain lands on " + path[i].String() + " twice"
		}
		landed.add(path[i])
	}
	return ""
}

// reachable reports whether the side to move's piece on m.From reaches m.To by a step or a
// chain, before the gift rule.
func (p Position) reachable(m Move) bool {
	var l MoveList
	p.generate(&l, false)
	for _, x := range l.Slice() {
		if x == m {
			return true
		}
	}
	return false
}

// DecodeError is a position text that cannot be read; it wraps rules.ErrNotation.
type DecodeError struct {
	Text   string
	Detail string
}

func (e *DecodeError) Error() string {
	return rules.ErrNotation.Error() + ": star position " + strconv.Quote(e.Text) + ": " + e.Detail
}

func (e *DecodeError) Unwrap() error { return rules.ErrNotation }

// Encode writes p as text: the seat to move, each seat's holes (seat 0 first, lists
// separated by "/", holes by ",", in hole order, the king prefixed by "K"), the plies played
// and the passes in a row, separated by single spaces:
//
//	0 K1.1,2.1,2.2/K17.1,16.1,16.2 0 0
func (p Position) Encode() string {
	// appends to a byte slice: strings.Builder's inlined writes cost the browser module
	// about 4 KB of code here
	b := make([]byte, 0, 256)
	b = strconv.AppendInt(b, int64(p.side), 10)
	b = append(b, ' ')
	for s := 0; s < p.Seats(); s++ {
		if s > 0 {
			b = append(b, '/')
		}
		first := true
		for h := Hole(0); h < NumHoles; h++ {
			if !p.own[s].has(h) {
				continue
			}
			if !first {
				b = append(b, ',')
			}
			first = false
			if p.king[s] == h {
				b = append(b, 'K')
			}
			b = append(b, h.String()...)
		}
	}
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(p.plies), 10)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(p.passes), 10)
	return string(b)
}

// String is Encode.
func (p Position) String() string { return p.Encode() }

// Decode reads Encode's text for ruleset r with players seats and pieces a seat (0 for the
// defaults). Each seat has 1 to pieces pieces on distinct holes; kings ("K") only in diamond,
// at most one a seat; the plies at most the move limit and the passes at most the seats. A
// hand-built position may place pieces anywhere, closed camps included (they only limit
// landings). Errors wrap rules.ErrOptions for options r does not allow, else
// rules.ErrNotation (*DecodeError).
func (r *Rules) Decode(players, pieces int, text string) (Position, error) {
	p, ok := r.Start(players, pieces)
	if !ok {
		return Position{}, optionError(r, rules.Options{"players": players, "pieces": pieces})
	}
	bad := func(detail string) (Position, error) {
		return Position{}, &DecodeError{Text: text, Detail: detail}
	}
	c := p.config()
	f := strings.Fields(text)
	if len(f) != 4 {
		return bad("want 4 fields: side, pieces, plies, passes")
	}
	side, err := strconv.Atoi(f[0])
	if err != nil || side < 0 || side >= c.seats {
		return bad("side to move must be 0.." + strconv.Itoa(c.seats-1))
	}
	lists := strings.Split(f[1], "/")
	if len(lists) != c.seats {
		return bad("want " + strconv.Itoa(c.seats) + " piece lists separated by /")
	}
	p.own, p.all = [3]holeSet{}, holeSet{}
	p.king = [3]Hole{NoHole, NoHole, NoHole}
	for s, list := range lists {
		items := strings.Split(list, ",")
		if list == "" || len(items) > c.pieces {
			return bad("seat " + strconv.Itoa(s) + " needs 1 to " + strconv.Itoa(c.pieces) + " pieces")
		}
		for _, it := range items {
			king := strings.HasPrefix(it, "K")
			if king {
				it = it[1:]
			}
			h, ok := ParseHole(it)
			if !ok {
				return bad(strconv.Quote(it) + " is not a hole")
			}
			if p.all.has(h) {
				return bad("two pieces on " + h.String())
			}
			if king {
				if !r.King {
					return bad(r.ID + " has no kings")
				}
				if p.king[s] != NoHole {
					return bad("seat " + strconv.Itoa(s) + " has two kings")
				}
				p.king[s] = h
			}
			p.own[s].add(h)
			p.all.add(h)
		}
	}
	plies, err := strconv.Atoi(f[2])
	if err != nil || plies < 0 || plies > c.limit {
		return bad("plies must be 0.." + strconv.Itoa(c.limit))
	}
	passes, err := strconv.Atoi(f[3])
	if err != nil || passes < 0 || passes > c.seats {
		return bad("passes must be 0.." + strconv.Itoa(c.seats))
	}
	p.side, p.plies, p.passes = uint8(side), uint16(plies), uint8(passes)
	return p, nil
}
