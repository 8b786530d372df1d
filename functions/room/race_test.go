package room_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"madang/functions/room"
	"madang/functions/store/memory"
)

// hookStore runs hook once, just before the first room write it is asked for after arm,
// to let another writer in between a message's read and its write; fail makes writes fail.
type hookStore struct {
	*memory.Store
	mu    sync.Mutex
	hook  func()
	fail  error
	reads int
}

func (s *hookStore) GetRoom(ctx context.Context, id string, now time.Time) (room.Record, error) {
	s.mu.Lock()
	s.reads++
	s.mu.Unlock()
	return s.Store.GetRoom(ctx, id, now)
}

func (s *hookStore) PutRoom(ctx context.Context, r room.Record, prev int64, now time.Time) (room.Record, error) {
	s.mu.Lock()
	h, fail := s.hook, s.fail
	s.hook = nil
	s.mu.Unlock()
	if fail != nil {
		return room.Record{}, fail
	}
	if h != nil {
		h()
	}
	return s.Store.PutRoom(ctx, r, prev, now)
}

func (s *hookStore) arm(f func()) { s.mu.Lock(); s.hook = f; s.mu.Unlock() }

func hooked(t *testing.T) (*harness, *hookStore) {
	h := newHarness(t)
	hs := &hookStore{Store: h.store}
	h.svc = room.New(room.Deps{Store: hs, Notifier: h.note, Invoker: h.inv, Scheduler: h.sched, Clock: h.clock, AI: h.ai, Log: quiet})
	return h, hs
}

// A lost race re-reads and retries: a watcher joins between the move's read and its write;
// the move is then applied on top of the join.
func TestLostRaceRetries(t *testing.T) {
	h, hs := hooked(t)
	usePolicy(t, room.Policy{})
	tb := h.open("track", M{}, 2)
	hs.arm(func() { h.send("w", M{"action": "join", "room": tb.id}) })
	st := h.lastState(h.move(tb, 0, "+1"))
	if st.Ply != 1 || st.Spectators != 1 || st.Version != 4 {
		t.Fatalf("after the race: ply %d spectators %d v%d, want 1, 1, v4 (create, join, the racing join, the move)", st.Ply, st.Spectators, st.Version)
	}
}

// A lost race resyncs from the room the failed write returned (as DynamoDB's
// ReturnValuesOnConditionCheckFailure gives it) instead of reading the room again.
func TestLostRaceResyncsWithoutSecondRead(t *testing.T) {
	h, hs := hooked(t)
	usePolicy(t, room.Policy{})
	tb := h.open("track", M{}, 2)
	var readsBefore int
	hs.arm(func() {
		h.send("w", M{"action": "join", "room": tb.id})
		hs.mu.Lock()
		readsBefore = hs.reads
		hs.mu.Unlock()
	})
	st := h.lastState(h.move(tb, 0, "+1"))
	if st.Ply != 1 || st.Version != 4 {
		t.Fatalf("after the race: ply %d v%d, want 1, v4", st.Ply, st.Version)
	}
	hs.mu.Lock()
	defer hs.mu.Unlock()
	if hs.reads != readsBefore {
		t.Fatalf("the retry read the room %d more time(s); the conflict already returned it", hs.reads-readsBefore)
	}
}

// A lost race re-validates: the opponent resigns between the move's read and its write; the
// move is refused on the re-read room and nothing of it is stored.
func TestLostRaceRevalidates(t *testing.T) {
	h, hs := hooked(t)
	usePolicy(t, room.Policy{})
	tb := h.open("track", M{}, 2)
	hs.arm(func() { h.send("c1", M{"action": "resign", "room": tb.id, "token": tb.tokens[1]}) })
	fs := h.move(tb, 0, "+1")
	h.wantError(fs[len(fs)-1:], "game-over") // after the resign's broadcast
	st := h.snap(tb)
	if st.Ply != 0 || st.Status != "over" || *st.Result.Winner != 0 {
		t.Fatalf("%+v", st)
	}
}

func TestStoreFailureIsInternal(t *testing.T) {
	h, hs := hooked(t)
	usePolicy(t, room.Policy{})
	tb := h.open("track", M{}, 2)
	before := h.record(tb.id)
	hs.mu.Lock()
	hs.fail = errors.New("disk on fire")
	hs.mu.Unlock()
	h.wantError(h.move(tb, 0, "+1"), "internal")
	h.unchanged(before)
}
