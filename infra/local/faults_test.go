package local_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"madang/functions/room"
	"madang/functions/store/memory"
	"madang/infra/local"
	"madang/rules"

	"madang/internal/fakeclock"
)

// waitFor polls cond until it holds or 10 s pass.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// Through the real local stack: the gateway drops the $disconnect of the
// checkers seat to move (DropDisconnect, API Gateway's best effort). The opponent's ping
// naming the room finds the socket gone once the seat has been silent room.ProbeAfter, and
// 2 min later the opponent takes the seat over.
func TestLostDisconnectLocalStack(t *testing.T) {
	clk := fakeclock.New(time.Now())
	st := local.New(local.Config{Store: memory.New(), Clock: clk, Log: quietLog})
	st.Gateway.DropDisconnect = true
	srv := httptest.NewServer(st.Handler())
	defer srv.Close()
	defer st.Close()
	ctx := context.Background()

	a, b := newClient(t, srv, "a"), newClient(t, srv, "b")
	fs, err := a.ask(map[string]any{"action": "create", "game": "checkers", "options": map[string]any{}}, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	id, tok := snapOf(t, fs).ID, fs[0].Token
	if _, err := b.ask(map[string]any{"action": "join", "room": id}, 5*time.Second); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the game to start", func() bool { return a.snap().Status == room.StatusPlaying })
	s := a.snap()
	if _, err := a.ask(map[string]any{"action": "move", "room": id, "token": tok, "ply": s.Ply, "move": s.Legal[0]}, 5*time.Second); err != nil {
		t.Fatal(err)
	}
	b.c.CloseNow() // seat 1, to move, goes; its $disconnect is dropped
	waitFor(t, "the gateway to forget the closed socket", func() bool { return st.Gateway.Open() == 1 })
	seat1 := func() room.SeatView {
		snap, err := st.Service.Snapshot(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		return snap.Seats[1]
	}
	if !seat1().Connected {
		t.Fatal("the seat shows away although its $disconnect was dropped: the test double does not drop it")
	}
	clk.Advance(room.ProbeAfter)
	if fs, err := a.ask(map[string]any{"action": "ping", "room": id}, 5*time.Second); err != nil || fs[len(fs)-1].Type != "pong" {
		t.Fatalf("ping: %v %+v", err, fs)
	}
	waitFor(t, "the seat found gone", func() bool { return !seat1().Connected })
	clk.Advance(2 * time.Minute)
	fs, err = a.ask(map[string]any{"action": "takeover", "room": id, "token": tok}, 5*time.Second)
	if err != nil || fs[len(fs)-1].Type != "state" {
		t.Fatalf("takeover: %v %+v", err, fs)
	}
	if v := seat1(); v.Kind != room.KindAI {
		t.Fatalf("after the takeover: %+v", v)
	}
}

// levelAI answers beginner turns at once; every advanced search waits for release (a long
// search), counting those under way.
type levelAI struct {
	mu       sync.Mutex
	advanced int // advanced searches under way
	release  chan struct{}
}

func (a *levelAI) Choose(ctx context.Context, s rules.State, level string, _ int64) (rules.Move, error) {
	if level == "advanced" {
		a.mu.Lock()
		a.advanced++
		a.mu.Unlock()
		select {
		case <-a.release:
		case <-ctx.Done():
		}
		a.mu.Lock()
		a.advanced--
		a.mu.Unlock()
	}
	return s.Moves()[0], nil
}
func (a *levelAI) AcceptDraw(rules.State) bool { return false }
func (a *levelAI) OfferDraw(rules.State) bool  { return false }
func (a *levelAI) running() int                { a.mu.Lock(); defer a.mu.Unlock(); return a.advanced }

// versusAI opens a checkers room against the AI at level and plays the person's first move.
func versusAI(t *testing.T, srv *httptest.Server, name, level string) (*wsClient, string) {
	t.Helper()
	cl := newClient(t, srv, name)
	fs, err := cl.ask(map[string]any{"action": "create", "game": "checkers", "options": map[string]any{}}, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	id, tok := snapOf(t, fs).ID, fs[0].Token
	if _, err := cl.ask(map[string]any{"action": "fillAI", "room": id, "token": tok, "level": level}, 5*time.Second); err != nil {
		t.Fatal(err)
	}
	s := cl.snap()
	if _, err := cl.ask(map[string]any{"action": "move", "room": id, "token": tok, "ply": 0, "move": s.Legal[0]}, 5*time.Second); err != nil {
		t.Fatal(err)
	}
	return cl, id
}

// With every worker of the AI pool held by advanced searches, another
// person's beginner turn is still served (it waited for them before: 9 ms became 12 s).
func TestAIPoolServesShortTurnBesideLongOnes(t *testing.T) {
	ai := &levelAI{release: make(chan struct{})}
	st := local.New(local.Config{Store: memory.New(), AI: ai, AIWorkers: 2, Log: quietLog})
	srv := httptest.NewServer(st.Handler())
	defer srv.Close()
	defer st.Close()
	defer close(ai.release)
	for k := 0; k < 3; k++ { // more long searches than workers
		versusAI(t, srv, fmt.Sprint("adv", k), "advanced")
	}
	waitFor(t, "two advanced searches to hold both workers", func() bool { return ai.running() == 2 })
	cl, _ := versusAI(t, srv, "beg", "beginner")
	waitFor(t, "the beginner AI's reply", func() bool { return cl.snap().Ply == 2 })
	if n := ai.running(); n != 2 {
		t.Fatalf("%d advanced searches under way, want 2 (the pool's bound)", n)
	}
}
