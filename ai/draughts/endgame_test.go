package draughts

import (
	"testing"

	"madang/ai/draughts/egdb"
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
