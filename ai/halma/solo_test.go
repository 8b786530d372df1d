package halma

import (
	"errors"
	"testing"

	"madang/rules/halma"
)

// Ten pieces cross alone in 27 moves, the optimum (Bell, INTEGERS 9 (2009) G01, after
// Levenspiel 1971); the plan replays legally into the target camp.
func TestSoloTenPiecesIn27(t *testing.T) {
	if testing.Short() {
		t.Skip("a few seconds of search")
	}
	r, err := Solo(10, 2000)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Moves) != 27 {
		t.Fatalf("%d moves, want 27", len(r.Moves))
	}
	if !CheckSolo(10, r.Moves) {
		t.Fatalf("plan does not replay: %v", r.Moves)
	}
}

func TestSoloSmallBeamStillCrosses(t *testing.T) {
	r, err := Solo(15, 200)
	if err != nil {
		t.Fatal(err)
	}
	if !CheckSolo(15, r.Moves) || len(r.Moves) < 27 {
		t.Fatalf("%d moves, replay %v", len(r.Moves), CheckSolo(15, r.Moves))
	}
	t.Logf("15 pieces, beam 200: %d moves", len(r.Moves))
}

func TestSoloRefusesOtherCounts(t *testing.T) {
	if _, err := Solo(12, 10); !errors.Is(err, ErrSoloPieces) {
		t.Fatalf("got %v", err)
	}
}

// The move generator of the planner: from the start camp, the only moves are steps and
// jumps of the front rows; CheckSolo refuses an illegal or unfinished plan.
func TestSoloMovesAndCheck(t *testing.T) {
	var s holes
	for _, h := range halma.CampHoles(0, 10) {
		s.add(h)
	}
	ms := soloMoves(s, nil)
	steps, jumps := 0, 0
	for _, m := range ms {
		if halma.Distance(m.From, m.To) == 1 {
			steps++
		} else {
			jumps++
		}
	}
	// Each of row 4's four pieces has two forward neighbours in row 5 (8 steps); each of
	// row 3's three pieces jumps over row 4 into row 5 two ways (6 jumps), and no chain
	// continues from row 5 (nothing stands in row 6).
	if steps != 8 || jumps != 6 {
		t.Fatalf("%d steps and %d jumps from the start, want 8 and 6: %v", steps, jumps, ms)
	}
	if CheckSolo(10, ms[:1]) {
		t.Fatal("a one-move plan reached the target")
	}
	bad := []halma.Move{{From: halma.HoleAt(1, 1), To: halma.HoleAt(9, 5)}}
	if CheckSolo(10, bad) {
		t.Fatal("an illegal move replayed")
	}
}
