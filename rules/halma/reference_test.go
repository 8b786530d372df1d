package halma

import (
	"math/rand/v2"
	"slices"
	"testing"

	"madang/rules"
)

// refMoves is an independent, slow move generator written from the seeds' text with
// axial coordinates and recursion over landing paths (no tables, no breadth-first
// closure), used to check Generate: it returns every (from, to) with one landing path,
// the path as text.
func refMoves(p Position) map[Move]string {
	c := p.config()
	r := c.rules
	me := int(p.side)
	type qr struct{ q, r int }
	coord := func(h Hole) qr { return qr{int(geo.q[h]), int(geo.r[h])} }
	at := func(x qr) Hole { return holeAt(x.q, x.r) }
	seatCamp := r.SeatCamps[me]
	open := func(h Hole) bool { // seed 000: other colours' camps closed but for the border
		if !r.ClosedCamps {
			return true
		}
		k := campOf(int(geo.q[h]), int(geo.r[h]))
		return k < 0 || k == seatCamp || k == (seatCamp+3)%6
	}
	isKingAt := func(h Hole) bool {
		for s := 0; s < c.seats; s++ {
			if p.king[s] == h {
				return true
			}
		}
		return false
	}
	out := map[Move]string{}
	for _, from := range p.own[me].holes() {
		occupied := func(h Hole) bool { return h != from && p.all.has(h) }
		king := p.king[me] == from
		f := coord(from)
		for d := 0; d < 6; d++ {
			to := at(qr{f.q + dirQ[d], f.r + dirR[d]})
			if to != NoHole && !occupied(to) && open(to) {
				out[Move{from, to}] = from.String() + "-" + to.String()
			}
		}
		var walk func(h Hole, path string, landed []Hole)
		walk = func(h Hole, path string, landed []Hole) {
			x := coord(h)
			for d := 0; d < 6; d++ {
				run := 0
				var land Hole = NoHole
				for k := 1; ; k++ {
					y := at(qr{x.q + k*dirQ[d], x.r + k*dirR[d]})
					if y == NoHole {
						break
					}
					if occupied(y) {
						if isKingAt(y) {
							run = -1
							break
						}
						run++
						continue
					}
					land = y
					break
				}
				if run < 1 || land == NoHole || (!king && run != 1) {
					continue
				}
				if !open(land) || slices.Contains(landed, land) {
					continue
				}
				np := path + "-" + land.String()
				if land != from {
					m := Move{from, land}
					if _, ok := out[m]; !ok {
						out[m] = np
					}
				}
				walk(land, np, append(slices.Clone(landed), land))
			}
		}
		walk(from, from.String(), nil)
	}
	// The gift rules, by counting.
	for m := range out {
		q := p
		q.own[me].del(m.From)
		q.own[me].add(m.To)
		q.all.del(m.From)
		q.all.add(m.To)
		if q.king[me] == m.From {
			q.king[me] = m.To
		}
		gift := false
		for o := 0; o < c.seats; o++ {
			if o != me && refWins(q, o) {
				gift = true
			}
		}
		switch {
		case r.Gift == GiftNever && gift, r.Gift == GiftUnlessOwnWin && gift && !refWins(q, me):
			delete(out, m)
		}
	}
	if len(out) == 0 {
		out[Pass] = "pass"
	}
	return out
}

// refWins is the win condition of seat o in q by counting holes.
func refWins(q Position, o int) bool {
	c := q.config()
	k := (c.rules.SeatCamps[o] + 3) % 6
	holes := CampHoles(k, c.pieces)
	full, own := 0, 0
	for _, h := range holes {
		if s, _, ok := q.At(h); ok {
			full++
			if int(s) == o {
				own++
			}
		}
	}
	switch c.rules.Win {
	case WinAllOwn:
		return own == len(holes)
	case WinFullWithOwn:
		return full == len(holes) && own > 0
	}
	return full == len(holes) && q.king[o] == Apex(k)
}

// randomPlayouts plays n games of random moves from the start of every config, calling fn
// on each position before its move; it returns the final positions.
func randomPlayouts(t *testing.T, n, maxPlies int, fn func(p Position, l *MoveList)) []Position {
	rng := rand.New(rand.NewPCG(1, 2))
	var ends []Position
	for _, c := range perftCases {
		for g := 0; g < n; g++ {
			p, _ := c.r.Start(c.players, c.pieces)
			var l MoveList
			for ply := 0; ply < maxPlies && !p.Outcome().Over(); ply++ {
				p.Generate(&l)
				fn(p, &l)
				p = p.Apply(l.Moves[rng.IntN(l.N)])
			}
			ends = append(ends, p)
		}
	}
	return ends
}

