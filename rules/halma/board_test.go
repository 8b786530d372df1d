package halma

import "testing"

// The star's geometry (seed 000: 121 holes, six camps).
func TestGeometryCounts(t *testing.T) {
	var all holeSet
	for h := Hole(0); h < NumHoles; h++ {
		all.add(h)
	}
	if n := all.count(); n != 121 {
		t.Fatalf("%d holes, want 121", n)
	}
	if n := geo.hexagon.count(); n != 61 {
		t.Errorf("hexagon has %d holes, want 61", n)
	}
	if n := geo.border.count(); n != 24 {
		t.Errorf("hexagon border has %d holes, want 24", n)
	}
	var camps holeSet
	for k := 0; k < 6; k++ {
		if n := geo.tri[k].count(); n != 10 {
			t.Errorf("camp %d: %d holes, want 10", k, n)
		}
		if n := geo.camp15[k].count(); n != 15 {
			t.Errorf("camp %d with extension: %d holes, want 15", k, n)
		}
		ext := geo.camp15[k].andNot(geo.tri[k])
		if ext.and(geo.border) != ext {
			t.Errorf("camp %d: extension holes off the hexagon border", k)
		}
		if !camps.and(geo.tri[k]).empty() {
			t.Errorf("camp %d overlaps another camp", k)
		}
		camps = camps.or(geo.tri[k])
		for j := 0; j < 6; j++ {
			if j == k {
				continue
			}
			shared := geo.camp15[k].and(geo.camp15[j]).count()
			want := 0
			if j == (k+1)%6 || k == (j+1)%6 {
				want = 1 // neighbouring 15-hole camps share the hexagon corner
			}
			if shared != want {
				t.Errorf("15-hole camps %d and %d share %d holes, want %d", k, j, shared, want)
			}
		}
		if !geo.tri[k].has(geo.apex[k]) {
			t.Errorf("apex of camp %d not in it", k)
		}
	}
	if camps.or(geo.hexagon) != all || !camps.and(geo.hexagon).empty() {
		t.Error("the camps and the hexagon do not partition the star")
	}
}

// Row lengths from seat 0's apex: 1,2,3,4,13,12,11,10,9,10,11,12,13,4,3,2,1.
func TestRows(t *testing.T) {
	want := []int{1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1}
	for row := 1; row <= 17; row++ {
		n := int(geo.rowFirst[row+1] - geo.rowFirst[row])
		if n != want[row-1] {
			t.Errorf("row %d has %d holes, want %d", row, n, want[row-1])
		}
		for pos := 1; pos <= n; pos++ {
			h := HoleAt(row, pos)
			if h.Row() != row || h.Pos() != pos {
				t.Errorf("HoleAt(%d,%d) = %v", row, pos, h)
			}
			if g, ok := ParseHole(h.String()); !ok || g != h {
				t.Errorf("ParseHole(%q) = %v, %v", h.String(), g, ok)
			}
		}
		if HoleAt(row, n+1) != NoHole || HoleAt(row, 0) != NoHole {
			t.Errorf("row %d: holes beyond its ends", row)
		}
	}
	if Apex(0) != HoleAt(1, 1) || Apex(3) != HoleAt(17, 1) {
		t.Errorf("apexes %v %v, want 1.1 and 17.1", Apex(0), Apex(3))
	}
	// Camp 0's 15-hole extension is the middle five of row 5.
	for _, h := range CampHoles(0, 15) {
		if h.Row() == 5 && (h.Pos() < 5 || h.Pos() > 9) {
			t.Errorf("camp 0 extension hole %v is not among 5.5-5.9", h)
		}
	}
	// Camp 1 is lower left: its apex is 5.1; camp 5's is 5.13; camp 2's 13.1, camp 4's 13.13.
	for k, name := range map[int]string{1: "5.1", 2: "13.1", 4: "13.13", 5: "5.13"} {
		if Apex(k).String() != name {
			t.Errorf("apex of camp %d is %v, want %s", k, Apex(k), name)
		}
	}
}

// Every hole's neighbour count: 6 inside, fewer at the edges; neighbours are mutual and
// opposite directions undo each other.
func TestNeighbours(t *testing.T) {
	hist := map[int]int{}
	for h := Hole(0); h < NumHoles; h++ {
		n := 0
		for d := 0; d < 6; d++ {
			g := h.Neighbour(d)
			if g == NoHole {
				continue
			}
			n++
			if g.Neighbour((d+3)%6) != h {
				t.Errorf("%v -> %v in direction %d is not mutual", h, g, d)
			}
			if Distance(h, g) != 1 {
				t.Errorf("neighbours %v %v at distance %d", h, g, Distance(h, g))
			}
		}
		hist[n]++
		if h == Apex(0) && n != 2 {
			t.Errorf("apex 1.1 has %d neighbours, want 2", n)
		}
	}
	// By hand: in each camp triangle the apex has 2 neighbours, both holes of its row 2 and
	// the end holes of its rows 3 and 4 have 4, the middle of row 3 and the middle two of
	// row 4 have 6 (6 camps: 6 x 2, 36 x 4, 18 x 6); in the hexagon the six corners have 5
	// (the hole beyond the corner is off the star) and the other 55 have 6.
	want := map[int]int{2: 6, 4: 36, 5: 6, 6: 73}
	for n, c := range want {
		if hist[n] != c {
			t.Errorf("%d holes with %d neighbours, want %d (histogram %v)", hist[n], n, c, hist)
		}
	}
	total := 0
	for _, c := range hist {
		total += c
	}
	if total != 121 {
		t.Errorf("histogram covers %d holes", total)
	}
}
