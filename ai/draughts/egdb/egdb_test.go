package egdb

import (
	"os"
	"path/filepath"
	"testing"

	rd "madang/rules/draughts"
)

func value(t *testing.T, db *DB, fen string) Value {
	t.Helper()
	p, err := rd.ParseFEN(db.Rules(), fen)
	if err != nil {
		t.Fatal(err)
	}
	v, err := db.Value(&p)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// Checkers' First Position (E. Lasker, Chess and Checkers: the Way to Mastership, 1918,
// diagram 93: White kings on 19 and 23, a Black king on 28 and a Black man on 12) is a
// win for White to move and a draw with Black to move.
func TestFirstPosition(t *testing.T) {
	db := New(&rd.English)
	if v := value(t, db, "W:WK19,K23:BK28,12"); v != Win {
		t.Errorf("First Position, White to move: %v, want win", v)
	}
	if v := value(t, db, "B:WK19,K23:BK28,12"); v != Draw {
		t.Errorf("First Position, Black to move: %v, want draw", v)
	}
	consistent(t, db, Material{Men: [2]int{1, 0}, Kings: [2]int{1, 2}})
}

// Three kings against one king holding the main diagonal (46-5) is a draw in
// international draughts (the reason for FMJD art. 6.2's 16-move count); away from it the
// three kings win.
func TestThreeKingsAgainstOne(t *testing.T) {
	db := draughtsDB
	if v := value(t, db, "W:WK1,K2,K3:BK46"); v != Draw {
		t.Errorf("3 kings v 1 on the main diagonal, White to move: %v, want draw", v)
	}
	if v := value(t, db, "B:WK1,K2,K3:BK28"); v != Draw {
		t.Errorf("3 kings v 1 on the main diagonal, Black to move: %v, want draw", v)
	}
	if v := value(t, db, "W:WK46,K2,K3:BK25"); v != Win {
		t.Errorf("3 kings holding the main diagonal v 1, White to move: %v, want win", v)
	}
	if v := value(t, db, "W:WK1,K2,K3:BK7"); v != Win {
		t.Errorf("1x12 takes the lone king: %v, want win", v)
	}
	consistent(t, db, Material{Kings: [2]int{3, 1}})
}

// consistent checks every 97th position of m's table against its successors: a win has
// a move to a lost position, a loss has only moves to won ones (or none), a draw neither.
func consistent(t *testing.T, db *DB, m Material) {
	t.Helper()
	tb, err := db.Table(m)
	if err != nil {
		t.Fatal(err)
	}
	var l rd.MoveList
	count := [4]int{}
	for i := 0; i < tb.size; i += 97 {
		p, ok := tb.position(i)
		if !ok {
			continue
		}
		v := db.Probe(&p)
		count[v]++
		p.Generate(&l)
		anyLoss, allWin := false, true
		for _, mv := range l.Slice() {
			q := p.Apply(mv)
			w, err := db.Value(&q)
			if err != nil {
				t.Fatal(err)
			}
			anyLoss = anyLoss || w == Loss
			allWin = allWin && w == Win
		}
		want := Draw
		switch {
		case anyLoss:
			want = Win
		case allWin:
			want = Loss
		}
		if v != want {
			t.Fatalf("%s: %v, but its moves make it %v", p.FEN(), v, want)
		}
	}
	if count[Win] == 0 || count[Loss] == 0 || count[Draw] == 0 {
		t.Errorf("%s: sampled wins/losses/draws %v: want some of each", m, count[1:])
	}
}

var draughtsDB = New(&rd.International)

// Save and Load round-trip the tables; a damaged file is an error, not a panic.
func TestSaveLoad(t *testing.T) {
	db := New(&rd.English)
	if err := db.Build(3); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	n, err := db.Save(dir)
	if err != nil || n != len(Materials(3)) {
		t.Fatalf("saved %d tables (%v), want %d", n, err, len(Materials(3)))
	}
	back := New(&rd.English)
	if m, err := back.Load(dir); err != nil || m != n {
		t.Fatalf("loaded %d (%v), want %d", m, err, n)
	}
	if a, b := db.Stats(), back.Stats(); a != b || a.Wins == 0 || a.Draws == 0 {
		t.Errorf("stats before %+v, after %+v", a, b)
	}
	if back.MaxLoaded() != 3 {
		t.Errorf("MaxLoaded %d, want 3", back.MaxLoaded())
	}
	p, _ := rd.ParseFEN(&rd.English, "W:WK19,K23:BK28")
	if v := back.Probe(&p); v != Win {
		t.Errorf("2 kings v 1 with the move: %v, want win", v)
	}
	// Another ruleset's DB loads none of these files.
	if m, err := New(&rd.International).Load(dir); err != nil || m != 0 {
		t.Errorf("draughts loaded %d checkers tables (%v)", m, err)
	}
	bad := filepath.Join(dir, back.FileName(Material{Kings: [2]int{1, 1}}))
	if err := os.WriteFile(bad, []byte("not gzip"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := New(&rd.English).Load(dir); err == nil {
		t.Error("a damaged file loaded without error")
	}
}