// Generate and the hop-by-hop reference reach the same (from, to) set, and every landing
// path the reference found is accepted by ParseMove as that move (OpenSpiel #1460: the
// page's hop-by-hop input and Moves() must agree).
func TestGenerateMatchesReference(t *testing.T) {
	games := 3
	if testing.Short() {
		games = 1
	}
	checked := 0
	_ = randomPlayouts(t, games, 120, func(p Position, l *MoveList) {
		ref := refMoves(p)
		got := map[Move]bool{}
		for _, m := range l.Slice() {
			if got[m] {
				t.Fatalf("%s: %v listed twice", p.Encode(), m)
			}
			got[m] = true
			if _, ok := ref[m]; !ok {
				t.Fatalf("%s: Generate gives %v, the reference does not", p.Encode(), m)
			}
		}
		for m, path := range ref {
			if !got[m] {
				t.Fatalf("%s: the reference gives %v (%s), Generate does not", p.Encode(), m, path)
			}
			pm, err := p.ParseMove(path)
			if err != nil || pm != m {
				t.Fatalf("%s: path %s read as %v, %v; want %v", p.Encode(), path, pm, err, m)
			}
			if m != Pass {
				sp := p.Path(m)
				if len(sp) < 2 || sp[0] != m.From || sp[len(sp)-1] != m.To {
					t.Fatalf("%s: Path(%v) = %v", p.Encode(), m, sp)
				}
				if pm, err := p.ParseMove(PathText(sp)); err != nil || pm != m {
					t.Fatalf("%s: Path(%v) = %s read as %v, %v", p.Encode(), m, PathText(sp), pm, err)
				}
			}
			checked++
		}
	})
	t.Logf("%d moves checked", checked)
}

// Random playouts keep the invariants: piece counts, the piece sets and occupancy agree
// (ChineseCheckersAgent #12), no landing in a closed camp, from != to, pass only alone,
// the outcome consistent with the win tests, and Encode/Decode round trips.
func TestPlayoutInvariants(t *testing.T) {
	games := 10
	if testing.Short() {
		games = 3
	}
	ends := randomPlayouts(t, games, 2000, func(p Position, l *MoveList) {
		c := p.config()
		if why := p.check(); why != "" {
			t.Fatalf("%s: %s", p.Encode(), why)
		}
		for s := 0; s < c.seats; s++ {
			if n := p.own[s].count(); n != c.pieces {
				t.Fatalf("%s: seat %d has %d pieces", p.Encode(), s, n)
			}
			if c.rules.King && p.king[s] == NoHole {
				t.Fatalf("%s: seat %d lost its king", p.Encode(), s)
			}
			if c.rules.ClosedCamps && !p.own[s].andNot(c.allowed[s]).empty() {
				t.Fatalf("%s: seat %d stands in a closed camp", p.Encode(), s)
			}
		}
		q, err := p.Rules().Decode(c.seats, c.pieces, p.Encode())
		if err != nil || q != p {
			t.Fatalf("%s: round trip %v %v", p.Encode(), q.Encode(), err)
		}
		for _, m := range l.Slice() {
			if m == Pass && l.N != 1 {
				t.Fatalf("%s: pass among other moves", p.Encode())
			}
			if m.From == m.To && m != Pass {
				t.Fatalf("%s: %v ends on its start", p.Encode(), m)
			}
			n := p.Apply(m)
			o := n.Outcome()
			if o.Status == rules.Win && (o.Winner != p.Side() || !n.Wins(o.Winner)) {
				t.Fatalf("%s: %v gives %+v", p.Encode(), m, o)
			}
			for s := 0; s < c.seats; s++ {
				if rules.Seat(s) != p.Side() && n.Wins(rules.Seat(s)) && c.rules.Gift != GiftAllowed {
					t.Fatalf("%s: %v completes seat %d's win", p.Encode(), m, s)
				}
			}
		}
	})
	// Every game ends, by the move limit at the latest, and the outcome says why.
	for _, p := range ends {
		o := p.Outcome()
		switch {
		case o.Status == rules.Win && o.Reason == rules.CampFilled && p.Wins(o.Winner):
		case o.Status == rules.Draw && o.Reason == rules.MoveLimit && p.Plies() == p.MoveLimit():
		case o.Status == rules.Draw && o.Reason == rules.AllPassed && p.Passes() == p.Seats():
		default:
			t.Errorf("%s: game ended with %+v", p.Encode(), o)
		}
	}
}

// refPerft is Perft with refMoves.
func refPerft(p Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	if p.Outcome().Over() {
		return 0
	}
	var n uint64
	for m := range refMoves(p) {
		n += refPerft(p.Apply(m), depth-1)
	}
	return n
}

// The perft figures to depth 3 (4 with -deep) from the reference generator.
func TestPerftReference(t *testing.T) {
	depth := 3
	if *deep {
		depth = 4
	}
	for _, c := range perftCases {
		p, _ := c.r.Start(c.players, c.pieces)
		for d := 1; d <= depth; d++ {
			if got := refPerft(p, d); got != c.nodes[d-1] {
				t.Errorf("%s depth %d: reference %d, table %d", c.name, d, got, c.nodes[d-1])
			}
		}
	}
}
