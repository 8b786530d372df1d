package room_test

import (
	"context"
	"testing"
)

// A write that leaves the turn alone never cancels the AI's move: A plays
// the AI at checkers with a spectator S; A moves at ply 0, and S's socket closes before the
// invocation runs. The AI still moves, without A sending resume.
func TestAIMovesAfterUnrelatedWrite(t *testing.T) {
	h := newHarness(t)
	fs := h.send("A", M{"action": "create", "game": "checkers", "options": M{}})
	tok := *fs[0].Token
	id := h.lastState(fs).ID
	h.lastState(h.send("A", M{"action": "fillAI", "room": id, "token": tok, "level": "beginner"}))
	h.lastState(h.send("S", M{"action": "join", "room": id}))
	st := h.lastState(h.send("A", M{"action": "move", "room": id, "token": tok, "ply": 0, "move": "11-15"}))
	if len(h.inv.calls) != 1 || h.inv.calls[0].version != st.Version {
		t.Fatalf("invocations %+v after the move at v%d", h.inv.calls, st.Version)
	}
	for _, write := range []func(){
		func() { h.svc.Disconnect(context.Background(), "S") },                   // a socket closes
		func() { h.send("S2", M{"action": "join", "room": id}) },                 // a spectator joins
		func() { h.send("A2", M{"action": "resume", "room": id, "token": tok}) }, // another tab resumes
	} {
		before := h.snap(table{id: id})
		write()
		if v := h.snap(table{id: id}).Version; v == before.Version {
			t.Fatalf("the write stored nothing (v%d): the test needs a write that leaves the turn alone", v)
		}
	}
	call := h.inv.calls[0]
	if err := h.svc.RunAI(context.Background(), call.room, call.version); err != nil {
		t.Fatal(err)
	}
	after := h.snap(table{id: id})
	if after.Ply != 2 || after.ToMove != 0 {
		t.Fatalf("after the invocation: ply %d, to move %d; the AI's move was lost", after.Ply, after.ToMove)
	}
	// A late duplicate of the same invocation moves nothing more.
	h.svc.RunAI(context.Background(), call.room, call.version)
	if got := h.snap(table{id: id}); got.Ply != 2 || got.Version != after.Version {
		t.Fatalf("a duplicate invocation wrote: ply %d v%d", got.Ply, got.Version)
	}
}
