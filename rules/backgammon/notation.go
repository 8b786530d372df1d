package backgammon

import (
	"strconv"
	"strings"

	"madang/rules"
)

// notationError is a bad piece of text; it wraps rules.ErrNotation.
type notationError struct{ msg string }

func (e notationError) Error() string { return rules.ErrNotation.Error() + ": " + e.msg }
func (e notationError) Unwrap() error { return rules.ErrNotation }

func notation(msg string) error { return notationError{msg} }

// String is the play in gnubg notation, as gnubg's FormatMove writes it: the steps ordered
// by starting point (bar first) and landing point, highest first; the steps of one checker
// joined ("24/13"), keeping a middle point where an opposing checker stood ("24/18*/13");
// "*" after the first landing on each point that held an opposing checker; identical
// moves counted ("13/7(2)"); "bar" and "off" for points 25 and 0. An empty play is "".
func (m Move) String() string {
	if m.n == 0 {
		return ""
	}
	// paths[i] is one checker's route: its points from start to end.
	var paths [4][5]int8
	var plen [4]int
	s := sortedSteps(&m)
	np := 0
	for _, st := range s[:m.n] {
		paths[np][0], paths[np][1] = st.From, st.To
		plen[np] = 2
		np++
	}
	live := [4]bool{true, true, true, true}
	for i := 0; i < np; i++ {
		for j := i + 1; j < np; j++ {
			if !live[i] || !live[j] {
				continue
			}
			last := paths[i][plen[i]-1]
			if last != paths[j][0] || last == Off {
				continue
			}
			if m.blots&(1<<last) != 0 {
				paths[i][plen[i]] = paths[j][1]
				plen[i]++
			} else {
				paths[i][plen[i]-1] = paths[j][1]
			}
			live[j] = false
		}
	}
	var count [4]int
	for i := 0; i < np; i++ {
		if !live[i] {
			continue
		}
		count[i] = 1
		for j := i + 1; j < np; j++ {
			if live[j] && plen[j] == plen[i] && paths[j] == paths[i] {
				count[i]++
				live[j] = false
			}
		}
	}
	var sb strings.Builder
	var marked uint32
	for i := 0; i < np; i++ {
		if !live[i] {
			continue
		}
		if sb.Len() > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(pointText(paths[i][0]))
		for k := 1; k < plen[i]; k++ {
			p := paths[i][k]
			sb.WriteByte('/')
			sb.WriteString(pointText(p))
			if p != Off && m.blots&(1<<p) != 0 && marked&(1<<p) == 0 {
				sb.WriteByte('*')
				marked |= 1 << p
			}
		}
		if count[i] > 1 {
			sb.WriteByte('(')
			sb.WriteString(strconv.Itoa(count[i]))
			sb.WriteByte(')')
		}
	}
	return sb.String()
}

func pointText(p int8) string {
	switch p {
	case Bar:
		return "bar"
	case Off:
		return "off"
	}
	return strconv.Itoa(int(p))
}

// segment is one checker route of move text: its points in order, the hit marks on them
// and how many checkers take it.
type segment struct {
	pts   [26]int8
	hit   [26]bool
	n     int
	count int
}

// parseText reads gnubg-style move text into routes. It accepts "bar" or 25 as the bar,
// "off" or 0 for borne off, "*" after a point, "(n)" repeats, routes joined by "/" and
// separated by spaces or commas, and the forms of exported matches ("25/21", "6/0", "/off").
func parseText(text string) ([]segment, error) {
	var segs []segment
	fields := strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' })
	if len(fields) == 0 {
		return nil, notation("empty move")
	}
	for _, f := range fields {
		seg := segment{count: 1}
		body := f
		if i := strings.IndexByte(body, '('); i >= 0 {
			if !strings.HasSuffix(body, ")") {
				return nil, notation("unclosed repeat in " + strconv.Quote(f))
			}
			c, err := strconv.Atoi(body[i+1 : len(body)-1])
			if err != nil || c < 1 || c > 4 {
				return nil, notation("bad repeat in " + strconv.Quote(f))
			}
			seg.count = c
			body = body[:i]
		}
		parts := strings.Split(body, "/")
		if len(parts) < 2 || len(parts) > 5 {
			return nil, notation(strconv.Quote(f) + " is not a route like 24/18")
		}
		for _, part := range parts {
			hit := false
			for strings.HasSuffix(part, "*") {
				hit = true
				part = part[:len(part)-1]
			}
			var p int8
			switch strings.ToLower(part) {
			case "bar", "b":
				p = Bar
			case "off", "o":
				p = Off
			default:
				v, err := strconv.Atoi(part)
				if err != nil || v < 0 || v > 25 {
					return nil, notation("bad point " + strconv.Quote(part) + " in " + strconv.Quote(f))
				}
				p = int8(v)
			}
			if seg.n > 0 && p >= seg.pts[seg.n-1] {
				return nil, notation(strconv.Quote(f) + " does not move towards the 1-point")
			}
			if hit && (p == Off || p == Bar) {
				return nil, notation("a hit mark on bar or off in " + strconv.Quote(f))
			}
			seg.pts[seg.n] = p
			seg.hit[seg.n] = hit
			seg.n++
		}
		segs = append(segs, seg)
	}
	return segs, nil
}

// match finds the plays of moves that text describes: the plays with the same net
// movement of the mover's checkers whose hits include every point the text marks with "*"
// or names as a landing point while an opposing blot stands there, and that hit only on
// points the text passes over. Among several, those with the fewest hits. before is the
// mover's view of the board before the play (its row, the opponent's row).
func match(me, op *Row, moves []Move, text string) ([]Move, error) {
	segs, err := parseText(text)
	if err != nil {
		return nil, err
	}
	var delta [26]int
	var must, may uint32 // points (mover's numbering) that must or may be hit
	total := 0
	for _, sg := range segs {
		delta[sg.pts[0]] -= sg.count
		delta[sg.pts[sg.n-1]] += sg.count
		for k := 1; k < sg.n; k++ {
			p := sg.pts[k]
			if p == Off {
				continue
			}
			if sg.hit[k] || op[25-p] > 0 {
				must |= 1 << p
			}
			// Every point between two named points may have been touched.
			for q := sg.pts[k-1] - 1; q >= p && q >= 1; q-- {
				may |= 1 << q
			}
		}
		total += sg.count
	}
	if total > 4 {
		return nil, notation("more than four checker moves in " + strconv.Quote(text))
	}
	var found []Move
	best := 99
	for _, m := range moves {
		var d [26]int
		var hits uint32
		for _, st := range m.steps[:m.n] {
			d[st.From]--
			d[st.To]++
			if st.Hit {
				hits |= 1 << st.To
			}
		}
		if d != delta || hits&must != must || hits&^may != 0 {
			continue
		}
		h := 0
		for x := hits; x != 0; x &= x - 1 {
			h++
		}
		if h < best {
			best, found = h, found[:0]
		}
		if h == best {
			found = append(found, m)
		}
	}
	return found, nil
}
