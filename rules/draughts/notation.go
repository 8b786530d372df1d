package draughts

import (
	"math/bits"
	"strings"

	"madang/rules"
)

// Path is the landing squares of m after its start square, in order: for a plain move just
// the end square; for a capture every square the piece lands on, the last being m's end.
// Of several paths with the same (from, to, captured) it returns the canonical one: the
// first in the search order (directions up-left, up-right, down-left, down-right in the
// diagram, nearer landings first), so the same move always gets the same text.
func (p Position) Path(m Move) []Square {
	r := rulesFor(p.variant)
	if m.n == 0 {
		return []Square{r.sqOf[m.to&63]}
	}
	var out []Square
	p.walkPaths(m, func(path []uint8) bool {
		out = make([]Square, len(path))
		for i, b := range path {
			out[i] = r.sqOf[b]
		}
		return false
	})
	return out
}

// walkPaths calls fn with every landing path (layout bits) of capture m until fn returns
// false.
func (p Position) walkPaths(m Move, fn func(path []uint8) bool) {
	r := rulesFor(p.variant)
	me := p.side & 1
	empty := p.Empty() | 1<<m.from
	king := m.flags&flagKing != 0
	var path [64]uint8
	var walk func(sq int, taken uint64, n int) bool
	walk = func(sq int, taken uint64, n int) bool {
		if taken == m.captured {
			if sq == int(m.to) {
				return fn(path[:n])
			}
			return true
		}
		if !king && n > 0 && r.PromotionEndsMove && r.promo[me]>>uint(sq)&1 != 0 {
			return true
		}
		dirs := r.dirs[:]
		if !king {
			dirs = r.captureD[me]
		}
		for _, d := range dirs {
			v := sq + d
			if king && r.FlyingKings {
				for uint(v) < 64 && empty>>uint(v)&1 != 0 {
					v += d
				}
			}
			if uint(v) >= 64 || (m.captured&^taken)>>uint(v)&1 == 0 {
				continue
			}
			t := v + d
			for uint(t) < 64 && empty>>uint(t)&1 != 0 {
				path[n] = uint8(t)
				if !walk(t, taken|1<<uint(v), n+1) {
					return false
				}
				if !(king && r.FlyingKings) {
					break
				}
				t += d
			}
		}
		return true
	}
	walk(int(m.from), 0, 0)
}

// MoveText is m's canonical PDN text: "11-15" for a plain move, every landing square for a
// capture ("15x24x31"; a ring back to the start square reads "2x13x24x..x2").
func (p Position) MoveText(m Move) string {
	return p.text(m, func(sq Square) string { return itoa(int(sq)) })
}

// AlgebraicText is m's text with algebraic square names seen from seat 0 (seed 001 "칸의
// 이름"): "c3-d4", captures with every landing square "c3xe5xg7".
func (p Position) AlgebraicText(m Move) string {
	r := rulesFor(p.variant)
	return p.text(m, r.Name)
}

func (p Position) text(m Move, name func(Square) string) string {
	r := rulesFor(p.variant)
	var b strings.Builder
	b.WriteString(name(r.sqOf[m.from&63]))
	sep := "-"
	if m.n != 0 {
		sep = "x"
	}
	for _, sq := range p.Path(m) {
		b.WriteString(sep)
		b.WriteString(name(sq))
	}
	return b.String()
}

// ParseMove matches move text against the legal moves of p. Accepted: PDN numeric
// squares ("11-15", "15x24", "15x24x31"; the separator does not matter, records write
// "10x14" for a plain step) and algebraic names seen from seat 0 ("c3-d4", "c3xe5", also
// with "×" or ':'); spaces around the text are ignored, spaces inside are not. With only a start and an end square the text resolves to the unique
// legal move with that start and end; with landing squares in between they must be a
// landing path of the move. Errors are *rules.MoveError wrapping rules.ErrNotation
// (unreadable text), rules.ErrIllegal (no legal move matches) or rules.ErrAmbiguous (its
// Candidates are the canonical texts of the matching moves).
func (p Position) ParseMove(text string) (Move, error) {
	r := rulesFor(p.variant)
	sqs, detail := r.parseSquares(text)
	if detail != "" {
		return Move{}, &rules.MoveError{Text: text, Err: rules.ErrNotation, Detail: detail}
	}
	var l MoveList
	p.Generate(&l)
	from, to := r.bitOf[sqs[0]], r.bitOf[sqs[len(sqs)-1]]
	var found []Move
	for _, m := range l.Slice() {
		if int8(m.from) != from || int8(m.to) != to {
			continue
		}
		if len(sqs) > 2 && !p.hasPath(m, sqs[1:]) {
			continue
		}
		found = append(found, m)
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		detail := "no legal move from " + itoa(int(sqs[0])) + " to " + itoa(int(sqs[len(sqs)-1]))
		if len(sqs) > 2 {
			detail += " along these landing squares"
		}
		if l.N == 0 {
			detail = "the side to move has no legal move"
		}
		return Move{}, &rules.MoveError{Text: text, Err: rules.ErrIllegal, Detail: detail}
	}
	cands := make([]string, len(found))
	for i, m := range found {
		cands[i] = p.MoveText(m)
	}
	// (sorted by insertion: a few texts; slices.Sort would link a generic sort of strings
	// into the WebAssembly module)
	for i := 1; i < len(cands); i++ {
		for j := i; j > 0 && cands[j] < cands[j-1]; j-- {
			cands[j], cands[j-1] = cands[j-1], cands[j]
		}
	}
	return Move{}, &rules.MoveError{Text: text, Err: rules.ErrAmbiguous,
		Detail:     "several legal moves go from " + itoa(int(sqs[0])) + " to " + itoa(int(sqs[len(sqs)-1])) + "; give the landing squares",
		Candidates: cands}
}

