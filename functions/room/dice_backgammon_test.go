package room_test

import (
	"slices"
	"testing"

	"madang/functions/room"
	_ "madang/games/backgammon"
)

// The server's dice with the real backgammon rules (seed 003): the server rolls every die, so a
// client cannot choose its dice by any message: not with a dice field on a roll or a move,
// not by sending dice text as a move (in the roll phase or the move phase), not by rolling
// while it must move; and a roll message replayed (at once, or after the seat has moved) is
// answered with the state, never rolled a second time.
func TestBackgammonClientCannotChooseDice(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	h.rand.dice(3, 1) // the opening roll: seat 0's 3 beats seat 1's 1
	tb := h.open("backgammon", M{}, 2)
	st := h.snap(tb)
	if !slices.Equal(st.Moves, []string{"3-1"}) || st.Phase != "move" || st.ToMove != 0 || *st.Dice != [2]int{3, 1} {
		t.Fatalf("opening: moves %v phase %q to move %d dice %v", st.Moves, st.Phase, st.ToMove, st.Dice)
	}
	before := h.record(tb.id)
	reads := h.rand.read
	h.wantError(h.move(tb, 0, "6-6"), "illegal-move") // dice text is no move
	h.wantError(h.move(tb, 0, "8/5 6/5", "dice", []int{6, 6}), "bad-message")
	h.wantError(h.roll(tb, 0), "not-allowed") // a second roll for this turn
	h.wantError(h.roll(tb, 0, "dice", "6-6"), "bad-message")
	h.unchanged(before)
	if h.rand.read != reads {
		t.Fatalf("refused messages drew %d bytes", h.rand.read-reads)
	}
	st = h.lastState(h.move(tb, 0, "8/5 6/5"))
	if st.Phase != "roll" || st.ToMove != 1 || st.Dice != nil {
		t.Fatalf("after 8/5 6/5: phase %q to move %d dice %v", st.Phase, st.ToMove, st.Dice)
	}
	before = h.record(tb.id)
	h.wantError(h.move(tb, 1, "6-5"), "not-allowed") // a roll is due: dice text as a move
	h.wantError(h.roll(tb, 1, "dice", []int{6, 5}), "bad-message")
	h.unchanged(before)

	h.rand.dice(6, 5)
	ply := h.snap(tb).Ply
	st = h.lastState(h.roll(tb, 1))
	if st.Phase != "move" || *st.Dice != [2]int{6, 5} || st.Moves[len(st.Moves)-1] != "6-5" || st.Ply != ply+1 {
		t.Fatalf("roll: phase %q dice %v moves %v", st.Phase, st.Dice, st.Moves)
	}
	replay := M{"action": "roll", "room": tb.id, "token": tb.tokens[1], "ply": ply}
	after := h.record(tb.id)
	reads = h.rand.read
	h.rand.dice(2, 2)
	fs := h.send("c1", replay)
	if len(fs) != 1 || fs[0].Type != "state" || fs[0].snap.Ply != ply+1 || *fs[0].snap.Dice != [2]int{6, 5} {
		t.Fatalf("replayed roll: %s", describe(fs))
	}
	h.unchanged(after)
	// the same roll message once the seat has moved: still the state, no new dice
	st = h.lastState(h.move(tb, 1, st.Legal[0]))
	after = h.record(tb.id)
	fs = h.send("c1", replay)
	if len(fs) != 1 || fs[0].Type != "state" || fs[0].snap.Ply != ply+2 || fs[0].snap.Phase != "roll" || fs[0].snap.ToMove != 0 {
		t.Fatalf("roll replayed after the move: %s", describe(fs))
	}
	h.unchanged(after)
	// the other seat cannot claim that roll either
	h.wantError(h.send("c0", M{"action": "roll", "room": tb.id, "token": tb.tokens[0], "ply": ply}), "stale-ply")
	h.unchanged(after)
	if h.rand.read != reads {
		t.Fatalf("replayed rolls drew %d bytes", h.rand.read-reads)
	}
	h.rand.script = nil
}
