package backgammon

import "madang/rules"

// Step is one checker moving by one die, in the mover's numbering: From Bar enters, To Off
// bears off. Hit is set when the step sends an opposing blot to the bar.
type Step struct {
	From, To Point
	Hit      bool
}

// Move is one legal play: a whole turn. Moves are comparable values; the legal plays of a
// position are one Move per distinct resulting position, as gnubg counts them, and two
// plays reaching the same position are the same play. A Move keeps the checker steps of one
// way to reach that position (Steps) for display; its identity is the resulting position
// (Key), and State.Play accepts any Move of the state with that Key.
type Move struct {
	steps [4]Step
	n     int8
	dice  int8   // the sum of the dice used: the pips the play moves, counting a bear-off by its die
	blots uint32 // bit p: the opponent had a checker on point p (mover's numbering) before the play
	key   Key    // the position after the play, from the mover's view (see Key)
}

// Steps returns the checker steps of the play in the order they are played.
func (m Move) Steps() []Step { return append([]Step(nil), m.steps[:m.n]...) }

// Len is the number of dice the play uses (0..4).
func (m Move) Len() int { return int(m.n) }

// Key is the position the play leads to, from the mover's view: the Position ID bits of
// the board after the play with the mover still counted as the player on roll.
func (m Move) Key() Key { return m.key }

// Plays lists the legal plays of seat s with dice d on b, one per distinct resulting
// position, sorted by their steps (higher starting points first). The rules (seed 003,
// "주사위는 최대한 써야 합니다"): a play uses as many dice as any order allows (four for a
// double); when only one die of a non-double can be used, the larger one if either could
// be; checkers on the bar enter before any other checker moves; a point with two or more
// opposing checkers is closed; landing on a single opposing checker hits it; bearing off
// needs every remaining checker on the home board, checked before each step, and a die
// higher than the point bears off only when no checker stands on a higher point; once the
// fifteenth checker is off nothing more is played. Empty when no die can be played.
// Dice outside 1..6 give no plays.
func Plays(b *Board, s rules.Seat, d rules.Dice) []Move {
	if s != 0 && s != 1 || d[0] < 1 || d[0] > 6 || d[1] < 1 || d[1] > 6 {
		return nil
	}
	g := gen{me: b[s], op: b[1-s]}
	for p := 1; p <= 24; p++ {
		if g.op[25-p] > 0 {
			g.blots |= 1 << p
		}
	}
	if d[0] == d[1] {
		g.dice = [4]int8{d[0], d[0], d[0], d[0]}
		g.nd, g.double = 4, true
		g.search(0, Bar)
	} else {
		// The higher die first, so the route kept for each position (and so the order of
		// the plays) does not depend on the order the dice are given in.
		d = rules.Dice{max(d[0], d[1]), min(d[0], d[1])}
		g.dice = [4]int8{d[0], d[1]}
		g.nd = 2
		g.search(0, Bar)
		g.dice = [4]int8{d[1], d[0]}
		g.search(0, Bar)
	}
	sortMoves(g.out)
	return g.out
}

// gen is the depth-first search over single steps behind Plays.
type gen struct {
	me, op  Row
	dice    [4]int8
	nd      int
	double  bool
	cur     [4]Step
	blots   uint32
	bestN   int8
	bestPip int8
	out     []Move
}

// canStep reports whether the mover may move a checker from p by die d, and where to.
func (g *gen) canStep(p, d int8) (to int8, ok bool) { return canStep(&g.me, &g.op, p, d) }

// canStep reports whether the mover (me, against op) may move a checker from p by die d as
// one step of a play, and where to (see CanStep).
func canStep(me, op *Row, p, d int8) (to int8, ok bool) {
	if me[p] == 0 {
		return 0, false
	}
	if me[Bar] > 0 && p != Bar {
		return 0, false
	}
	to = p - d
	if to >= 1 {
		return to, op[25-to] < 2
	}
	// Bearing off: every checker home, and an exact die or none higher.
	if !me.homeOnly() {
		return 0, false
	}
	if to == 0 {
		return Off, true
	}
	for q := p + 1; q <= 6; q++ {
		if me[q] > 0 {
			return 0, false
		}
	}
	return Off, true
}

