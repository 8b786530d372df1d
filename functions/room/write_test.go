package room_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"madang/functions/room"
	"madang/functions/store/memory"
)

// Writes that change nothing are not written: a spectator joining again
// and a resume from the socket that already holds the seat are answered without a store
// write. A resume still asks for the AI's move when the AI is to act.
func TestNoOpWritesStoreNothing(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	tb := h.open("track", M{}, 2)
	h.send("w", M{"action": "join", "room": tb.id})
	h.take("c0")
	before := h.record(tb.id)
	fs := h.send("w", M{"action": "join", "room": tb.id, "id": 3})
	if len(fs) != 2 || fs[0].Type != "joined" || *fs[0].Seat != -1 || fs[1].snap == nil || string(fs[1].ID) != "3" {
		t.Fatalf("a spectator's second join answered %s", describe(fs))
	}
	fs = h.send("c1", M{"action": "resume", "room": tb.id, "token": tb.tokens[1], "id": 4})
	if len(fs) != 2 || fs[0].Type != "joined" || *fs[0].Seat != 1 || fs[1].snap == nil {
		t.Fatalf("a bound socket's resume answered %s", describe(fs))
	}
	h.unchanged(before)
	if fs := h.take("c0"); len(fs) != 0 {
		t.Fatalf("no-op writes were broadcast: %s", describe(fs))
	}
	// An away seat's resume is a change: it is stored.
	h.svc.Disconnect(context.Background(), "c1")
	v := h.record(tb.id).Version
	h.send("c1", M{"action": "resume", "room": tb.id, "token": tb.tokens[1]})
	if st := h.snap(tb); st.Version != v+1 || !st.Seats[1].Connected {
		t.Fatalf("resume after away: v%d (was v%d) %+v", st.Version, v, st.Seats[1])
	}
	// On the AI's turn, resumes repeated from the socket that holds the seat store nothing
	// and invoke nothing (on AWS each invocation is a Lambda run and a search); a resume from a new socket (a reload) revives a turn whose invocation was lost.
	fs = h.send("d0", M{"action": "create", "game": "track", "options": M{}})
	tok, id := *fs[0].Token, h.lastState(fs).ID
	h.send("d0", M{"action": "fillAI", "room": id, "token": tok})
	h.send("d0", M{"action": "move", "room": id, "token": tok, "ply": 0, "move": "+1"})
	n := len(h.inv.calls)
	before = h.record(id)
	for k := 0; k < 50; k++ {
		h.send("d0", M{"action": "resume", "room": id, "token": tok})
	}
	h.unchanged(before)
	if len(h.inv.calls) != n {
		t.Fatalf("repeated resumes invoked the AI %d times", len(h.inv.calls)-n)
	}
	h.send("d0-reload", M{"action": "resume", "room": id, "token": tok})
	if len(h.inv.calls) != n+1 {
		t.Fatalf("a reload's resume on the AI's turn invoked the AI %d times, want once", len(h.inv.calls)-n)
	}
}

// conflictStore loses the first n room writes to an imaginary writer.
type conflictStore struct {
	*memory.Store
	mu sync.Mutex
	n  int
}

func (s *conflictStore) PutRoom(ctx context.Context, r room.Record, prev int64, now time.Time) (room.Record, error) {
	s.mu.Lock()
	lose := s.n > 0
	s.n--
	s.mu.Unlock()
	if lose {
		return room.Record{}, room.ErrConflict
	}
	return s.Store.PutRoom(ctx, r, prev, now)
}

// A write retries under a deadline, not a count: 40 lost races in a row
// (more than the 16 retries that used to give up with internal) still end in the move.
func TestRetriesUnderDeadline(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	tb := h.open("track", M{}, 2)
	cs := &conflictStore{Store: h.store, n: 40}
	h.svc = room.New(room.Deps{Store: cs, Notifier: h.note, Invoker: h.inv, Scheduler: h.sched, Clock: h.clock, AI: h.ai, Log: quiet})
	if st := h.lastState(h.move(tb, 0, "+1")); st.Ply != 1 {
		t.Fatalf("ply %d after the move", st.Ply)
	}
}
