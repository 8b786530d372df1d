package draughts

import (
	"context"
	"testing"

	"madang/ai"
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

// A root in the tables is searched, not scored: with every root move a table win alike,
// three kings against one went round in circles (a won ending repeated to a draw against
// Cake). Both sides searching 14 plies, the side with the tables must take the last king
// within the forty-move count, its first move keeping the win.
func TestSearchWinsInsideTables(t *testing.T) {
	db := egdb.New(&rd.English)
	if _, err := db.Table(egdb.Material{Kings: [2]int{1, 3}}); err != nil {
		t.Fatal(err)
	}
	p, err := Checkers.ParseFEN("W:WK5,K7,K9:BK23")
	if err != nil {
		t.Fatal(err)
	}
	s, other := NewSearcher(Checkers, 4), NewSearcher(Checkers, 4)
	var hist []uint64
	for ply := 0; ply < Checkers.DrawPlies; ply++ {
		var l rd.MoveList
		if p.Generate(&l); l.N == 0 {
			if p.Side() == 1 {
				t.Fatalf("White lost?")
			}
			return // Black has no piece or no move: won
		}
		lim := Limits{Depth: 14, ReversiblePlies: ply, History: hist}
		var r SearchResult
		if p.Side() == 1 { // White, with the tables
			SetEndgames(&rd.English, db)
			r = s.Search(p, lim, ai.NewControl(context.Background(), ai.Budget{}))
			SetEndgames(&rd.English, nil)
			if ply == 0 && r.Score < TableWin/2 {
				t.Errorf("first move %s: score %d, want a table win", Checkers.HubMove(r.Move), r.Score)
			}
		} else {
			r = other.Search(p, lim, ai.NewControl(context.Background(), ai.Budget{}))
		}
		hist = append(hist, p.Hash())
		p = p.Apply(r.Move)
	}
	t.Fatalf("no win within %d plies: %s", Checkers.DrawPlies, Checkers.Hub(&p))
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
