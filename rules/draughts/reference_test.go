package draughts

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// A second move generator, written as plainly as the rules read (seed 001): a board of
// (row, column) cells, the four diagonal directions, recursion over capture sequences with
// the captured pieces left on the board until the move ends, majority filtering, and one
// entry per (from, to, captured set). It shares nothing with movegen.go but the square
// numbering, and the bitboard generator must agree with it on every position.

type refPiece struct {
	seat int
	king bool
}

type refBoard struct {
	r     *Rules
	cells map[[2]int]refPiece
	side  int
}

func refFromPosition(p Position) refBoard {
	r := p.Rules()
	b := refBoard{r: r, cells: map[[2]int]refPiece{}, side: int(p.Side())}
	for sq := Square(1); int(sq) <= r.Squares(); sq++ {
		if seat, king, ok := p.Piece(sq); ok {
			row, col := r.coords(sq)
			b.cells[[2]int{row, col}] = refPiece{int(seat), king}
		}
	}
	return b
}

func (b refBoard) on(row, col int) bool {
	return row >= 0 && col >= 0 && row < b.r.Size && col < b.r.Size
}

func (b refBoard) square(row, col int) Square { return Square(row*b.r.half + col/2 + 1) }

// forwardRow is +1 for the seat whose men start at the top of the diagram.
func (b refBoard) forwardRow(seat int) int {
	if seat == int(b.r.topSeatFor()) {
		return 1
	}
	return -1
}

func (b refBoard) farRow(seat int) int {
	if b.forwardRow(seat) == 1 {
		return b.r.Size - 1
	}
	return 0
}

type refMove struct {
	from, to Square
	captured uint64 // bit sq set for each captured square number
	n        int
}

func (b refBoard) moves() []refMove {
	var caps []refMove
	for at, pc := range b.cells {
		if pc.seat != b.side {
			continue
		}
		from := at
		var walk func(row, col int, taken uint64, n int)
		walk = func(row, col int, taken uint64, n int) {
			more := false
			stop := !pc.king && n > 0 && b.r.PromotionEndsMove && row == b.farRow(pc.seat)
			for _, d := range [4][2]int{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}} {
				if stop {
					break
				}
				if !pc.king && !b.r.MenCaptureBackward && d[0] != b.forwardRow(pc.seat) {
					continue
				}
				empty := func(r, c int) bool {
					_, occupied := b.cells[[2]int{r, c}]
					return !occupied || [2]int{r, c} == from
				}
				vr, vc := row+d[0], col+d[1]
				if pc.king && b.r.FlyingKings {
					for b.on(vr, vc) && empty(vr, vc) {
						vr, vc = vr+d[0], vc+d[1]
					}
				}
				if !b.on(vr, vc) {
					continue
				}
				victim, ok := b.cells[[2]int{vr, vc}]
				vsq := b.square(vr, vc)
				if !ok || [2]int{vr, vc} == from || victim.seat == pc.seat || taken&(1<<uint(vsq)) != 0 {
					continue
				}
				tr, tc := vr+d[0], vc+d[1]
				for b.on(tr, tc) && empty(tr, tc) {
					more = true
					walk(tr, tc, taken|1<<uint(vsq), n+1)
					if !(pc.king && b.r.FlyingKings) {
						break
					}
					tr, tc = tr+d[0], tc+d[1]
				}
			}
			if !more && n > 0 {
				caps = append(caps, refMove{b.square(from[0], from[1]), b.square(row, col), taken, n})
			}
		}
		walk(at[0], at[1], 0, 0)
	}
	if len(caps) > 0 {
		best := 0
		for _, m := range caps {
			best = max(best, m.n)
		}
		var out []refMove
		seen := map[refMove]bool{}
		for _, m := range caps {
			if (b.r.MajorityCapture && m.n < best) || seen[m] {
				continue
			}
			seen[m] = true
			out = append(out, m)
		}
		return out
	}
	var out []refMove
	for at, pc := range b.cells {
		if pc.seat != b.side {
			continue
		}
		for _, d := range [4][2]int{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}} {
			if !pc.king && d[0] != b.forwardRow(pc.seat) {
				continue
			}
			tr, tc := at[0]+d[0], at[1]+d[1]
			for b.on(tr, tc) {
				if _, occupied := b.cells[[2]int{tr, tc}]; occupied {
					break
				}
				out = append(out, refMove{from: b.square(at[0], at[1]), to: b.square(tr, tc)})
				if !(pc.king && b.r.FlyingKings) {
					break
				}
				tr, tc = tr+d[0], tc+d[1]
			}
		}
	}
	return out
}

