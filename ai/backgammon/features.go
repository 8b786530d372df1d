package backgammon

import bg "madang/rules/backgammon"

// The net's hand-made inputs of a position in contact, in the manner of Berliner's BKG
// and GNU Backgammon's contact inputs (their ideas, written here from the terms of the
// field: shots, pips lost to a hit, escapes, containment, anchors, primes, entering).
// Each is computed for one side X against the other, Y, in X's numbering: X moves from
// its 24-point towards its 1-point, and Y's point q is X's 25-q.

// shots counts the 36 rolls of op, on roll, against the blots of my: direct, combined and
// entering shots (my made points block a combined shot's stop; with a checker on the bar
// only entering shots count; a double moves one checker up to four times). cost gives
// each of my points what a hit there costs; rolls is how many rolls hit some blot, and
// expected is the mean over the 36 rolls of the dearest blot each hits (0 for a miss).
func shots(my, op *bg.Row, cost *[25]float64) (rolls int, expected float64) {
	var blots [26]bool
	any := false
	for p := 1; p <= 24; p++ {
		if my[p] == 1 {
			blots[p] = true
			any = true
		}
	}
	if !any {
		return 0, 0
	}
	// The opponent's checkers in my numbering: its point q is my 25-q, its bar my 0.
	var from [26]int8
	nf := 0
	if op[bg.Bar] > 0 {
		nf = 1 // from my 0
	} else {
		for q := 24; q >= 1; q-- {
			if op[q] > 0 {
				from[nf] = int8(25 - q)
				nf++
			}
		}
	}
	blocked := func(x int) bool { return x >= 1 && x <= 24 && my[x] >= 2 }
	total := 0.0
	for d1 := 1; d1 <= 6; d1++ {
		for d2 := d1; d2 <= 6; d2++ {
			w := 2
			if d1 == d2 {
				w = 1
			}
			found, worst := false, 0.0
			try := func(p int) {
				if p >= 1 && p <= 24 && blots[p] {
					found = true
					worst = max(worst, cost[p])
				}
			}
			for i := 0; i < nf; i++ {
				x := int(from[i])
				if d1 == d2 {
					for k := 1; k <= 4; k++ {
						p := x + k*d1
						if p > 24 || blocked(p) {
							break
						}
						try(p)
					}
					continue
				}
				try(x + d1)
				try(x + d2)
				if !blocked(x+d1) || !blocked(x+d2) {
					try(x + d1 + d2)
				}
			}
			if found {
				rolls += w
			}
			total += float64(w) * worst
		}
	}
	return rolls, total / 36
}

// pipCost is what a hit on each of one's own points costs in pips: the checker goes back
// from point p to the bar, 25-p pips further from home.
var pipCost = func() (c [25]float64) {
	for p := 1; p <= 24; p++ {
		c[p] = float64(25 - p)
	}
	return c
}()

// blocks are Y's made points (two checkers or more) in X's numbering: bit x for X's
// point x, 1..24.
type blocks uint64

func blocksOf(y *bg.Row) (b blocks) {
	for q := 1; q <= 24; q++ {
		if y[q] >= 2 {
			b |= 1 << (25 - q)
		}
	}
	return b
}

// escapes is how many of the 36 rolls let a checker of X on its point p (25: the bar) get
// past every block of Y among the 12 points in front of it, moving that checker alone (a
// double up to four times, each stop open; a stop beyond those 12 points counts as open);
// 36 when none of them is blocked.
func (b blocks) escapes(p int) int {
	// Bit j of the window is X's point p-12+j.
	return int(escapeTable[(uint64(b)<<12>>p)&0xfff])
}

// escapeTable holds escapes by the window's 12 bits (windowEscapes).
var escapeTable = func() (t [1 << 12]int8) {
	for w := range t {
		t[w] = int8(windowEscapes(uint16(w)))
	}
	return t
}()

