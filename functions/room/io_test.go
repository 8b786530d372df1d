package room_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"

	"madang/functions/room"
	"madang/functions/store/memory"
)

// countingStore counts every call of the Store port.
type countingStore struct {
	*memory.Store
	mu sync.Mutex
	n  map[string]int
}

func (s *countingStore) count(op string) { s.mu.Lock(); s.n[op]++; s.mu.Unlock() }

func (s *countingStore) GetRoom(ctx context.Context, id string, now time.Time) (room.Record, error) {
	s.count("GetRoom")
	return s.Store.GetRoom(ctx, id, now)
}
func (s *countingStore) PutRoom(ctx context.Context, r room.Record, prev int64, now time.Time) (room.Record, error) {
	s.count("PutRoom")
	return s.Store.PutRoom(ctx, r, prev, now)
}
func (s *countingStore) PutConn(ctx context.Context, c room.Conn) error {
	s.count("PutConn")
	return s.Store.PutConn(ctx, c)
}
func (s *countingStore) GetConn(ctx context.Context, id string, now time.Time) (room.Conn, error) {
	s.count("GetConn")
	return s.Store.GetConn(ctx, id, now)
}
func (s *countingStore) DeleteConn(ctx context.Context, id string) error {
	s.count("DeleteConn")
	return s.Store.DeleteConn(ctx, id)
}
func (s *countingStore) ClaimTurn(ctx context.Context, id, turn string, until, now time.Time) (bool, error) {
	s.count("ClaimTurn")
	return s.Store.ClaimTurn(ctx, id, turn, until, now)
}
func (s *countingStore) ReleaseTurn(ctx context.Context, id, turn string) error {
	s.count("ReleaseTurn")
	return s.Store.ReleaseTurn(ctx, id, turn)
}

// ioCount is what one message cost: store calls by name, posts, AI invocations and delayed
// actions asked.
type ioCount struct {
	store                  map[string]int
	posts, invokes, delays int
}

func (c ioCount) String() string {
	return fmt.Sprintf("store %v, %d posts, %d invocations, %d delayed", c.store, c.posts, c.invokes, c.delays)
}

// measure runs f and returns the calls it made through the ports.
func (h *harness) measure(cs *countingStore, f func()) ioCount {
	h.t.Helper()
	posts := func() int {
		h.note.mu.Lock()
		defer h.note.mu.Unlock()
		n := 0
		for _, fs := range h.note.frames {
			n += len(fs)
		}
		return n
	}
	h.note.mu.Lock()
	h.note.frames = map[string][][]byte{}
	h.note.mu.Unlock()
	cs.mu.Lock()
	cs.n = map[string]int{}
	cs.mu.Unlock()
	inv, sch := len(h.inv.calls), len(h.sched.jobs)
	f()
	cs.mu.Lock()
	defer cs.mu.Unlock()
	return ioCount{store: cs.n, posts: posts(), invokes: len(h.inv.calls) - inv, delays: len(h.sched.jobs) - sch}
}

// handle runs one message as it comes from conn, without the harness reading anything.
func (h *harness) handle(conn string, msg M) {
	h.t.Helper()
	raw, _ := json.Marshal(msg)
	if err := h.svc.Handle(context.Background(), conn, raw); err != nil {
		h.t.Fatal(err)
	}
}

func (h *harness) counting() *countingStore {
	cs := &countingStore{Store: h.store, n: map[string]int{}}
	h.svc = room.New(room.Deps{Store: cs, Notifier: h.note, Invoker: h.inv, Scheduler: h.sched, Clock: h.clock, AI: h.ai, Log: quiet, Rand: h.rand})
	return cs
}

// This pins what a move costs: a person's move from the socket bound to its
// seat is one read and one write of the room and one post per socket of the room (two
// seats and a spectator: 3), nothing else; the AI's reply costs two reads, the turn's claim
// and one write; a ping naming the room one read; a ping without one no read.
func TestMoveIO(t *testing.T) {
	h := newHarness(t)
	cs := h.counting()
	tb := h.open("checkers", M{}, 2)
	h.send("w", M{"action": "join", "room": tb.id})
	legal := h.snap(tb).Legal[0]
	got := h.measure(cs, func() {
		h.handle("c0", M{"action": "move", "room": tb.id, "token": tb.tokens[0], "ply": 0, "move": legal})
	})
	if fmt.Sprint(got.store) != "map[GetRoom:1 PutRoom:1]" || got.posts != 3 || got.invokes != 0 || got.delays != 0 {
		t.Errorf("a person's move: %v; want store map[GetRoom:1 PutRoom:1], 3 posts, nothing else", got)
	}
	t.Logf("a person's move (2 seats, 1 spectator): %v", got)

	got = h.measure(cs, func() { h.handle("w", M{"action": "ping", "room": tb.id}) })
	if fmt.Sprint(got.store) != "map[GetRoom:1]" || got.posts != 1 {
		t.Errorf("a ping naming the room: %v; want one read and the pong", got)
	}
	got = h.measure(cs, func() { h.handle("w", M{"action": "ping"}) })
	if len(got.store) != 0 || got.posts != 1 {
		t.Errorf("a plain ping: %v; want no store call and the pong", got)
	}

	// Against the AI.
	h2 := newHarness(t)
	cs2 := h2.counting()
	tb2 := h2.open("checkers", M{}, 1)
	h2.send("c0", M{"action": "fillAI", "room": tb2.id, "token": tb2.tokens[0], "level": "beginner"})
	legal = h2.snap(tb2).Legal[0]
	got = h2.measure(cs2, func() {
		h2.handle("c0", M{"action": "move", "room": tb2.id, "token": tb2.tokens[0], "ply": 0, "move": legal})
	})
	if fmt.Sprint(got.store) != "map[GetRoom:1 PutRoom:1]" || got.posts != 1 || got.invokes != 1 {
		t.Errorf("a person's move against the AI: %v; want store map[GetRoom:1 PutRoom:1], 1 post, 1 invocation", got)
	}
	t.Logf("a person's move against the AI: %v", got)
	last := h2.inv.calls[len(h2.inv.calls)-1]
	got = h2.measure(cs2, func() { h2.svc.RunAI(context.Background(), last.room, last.version) })
	if fmt.Sprint(got.store) != "map[GetRoom:1 PutRoom:1]" || got.posts != 1 || got.invokes != 0 {
		t.Errorf("the AI's move (beginner): %v; want store map[GetRoom:1 PutRoom:1] (one read: the write starts from the read made to think), 1 post", got)
	}
	t.Logf("the AI's move (beginner): %v", got)

	// At the advanced level the AI claims its turn before the search: one small write more.
	h3 := newHarness(t)
	cs3 := h3.counting()
	tb3 := h3.open("checkers", M{}, 1)
	h3.send("c0", M{"action": "fillAI", "room": tb3.id, "token": tb3.tokens[0], "level": "advanced"})
	legal = h3.snap(tb3).Legal[0]
	h3.handle("c0", M{"action": "move", "room": tb3.id, "token": tb3.tokens[0], "ply": 0, "move": legal})
	last = h3.inv.calls[len(h3.inv.calls)-1]
	got = h3.measure(cs3, func() { h3.svc.RunAI(context.Background(), last.room, last.version) })
	if fmt.Sprint(got.store) != "map[ClaimTurn:1 GetRoom:1 PutRoom:1]" || got.posts != 1 {
		t.Errorf("the AI's move (advanced): %v; want store map[ClaimTurn:1 GetRoom:1 PutRoom:1], 1 post", got)
	}
}