// hasPath reports whether m can be played along the landing squares want.
func (p Position) hasPath(m Move, want []Square) bool {
	if m.n == 0 {
		return false // a plain move has no intermediate landings
	}
	r := rulesFor(p.variant)
	ok := false
	p.walkPaths(m, func(path []uint8) bool {
		if len(path) != len(want) {
			return true
		}
		for i, b := range path {
			if r.sqOf[b] != want[i] {
				return true
			}
		}
		ok = true
		return false
	})
	return ok
}

// parseSquares splits move text into squares; detail is non-empty when it cannot.
func (r *Rules) parseSquares(text string) ([]Square, string) {
	s := strings.ReplaceAll(strings.TrimSpace(text), "×", "x")
	if s == "" {
		return nil, "empty move text"
	}
	var out []Square
	for len(s) > 0 {
		if len(out) > 0 {
			switch s[0] {
			case '-', 'x', 'X', ':':
				s = s[1:]
			default:
				return nil, "expected '-' or 'x' between squares"
			}
		}
		i := 0
		for i < len(s) && s[i] != '-' && s[i] != 'x' && s[i] != 'X' && s[i] != ':' {
			i++
		}
		tok := s[:i]
		s = s[i:]
		if tok == "" {
			return nil, "missing square"
		}
		var sq Square
		if c := tok[0]; c >= 'a' && c <= 'z' {
			rank, ok := r.squareNumberAny(tok[1:])
			if !ok {
				return nil, "bad square name " + tok
			}
			sq = r.FromAlgebraic(int(c-'a'), rank-1)
			if sq == 0 {
				return nil, "no playable square " + tok
			}
		} else {
			v, ok := r.squareNumber(tok)
			if !ok {
				return nil, "bad square " + tok + " (1-" + itoa(r.n) + ")"
			}
			sq = v
		}
		out = append(out, sq)
		if len(out) > 64 {
			return nil, "too many squares"
		}
	}
	if len(out) < 2 {
		return nil, "a move needs a start and an end square"
	}
	return out, ""
}

// squareNumberAny reads a small positive decimal (a rank in an algebraic name).
func (r *Rules) squareNumberAny(s string) (int, bool) {
	if s == "" || len(s) > 2 {
		return 0, false
	}
	v := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		v = v*10 + int(s[i]-'0')
	}
	return v, v >= 1 && v <= r.Size
}

// Paths lists every landing path of m (see Path), the canonical one first: a move that two
// capture paths share (a ring, a king choosing where to land before a piece further on)
// can be entered along any of them.
func (p Position) Paths(m Move) [][]Square {
	r := rulesFor(p.variant)
	if m.n == 0 {
		return [][]Square{{r.sqOf[m.to&63]}}
	}
	var out [][]Square
	p.walkPaths(m, func(path []uint8) bool {
		sqs := make([]Square, len(path))
		for i, b := range path {
			sqs[i] = r.sqOf[b]
		}
		out = append(out, sqs)
		return len(out) < 64
	})
	return out
}

// CapturedSquares lists the squares of the pieces m captures, in ascending order.
func (p Position) CapturedSquares(m Move) []Square {
	r := rulesFor(p.variant)
	var out []Square
	for c := m.captured; c != 0; c &= c - 1 {
		out = append(out, r.sqOf[bits.TrailingZeros64(c)])
	}
	return out
}