// randomBoardPosition places random men and kings for both sides, men never on their own
// far row, a random side to move.
func randomBoardPosition(rng *rand.Rand, r *Rules) Position {
	p := Position{variant: r.variant, side: uint8(rng.IntN(2))}
	maxPieces := r.n / 2
	for seat := 0; seat < 2; seat++ {
		n := 1 + rng.IntN(maxPieces*2/5+1)
		for i := 0; i < n; i++ {
			sq := Square(1 + rng.IntN(r.n))
			b := r.Bit(sq)
			if (p.men[0]|p.men[1]|p.kings[0]|p.kings[1])&b != 0 {
				continue
			}
			if rng.IntN(3) == 0 || r.promo[seat]&b != 0 {
				p.kings[seat] |= b
			} else {
				p.men[seat] |= b
			}
		}
	}
	p.hash = p.computeHash()
	return p
}

// agreeWithReference compares p's generated moves with the reference generator's and
// returns the number of captures and of multiple captures met.
func agreeWithReference(t *testing.T, p Position) (captures, multi int) {
	t.Helper()
	r := p.Rules()
	var want []refMove
	for _, m := range refFromPosition(p).moves() {
		// Translate captured square numbers to layout bits.
		var bb uint64
		for sq := Square(1); int(sq) <= r.n; sq++ {
			if m.captured&(1<<uint(sq)) != 0 {
				bb |= r.Bit(sq)
			}
		}
		want = append(want, refMove{m.from, m.to, bb, m.n})
	}
	var l MoveList
	p.Generate(&l)
	var got []refMove
	for _, m := range l.Slice() {
		got = append(got, refMove{p.From(m), p.To(m), m.Captured(), m.NumCaptured()})
		if m.NumCaptured() > 1 {
			multi++
		}
		if m.IsCapture() {
			captures++
		}
	}
	cmpMove := func(a, b refMove) int {
		switch {
		case a.from != b.from:
			return int(a.from) - int(b.from)
		case a.to != b.to:
			return int(a.to) - int(b.to)
		case a.captured < b.captured:
			return -1
		case a.captured > b.captured:
			return 1
		}
		return 0
	}
	slices.SortFunc(want, cmpMove)
	slices.SortFunc(got, cmpMove)
	if !slices.Equal(got, want) {
		t.Fatalf("%s %s: generator %v, reference %v", r.ID, p.FEN(), got, want)
	}
	return captures, multi
}

func TestAgainstReferenceGenerator(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 500
	}
	for _, r := range []*Rules{&English, &International} {
		rng := rand.New(rand.NewPCG(7, uint64(r.Size)))
		captures, multi := 0, 0
		positions := randomPositions(r, 10, 120)
		for i := 0; i < n; i++ {
			positions = append(positions, randomBoardPosition(rng, r))
		}
		for _, p := range positions {
			c, m := agreeWithReference(t, p)
			captures += c
			multi += m
		}
		t.Logf("%s: %d positions agree (%d captures, %d multiple)", r.ID, len(positions), captures, multi)
		if multi == 0 {
			t.Errorf("%s: no multiple capture met; the comparison is too weak", r.ID)
		}
	}
}
