// Package backgammonview is the session view of the backgammon family (seed 003): both seats'
// checkers on the 24 points, the bar and borne off, the pip counts, the opening roll, and
// every legal play with the checker steps of one way to play it (rules/backgammon
// Move.Steps), each step with the die it uses, for the page to draw and animate.
//
// Numbering. Each seat counts the points from its own side (rules/backgammon): it moves
// from its 24-point to its 1-point, and a seat's point p is the other seat's point 25-p. A
// move's steps are in the mover's numbering (the view's toMove, the history entry's seat),
// with 25 for the bar and 0 for off, as in gnubg's exported matches. A play's "text" (and the
// record, the wire) keeps gnubg's notation in the mover's numbering; its "seen" gives the
// same play as each seat reads it, so a page writes every play in the numbering of the board
// it shows (seed 003: point numbers are shown from the player's own side).
package view

import (
	"strconv"
	"strings"

	"madang/rules"
	bg "madang/rules/backgammon"
	"madang/site/wasm/session"
)

// Family is the backgammon family's session.Family. It has no draw offers (seed 003: a
// game ends only by bearing off or resigning).
type Family struct{}

var _ session.Family = Family{}

// Games implements session.Family.
func (Family) Games() []string { return []string{bg.ID} }

// HistoryFields implements session.Family: history entries carry the steps of each play,
// so the record can be replayed on the board, and its text as each seat reads it (seen).
func (Family) HistoryFields() []string { return []string{"steps", "seen"} }

// Moves implements session.Family. Each map is
//
//	{steps, hits, pips, seen, orders}
//
// steps is []any of {from, to, hit, die}: one checker moving by one die, in the order
// played, in the mover's numbering (from 25: entering from the bar; to 0: bearing off);
// hit is set when it sends an opposing blot to the bar; die is the die it uses (a checker
// borne off from below the die's point uses the larger die). hits counts the hits and pips
// the pips the play moves (a bear-off counts the point it leaves). seen is []any of two
// strings: the play's gnubg text in seat 0's numbering and in seat 1's (Seen). orders is
// []any of step lists like steps: every order of single steps that plays it (Orders), so a
// page taking the play one checker step at a time asks no rules of its own.
func (Family) Moves(st rules.State, ms []rules.Move) []map[string]any {
	out := make([]map[string]any, len(ms))
	bs, ok := st.(*bg.State)
	var dice rules.Dice
	var orders [][][]Order
	if ok {
		dice, _ = bs.Dice()
		plays := make([]bg.Move, 0, len(ms))
		for _, m := range ms {
			if bm, isBG := m.(bg.Move); isBG {
				plays = append(plays, bm)
			}
		}
		if len(plays) == len(ms) {
			orders = Orders(bs.Board(), bs.ToMove(), dice, plays)
		}
	}
	for i, m := range ms {
		out[i] = map[string]any{}
		bm, isBG := m.(bg.Move)
		if !ok || !isBG {
			continue
		}
		steps := bm.Steps()
		dies := stepDice(steps, dice)
		list := make([]any, len(steps))
		hits, pips := 0, 0
		for k, s := range steps {
			list[k] = map[string]any{"from": int(s.From), "to": int(s.To), "hit": s.Hit, "die": dies[k]}
			if s.Hit {
				hits++
			}
			pips += int(s.From - s.To)
		}
		out[i]["steps"] = list
		out[i]["hits"] = hits
		out[i]["pips"] = pips
		out[i]["seen"] = Seen(bm.String(), int(bs.ToMove()))
		if orders != nil {
			out[i]["orders"] = ordersAny(orders[i])
		}
	}
	return out
}

// Seen is a play's gnubg text, written in the numbering of seat mover (0 or 1), as each
// seat reads it: []any{seat 0's text, seat 1's text}. The mover's own is text itself; the
// other seat's is Renumber(text).
func Seen(text string, mover int) []any {
	if mover == 1 {
		return []any{Renumber(text), text}
	}
	return []any{text, Renumber(text)}
}

