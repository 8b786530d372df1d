package room_test

// Faults of the room service that show on real AWS (issue 28, section B).

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"madang/functions/room"
	"madang/rules"
)

// Issue 28 item 9: every repeated join of a room with an away seat asked for its own away
// check (28,820 joins -> 23,143 goroutines locally, as many SQS messages on AWS). One check
// is asked per due time, whoever joins and however often.
func TestJoinsAskOneAwayCheck(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{AwayAI: 45 * time.Second})
	tb := h.open("track", M{}, 2)
	h.move(tb, 0, "+1")
	h.svc.Disconnect(context.Background(), "c1")
	if n := len(h.sched.jobs); n != 1 {
		t.Fatalf("the seat left: %d away checks, want 1", n)
	}
	for k := 0; k < 200; k++ {
		h.send("w", M{"action": "join", "room": tb.id}) // a socket joining again and again
	}
	for k := 0; k < 40; k++ {
		h.send(fmt.Sprint("w", k), M{"action": "join", "room": tb.id}) // new spectators
	}
	h.clock.Advance(10 * time.Second)
	h.send("c0b", M{"action": "resume", "room": tb.id, "token": tb.tokens[0]}) // a write
	if n := len(h.sched.jobs); n != 1 {
		t.Fatalf("after 240 joins and a resume: %d away checks asked, want 1", n)
	}
	// The check comes: the AI plays for the away seat, and nothing more is asked.
	h.clock.Advance(35 * time.Second)
	h.svc.RunDelayed(context.Background(), h.sched.jobs[0].a)
	if st := h.snap(tb); !st.Seats[1].AI {
		t.Fatalf("after the check: %+v", st.Seats[1])
	}
	for k := 0; k < 20; k++ {
		h.send("w", M{"action": "join", "room": tb.id})
	}
	if n := len(h.sched.jobs); n != 1 {
		t.Fatalf("after the check: %d away checks, want 1", n)
	}
}

// A check that never comes (a lost message, a restart of the local queue) is asked again by
// the next message once it is overdue by room.awayLost, and only once.
func TestLostAwayCheckAskedAgain(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{AwayAI: 45 * time.Second})
	tb := h.open("track", M{}, 2)
	h.move(tb, 0, "+1")
	h.svc.Disconnect(context.Background(), "c1")
	h.clock.Advance(45*time.Second + 10*time.Minute + time.Second)
	for k := 0; k < 5; k++ {
		h.send("w", M{"action": "join", "room": tb.id})
	}
	if n := len(h.sched.jobs); n != 2 || h.sched.jobs[1].d != 0 {
		t.Fatalf("lost check: %+v, want one more at once", h.sched.jobs)
	}
	h.svc.RunDelayed(context.Background(), h.sched.jobs[1].a)
	if st := h.snap(tb); !st.Seats[1].AI {
		t.Fatalf("after the check: %+v", st.Seats[1])
	}
}

// gateAI counts its searches; the first waits for release before answering (a long search),
// failFirst makes the first answer an error instead (a run that fails).
type gateAI struct {
	mu        sync.Mutex
	searches  int
	entered   chan struct{} // closed when the first search begins
	release   chan struct{}
	failFirst bool
}

func newGateAI() *gateAI {
	return &gateAI{entered: make(chan struct{}), release: make(chan struct{})}
}

func (a *gateAI) Choose(_ context.Context, s rules.State, _ string, _ int64) (rules.Move, error) {
	a.mu.Lock()
	a.searches++
	first := a.searches == 1
	a.mu.Unlock()
	if first {
		if a.failFirst {
			return nil, errors.New("search failed")
		}
		close(a.entered)
		<-a.release
	}
	return s.Moves()[0], nil
}
func (a *gateAI) AcceptDraw(rules.State) bool { return false }
func (a *gateAI) OfferDraw(rules.State) bool  { return false }

func (a *gateAI) count() int { a.mu.Lock(); defer a.mu.Unlock(); return a.searches }

// aiTurn opens a two-seat track room against the AI with ai and plays seat 0's first move:
// the AI's turn has begun.
func aiTurn(t *testing.T, ai room.AI) (*harness, table) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	h.svc = room.New(room.Deps{Store: h.store, Notifier: h.note, Invoker: h.inv, Scheduler: h.sched, Clock: h.clock, AI: ai, Log: quiet, Rand: h.rand})
	tb := h.open("track", M{}, 1)
	h.send("c0", M{"action": "fillAI", "room": tb.id, "token": tb.tokens[0]})
	h.move(tb, 0, "+1")
	return h, tb
}

// Issue 28 item 7: async invocation is at least once, so the AI function may get one turn
// twice; the second copy stops before searching (it finds the turn claimed) instead of
// running a second full search.
func TestDuplicateAIRunSearchesOnce(t *testing.T) {
	ai := newGateAI()
	h, tb := aiTurn(t, ai)
	v := h.snap(tb).Version
	done := make(chan error, 1)
	go func() { done <- h.svc.RunAI(context.Background(), tb.id, v) }()
	<-ai.entered
	if err := h.svc.RunAI(context.Background(), tb.id, v); err != nil {
		t.Fatal(err)
	}
	close(ai.release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if n := ai.count(); n != 1 {
		t.Fatalf("two runs of one AI turn searched %d times, want 1", n)
	}
	if st := h.snap(tb); st.Ply != 2 {
		t.Fatalf("ply %d after the AI's turn, want 2", st.Ply)
	}
}

// A run that fails gives its claim back: the async retry (or the next invocation) searches
// at once instead of waiting for the claim to expire.
func TestFailedAIRunReleasesClaim(t *testing.T) {
	ai := newGateAI()
	ai.failFirst = true
	h, tb := aiTurn(t, ai)
	v := h.snap(tb).Version
	if err := h.svc.RunAI(context.Background(), tb.id, v); err == nil {
		t.Fatal("the failed search returned no error")
	}
	if err := h.svc.RunAI(context.Background(), tb.id, v); err != nil {
		t.Fatal(err)
	}
	if st := h.snap(tb); st.Ply != 2 || ai.count() != 2 {
		t.Fatalf("the retry after a failed run: ply %d, %d searches; want ply 2, 2 searches", st.Ply, ai.count())
	}
}
