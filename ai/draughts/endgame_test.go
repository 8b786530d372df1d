package draughts

import (
	"testing"

	"madang/ai/draughts/egdb"
	"madang/rules"
	rd "madang/rules/draughts"
)

// With the tables the search scores checkers' First Position (White to move wins, see
// egdb's test) as a table win at a depth where it cannot see the win itself; without
// them it does not.
func TestSearchProbesEndgames(t *testing.T) {
	const fen = "W:WK19,K23:BK28,12"
	without := searchFEN(t, Checkers, fen, 3)
	if without.Score > TableWin/2 {
		t.Fatalf("without tables: score %d, want below %d", without.Score, TableWin/2)
	}
	db := egdb.New(&rd.English)
	if _, err := db.Table(egdb.Material{Men: [2]int{1, 0}, Kings: [2]int{1, 2}}); err != nil {
		t.Fatal(err)
	}
	SetEndgames(&rd.English, db)
	defer SetEndgames(&rd.English, nil)
	with := searchFEN(t, Checkers, fen, 3)
	if with.Score < TableWin/2 {
		t.Errorf("with tables: score %d, want a table win (about %d)", with.Score, TableWin)
	}
	// Black to move is a draw: no move scores a table win or loss.
	draw := searchFEN(t, Checkers, "B:WK19,K23:BK28,12", 3)
	if draw.Score < -TableWin/2 || draw.Score > TableWin/2 {
		t.Errorf("Black to move: score %d, want a draw's", draw.Score)
	}
}

// Draughts' drawish material (after Scan 2.0's evaluation): a lead against a king is cut
// to an eighth when the side ahead has at most three pieces, to a half with kings equal
// and at most a man more; a king more keeps its whole lead; a lone king against at most
// three pieces is drawn by FMJD art. 6.3 (a sixteenth). Checkers is not touched.
func TestDrawishMaterial(t *testing.T) {
	for _, c := range []struct {
		name       string
		v          *Variant
		men, kings [2]int
		diff, want int
		me         int
	}{
		{"king more", Draughts, [2]int{6, 6}, [2]int{2, 1}, 300, 300, 0},
		{"king more, other to move", Draughts, [2]int{6, 6}, [2]int{2, 1}, -300, -300, 1},
		{"equal kings, a man more", Draughts, [2]int{5, 4}, [2]int{1, 1}, 120, 60, 0},
		{"equal kings, two men more", Draughts, [2]int{6, 4}, [2]int{1, 1}, 220, 220, 0},
		{"three pieces against a king", Draughts, [2]int{1, 1}, [2]int{2, 1}, 320, 40, 0},
		{"the side behind to move", Draughts, [2]int{1, 1}, [2]int{1, 2}, 320, 40, 0},
		{"lone king", Draughts, [2]int{0, 2}, [2]int{1, 1}, 320, 20, 1},
		{"no king against", Draughts, [2]int{1, 3}, [2]int{2, 0}, 320, 320, 0},
		{"checkers", Checkers, [2]int{1, 1}, [2]int{2, 1}, 320, 320, 0},
	} {
		mat := (c.men[c.me]-c.men[c.me^1])*manValue + (c.kings[c.me]-c.kings[c.me^1])*c.v.ev.kingValue
		got := c.v.endings(c.diff, mat, rules.Seat(c.me), c.men, c.kings, [2]uint64{})
		if got != c.want {
			t.Errorf("%s: men %v kings %v, seat %d to move, diff %d: %d, want %d", c.name, c.men, c.kings, c.me, c.diff, got, c.want)
		}
	}
}
