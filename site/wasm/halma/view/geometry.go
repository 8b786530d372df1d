package view

import rh "madang/rules/halma"

// The star's geometry as the page needs it, derived from package rules/halma's exported
// hole names (HoleAt, Row, Pos) alone. The board is symmetric about its vertical axis, so
// within a row of n holes the hole at position p lies 2p-(n+1) half-spacings right of the
// axis; its axial coordinates (rules/halma's board.go) follow as r = row-9 and
// q = (x2-r)/2.

// geom is the fixed table of every hole: its half-spacing column x2, its row offset y (the
// centre row 9 is 0, upward positive), its camp triangle (0..5, -1 in the central hexagon),
// whether it lies on the hexagon's border, and its name from each camp's side.
var geom struct {
	x2, y  [rh.NumHoles]int
	q, r   [rh.NumHoles]int
	camp   [rh.NumHoles]int
	border [rh.NumHoles]bool
	// nameFrom[k][h] is hole h's "row.pos" name as a player whose start camp is k sees the
	// board (turned so camp k is at the bottom); rowFrom[k][h] its row from that side.
	nameFrom [6][rh.NumHoles]string
	rowFrom  [6][rh.NumHoles]int
	byQR     map[[2]int]rh.Hole
}

func init() {
	geom.byQR = make(map[[2]int]rh.Hole, rh.NumHoles)
	for row := 1; row <= 17; row++ {
		n := 0
		for rh.HoleAt(row, n+1) != rh.NoHole {
			n++
		}
		for pos := 1; pos <= n; pos++ {
			h := rh.HoleAt(row, pos)
			x2, r := 2*pos-(n+1), row-9
			geom.x2[h], geom.y[h] = x2, r
			geom.q[h], geom.r[h] = (x2-r)/2, r
			geom.byQR[[2]int{geom.q[h], r}] = h
		}
	}
	for h := range geom.camp {
		geom.camp[h] = -1
	}
	for k := 0; k < 6; k++ {
		tri := rh.CampHoles(k, 10)
		for _, h := range tri {
			geom.camp[h] = k
		}
		for _, h := range rh.CampHoles(k, 15) {
			if geom.camp[h] != k {
				geom.border[h] = true // one of the camp's five holes on the hexagon's border
			}
		}
	}
	for k := 0; k < 6; k++ {
		for h := rh.Hole(0); h < rh.NumHoles; h++ {
			t := turn(h, k)
			geom.nameFrom[k][h] = t.String()
			geom.rowFrom[k][h] = t.Row()
		}
	}
}

// turn is the hole h lands on when the board is turned k sixths of a circle
// counter-clockwise (seen from above), which brings camp k's apex to camp 0's (hole 1.1).
// In cube coordinates one sixth counter-clockwise maps (q, r, s) to (-r, -s, -q).
func turn(h rh.Hole, k int) rh.Hole {
	q, r := geom.q[h], geom.r[h]
	for i := 0; i < k%6; i++ {
		q, r = -r, q+r
	}
	return geom.byQR[[2]int{q, r}]
}