// CanStep is the single step of seat s moving one checker from point from (Bar: entering)
// by die on b, if the rules let that step be taken now, as Plays takes each step of a play
// (seed 003): the bar enters before any other checker moves; a point with two or more
// opposing checkers is closed and a single one is hit (Hit); bearing off (To Off) needs every
// checker on the home board, and a die higher than the point bears off only the farthest
// checker. ok is false for a step the rules refuse, a seat other than 0 and 1, from outside
// 1..Bar or a die outside 1..6. Whether the play it begins uses the dice as the rules demand
// is Plays' answer, not CanStep's.
func (b *Board) CanStep(s rules.Seat, from Point, die int8) (Step, bool) {
	if s != 0 && s != 1 || from < 1 || from > Bar || die < 1 || die > 6 {
		return Step{}, false
	}
	me, op := &b[s], &b[1-s]
	to, ok := canStep(me, op, from, die)
	if !ok {
		return Step{}, false
	}
	return Step{From: from, To: to, Hit: to != Off && op[25-to] == 1}, true
}

// Take returns the board after seat s takes step st, a step CanStep allowed on b (the board
// is not checked against it): the checker moves, a hit blot goes to the bar.
func (b Board) Take(s rules.Seat, st Step) Board {
	b[s][st.From]--
	b[s][st.To]++
	if st.Hit {
		b[1-s][25-st.To]--
		b[1-s][Bar]++
	}
	return b
}

// search tries every step with die number k from points at or below top (doubles keep the
// starting points non-increasing, which reaches every position once).
func (g *gen) search(k int, top int8) {
	if k == g.nd || g.me[Off] == Checkers {
		g.record(k)
		return
	}
	d := g.dice[k]
	moved := false
	start := Bar
	if g.double {
		start = top
	}
	for p := start; p >= 1; p-- {
		to, ok := g.canStep(p, d)
		if !ok {
			continue
		}
		moved = true
		hit := to != Off && g.op[25-to] == 1
		g.me[p]--
		g.me[to]++
		if hit {
			g.op[25-to]--
			g.op[Bar]++
		}
		g.cur[k] = Step{From: p, To: to, Hit: hit}
		g.search(k+1, p)
		if hit {
			g.op[Bar]--
			g.op[25-to]++
		}
		g.me[to]--
		g.me[p]++
	}
	if !moved {
		g.record(k)
	}
}

// record keeps the current play when it uses as many dice (and pips of dice) as the best
// so far, dropping the kept ones when it uses more.
func (g *gen) record(n int) {
	if n == 0 {
		return
	}
	pips := int8(0)
	for i := 0; i < n; i++ {
		pips += g.dice[i]
	}
	if int8(n) < g.bestN || int8(n) == g.bestN && pips < g.bestPip {
		return
	}
	if int8(n) > g.bestN || pips > g.bestPip {
		g.out = g.out[:0]
		g.bestN, g.bestPip = int8(n), pips
	}
	key := keyOf(&g.op, &g.me)
	for i := range g.out {
		if g.out[i].key == key {
			return
		}
	}
	m := Move{n: int8(n), dice: pips, blots: g.blots, key: key}
	copy(m.steps[:], g.cur[:n])
	g.out = append(g.out, m)
}

// sortMoves orders plays by their steps sorted from the highest starting point down.
func sortMoves(ms []Move) {
	for i := 1; i < len(ms); i++ {
		for j := i; j > 0 && lessMove(&ms[j], &ms[j-1]); j-- {
			ms[j], ms[j-1] = ms[j-1], ms[j]
		}
	}
}

func lessMove(a, b *Move) bool {
	sa, sb := sortedSteps(a), sortedSteps(b)
	for i := 0; i < 4; i++ {
		if sa[i].From != sb[i].From {
			return sa[i].From > sb[i].From
		}
		if sa[i].To != sb[i].To {
			return sa[i].To > sb[i].To
		}
	}
	return false
}

// sortedSteps is the play's steps by starting point then landing point, highest first;
// unused entries come last as {-1,-1}.
func sortedSteps(m *Move) [4]Step {
	var s [4]Step
	for i := range s {
		s[i] = Step{From: -1, To: -1}
	}
	copy(s[:], m.steps[:m.n])
	for i := 1; i < 4; i++ {
		for j := i; j > 0 && (s[j].From > s[j-1].From || s[j].From == s[j-1].From && s[j].To > s[j-1].To); j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
	return s
}

// apply plays m's steps for seat s on b (no legality check; m must be a play of b).
func apply(b *Board, s rules.Seat, m *Move) {
	me, op := &b[s], &b[1-s]
	for _, st := range m.steps[:m.n] {
		me[st.From]--
		me[st.To]++
		if st.Hit {
			op[25-st.To]--
			op[Bar]++
		}
	}
}

// After returns the board after seat s plays m, a play of Plays(b, s, dice) (the board is
// not checked against it).
func (b Board) After(s rules.Seat, m Move) Board {
	apply(&b, s, &m)
	return b
}
