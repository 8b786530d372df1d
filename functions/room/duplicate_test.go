package room_test

import (
	"testing"

	"madang/functions/room"
)

// The duplicate rule, "the same move, at that ply, by the same seat"
// (PROTOCOL.md, stale-ply), part by part. Each case is a move sent for a ply already
// played: only the very move the same seat played at that ply is answered with the state
// alone; anything else is stale-ply. Nothing is written or broadcast either way.
func TestDuplicateMoveRule(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	tb := h.open("track", M{}, 2)
	// Ply 0: seat 0 "+2"; ply 1: seat 1 "+1"; ply 2: seat 0 "+1". Both seats have
	// played "+1"; the last move ("+1") differs from seat 0's move at ply 0 ("+2").
	h.move(tb, 0, "+2")
	h.move(tb, 1, "+1")
	h.move(tb, 0, "+1")
	if st := h.snap(tb); st.Ply != 3 || st.Status != "playing" {
		t.Fatalf("setup: ply %d status %s", st.Ply, st.Status)
	}
	for _, c := range []struct {
		why       string
		seat, ply int
		move      string
		repeat    bool // answered with the state only; otherwise stale-ply
	}{
		{"seat 0 repeats its move at ply 0, which is not the last move", 0, 0, "+2", true},
		{"seat 1 repeats its move at ply 1", 1, 1, "+1", true},
		{"seat 0 repeats its last move at ply 2", 0, 2, "+1", true},
		{"seat 1 sends seat 0's move at ply 0 (same move and ply, other seat)", 1, 0, "+2", false},
		{"seat 1 sends seat 0's move at ply 2 (same move and ply, other seat)", 1, 2, "+1", false},
		{"seat 0 sends seat 1's move at ply 1 (same move and ply, other seat)", 0, 1, "+1", false},
		{"seat 0 sends the last move (+1) for ply 0, where it played +2", 0, 0, "+1", false},
		{"seat 1 sends a move it never played at ply 1", 1, 1, "+2", false},
	} {
		before := h.record(tb.id)
		h.take("c0")
		h.take("c1")
		conn, other := "c0", "c1"
		if c.seat == 1 {
			conn, other = "c1", "c0"
		}
		fs := h.send(conn, M{"action": "move", "room": tb.id, "token": tb.tokens[c.seat], "ply": c.ply, "move": c.move})
		if c.repeat {
			if len(fs) != 1 || fs[0].Type != "state" || fs[0].snap.Ply != 3 {
				t.Errorf("%s: answered %s, want the state only", c.why, describe(fs))
			}
		} else if len(fs) == 0 || fs[0].Type != "error" || fs[0].Code != "stale-ply" {
			t.Errorf("%s: answered %s, want stale-ply", c.why, describe(fs))
		}
		h.unchanged(before)
		if got := h.take(other); len(got) != 0 {
			t.Errorf("%s: the other seat was told %s", c.why, describe(got))
		}
	}
}