// windowEscapes counts escapes for a checker just behind a window of 12 points: bit j
// blocks the point 12-j pips in front of it.
func windowEscapes(w uint16) int {
	if w == 0 {
		return 36
	}
	// In pips from the checker: d is blocked when bit 12-d is set (1 <= d <= 12).
	blocked := func(d int) bool { return d >= 1 && d <= 12 && w>>(12-d)&1 == 1 }
	far := 0 // the farthest block, in pips
	for d := 1; d <= 12; d++ {
		if blocked(d) {
			far = d
		}
	}
	past := func(d int) bool { return d > far && !blocked(d) }
	n := 0
	for d1 := 1; d1 <= 6; d1++ {
		for d2 := d1; d2 <= 6; d2++ {
			ok := false
			if d1 == d2 {
				for k := 1; k <= 4; k++ {
					if blocked(k * d1) {
						break
					}
					if k*d1 > far {
						ok = true
						break
					}
				}
			} else {
				ok = past(d1) || past(d2) || (!blocked(d1) || !blocked(d2)) && past(d1+d2)
			}
			if ok {
				n += 2
				if d1 == d2 {
					n--
				}
			}
		}
	}
	return n
}

// Contact inputs per side, in this order from contactBase + side·contactInputs.
const (
	inHitRolls   = iota // rolls of the other side that hit a blot of X, /36
	inPipLoss           // pips X loses to the dearest blot hit, mean over the 36 rolls, /25
	inBackEscape        // escapes of X's rearmost checker, /36
	inContain           // 1 − the fewest escapes from X's points 15..24 and the bar, /36
	inBack              // X's rearmost checker's point, /25
	inAnchor            // X's rearmost made point in Y's home board (X's 19..24), 1..6, /6
	inBreak             // pips X must move to pass Y's rearmost checker, /100
	inPrime             // X's longest run of made points, at most 6, /6
	inEnter             // with a checker of X on the bar: (Y's made home points / 6)²
	contactInputs
)

// contactFeatures adds the contact inputs of side x (against y) at base.
func contactFeatures(x, y *bg.Row, base int, in *input) {
	rolls, loss := shots(x, y, &pipCost)
	if rolls > 0 {
		in.add(base+inHitRolls, float32(rolls)/36)
		in.add(base+inPipLoss, float32(loss)/25)
	}
	b := blocksOf(y)
	back := 0
	for p := bg.Bar; p >= 1; p-- {
		if x[p] > 0 {
			back = int(p)
			break
		}
	}
	if back > 0 {
		in.add(base+inBackEscape, float32(b.escapes(back))/36)
		in.add(base+inBack, float32(back)/25)
	}
	fewest := 36
	for p := 15; p <= 25; p++ {
		fewest = min(fewest, b.escapes(p))
	}
	if fewest < 36 {
		in.add(base+inContain, float32(36-fewest)/36)
	}
	for p := 24; p >= 19; p-- {
		if x[p] >= 2 {
			in.add(base+inAnchor, float32(p-18)/6)
			break
		}
	}
	// Y's rearmost checker in X's numbering (Y's bar is X's 0).
	m := 0
	for q := bg.Bar; q >= 1; q-- {
		if y[q] > 0 {
			m = 25 - int(q)
			break
		}
	}
	pass := 0
	for p := m + 1; p <= int(bg.Bar); p++ {
		pass += int(x[p]) * (p - m)
	}
	if pass > 0 {
		in.add(base+inBreak, float32(pass)/100)
	}
	run, best := 0, 0
	for p := 1; p <= 24; p++ {
		if x[p] >= 2 {
			run++
			best = max(best, run)
		} else {
			run = 0
		}
	}
	if best > 0 {
		in.add(base+inPrime, float32(min(best, 6))/6)
	}
	if x[bg.Bar] > 0 {
		closed := 0
		for q := 1; q <= 6; q++ {
			if y[q] >= 2 {
				closed++
			}
		}
		if closed > 0 {
			in.add(base+inEnter, float32(closed*closed)/36)
		}
	}
}