// Renumber writes gnubg move text ("24/18*/13 8/5(2)", "bar/22", "6/off") in the other
// seat's numbering: each point p of 1..24 becomes 25-p (rules/backgammon: a seat's point p
// is the other's 25-p); "bar", "off", the hit marks, the counts "(n)" and the order of the
// routes stay. Text that is not a play (empty, dice) comes back unchanged but for its
// numbers 1..24 outside parentheses.
func Renumber(text string) string {
	var sb strings.Builder
	for i := 0; i < len(text); {
		c := text[i]
		if c < '0' || c > '9' {
			sb.WriteByte(c)
			i++
			continue
		}
		j := i
		for j < len(text) && text[j] >= '0' && text[j] <= '9' {
			j++
		}
		num := text[i:j]
		if n, err := strconv.Atoi(num); err == nil && n >= 1 && n <= 24 && (i == 0 || text[i-1] != '(') {
			num = strconv.Itoa(25 - n)
		}
		sb.WriteString(num)
		i = j
	}
	return sb.String()
}

// stepDice gives the die each step uses: a step moving exactly a die's pips uses that die;
// the others (bearing off from below the die's point) each take the smallest die left that
// is larger than their distance. Steps of a legal play always find one.
func stepDice(steps []bg.Step, d rules.Dice) []int {
	left := []int{int(d[0]), int(d[1])}
	if d.Double() {
		left = append(left, int(d[0]), int(d[0]))
	}
	use := func(i int) int {
		v := left[i]
		left = append(left[:i], left[i+1:]...)
		return v
	}
	out := make([]int, len(steps))
	for k, s := range steps {
		for i, v := range left {
			if v == int(s.From-s.To) {
				out[k] = use(i)
				break
			}
		}
	}
	for k, s := range steps {
		if out[k] != 0 {
			continue
		}
		best := -1
		for i, v := range left {
			if v > int(s.From-s.To) && (best < 0 || v < left[best]) {
				best = i
			}
		}
		if best >= 0 {
			out[k] = use(best)
		}
	}
	return out
}

// Position implements session.Family, adding
//
//	points        []any of 25 ints: index 1..24 the points in seat 0's numbering (seat 1's
//	              point 25-p), the count of seat 0's checkers there, negative for seat 1's;
//	              index 0 unused. A page seen from seat 1 reads its point p at index 25-p.
//	rows          []any of two []any of 26 ints: each seat's checkers in its own numbering,
//	              index 0 borne off, 1..24 the points, 25 the bar
//	bar, off      []any of two ints: each seat's checkers on the bar and borne off
//	pips          []any of two ints: each seat's pip count (seed 003)
//	openingRolls  []any of [die0, die1]: the opening rolls so far (seat 0's die, seat 1's
//	              die; a tie rolls again); the higher die's seat moved first with both
//	noPlay        the last roll had no legal play, so the turn passed to the other seat
//	turnDice      []any of the dice the turn plays, each die once: the two dice, or four
//	              of a double (seed 003); [] when no roll waits to be played
func (Family) Position(st rules.State, _ []map[string]any, v map[string]any) {
	bs, ok := st.(*bg.State)
	if !ok {
		return
	}
	b := bs.Board()
	points := make([]any, 25)
	points[0] = 0
	for p := 1; p <= 24; p++ {
		points[p] = int(b[0][p]) - int(b[1][25-p])
	}
	rows := make([]any, 2)
	for s := range 2 {
		row := make([]any, 26)
		for p := range 26 {
			row[p] = int(b[s][p])
		}
		rows[s] = row
	}
	pips := b.Pips()
	v["points"] = points
	v["rows"] = rows
	v["bar"] = []any{int(b[0][bg.Bar]), int(b[1][bg.Bar])}
	v["off"] = []any{int(b[0][bg.Off]), int(b[1][bg.Off])}
	v["pips"] = []any{pips[0], pips[1]}

	opening := []any{}
	noPlay := false
	hist, _ := v["history"].([]any)
	for i, h := range hist {
		e, _ := h.(map[string]any)
		if e["opening"] == true {
			if d, err := rules.ParseDice(e["text"].(string)); err == nil {
				opening = append(opening, []any{int(d[0]), int(d[1])})
			}
		}
		if i == len(hist)-1 {
			noPlay = e["roll"] == true && e["opening"] != true && st.Phase() == rules.PhaseRoll
		}
	}
	v["openingRolls"] = opening
	v["noPlay"] = noPlay
	turn := []any{}
	if d, ok := bs.Dice(); ok {
		turn = append(turn, int(d[0]), int(d[1]))
		if d.Double() {
			turn = append(turn, int(d[0]), int(d[0]))
		}
	}
	v["turnDice"] = turn
}
