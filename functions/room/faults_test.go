package room_test

// Faults of the room service that show on real AWS.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"madang/functions/room"
	"madang/functions/store/memory"
	"madang/rules"
)

// Every repeated join of a room with an away seat asked for its own away
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

// aiTurn opens a two-seat track room against the AI at the advanced level (whose turns are
// claimed before the search) with ai and plays seat 0's first move: the AI's turn has begun.
func aiTurn(t *testing.T, ai room.AI) (*harness, table) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	h.svc = room.New(room.Deps{Store: h.store, Notifier: h.note, Invoker: h.inv, Scheduler: h.sched, Clock: h.clock, AI: ai, Log: quiet, Rand: h.rand})
	tb := h.open("track", M{}, 1)
	h.send("c0", M{"action": "fillAI", "room": tb.id, "token": tb.tokens[0], "level": "advanced"})
	h.move(tb, 0, "+1")
	return h, tb
}

// Async invocation is at least once, so the AI function may get one turn
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

// fakeProber answers probes as the gateway would: ErrGone for the sockets the notifier
// treats as gone (a socket that closed), alive otherwise. It counts the probes.
type fakeProber struct {
	note   *fakeNotifier
	mu     sync.Mutex
	probes []string
}

func (p *fakeProber) Probe(_ context.Context, conn string) (time.Time, error) {
	p.mu.Lock()
	p.probes = append(p.probes, conn)
	p.mu.Unlock()
	p.note.mu.Lock()
	defer p.note.mu.Unlock()
	if p.note.gone[conn] {
		return time.Time{}, room.ErrGone
	}
	return t0, nil
}

func (p *fakeProber) count() int { p.mu.Lock(); defer p.mu.Unlock(); return len(p.probes) }

// probing is a harness whose service probes sockets through a fakeProber.
func probing(t *testing.T) (*harness, *fakeProber) {
	h := newHarness(t)
	p := &fakeProber{note: h.note}
	h.svc = room.New(room.Deps{Store: h.store, Notifier: h.note, Prober: p, Invoker: h.inv, Scheduler: h.sched, Clock: h.clock, AI: h.ai, Log: quiet, Rand: h.rand})
	return h, p
}

// loseSocket closes conn's socket without its $disconnect (API Gateway's is best effort):
// the gateway no longer has it, the room still lists it.
func (h *harness) loseSocket(conn string) {
	h.note.mu.Lock()
	h.note.gone[conn] = true
	h.note.mu.Unlock()
}

func (h *harness) ping(conn, roomID string) {
	h.t.Helper()
	fs := h.send(conn, M{"action": "ping", "room": roomID, "id": 9})
	if len(fs) == 0 || fs[0].Type != "pong" || string(fs[0].ID) != "9" {
		h.t.Fatalf("ping answered %s", describe(fs))
	}
}

// The $disconnect of the checkers seat to move is lost. Its opponent's
// ping (which names the room) finds the socket gone once the seat has been silent on its
// turn for room.ProbeAfter: the seat shows away from then, and 2 min later the opponent's
// takeover succeeds (before, the seat stayed "connected" and takeover answered not-allowed
// until the room expired).
func TestLostDisconnectFoundByPing(t *testing.T) {
	h, p := probing(t)
	tb := h.open("checkers", M{}, 2)
	h.move(tb, 0, h.snap(tb).Legal[0])
	h.loseSocket("c1")
	h.clock.Advance(room.ProbeAfter - time.Second)
	h.ping("c0", tb.id)
	if p.count() != 0 || !h.snap(tb).Seats[1].Connected {
		t.Fatalf("probed %d sockets before the seat had been silent %v", p.count(), room.ProbeAfter)
	}
	h.clock.Advance(time.Second)
	h.ping("c0", tb.id)
	st := h.snap(tb)
	if p.count() != 1 || st.Seats[1].Connected || st.Seats[1].AwaySince == nil || *st.Seats[1].AwaySince != h.clock.Now().UnixMilli() {
		t.Fatalf("after %v of silence: %d probes, seat %+v", room.ProbeAfter, p.count(), st.Seats[1])
	}
	if _, err := h.store.GetConn(context.Background(), "c1", h.clock.Now()); !errors.Is(err, room.ErrNotFound) {
		t.Fatalf("the gone socket's connection record: %v, want deleted", err)
	}
	h.wantError(h.send("c0", M{"action": "takeover", "room": tb.id, "token": tb.tokens[0]}), "not-allowed")
	h.clock.Advance(2 * time.Minute)
	st = h.lastState(h.send("c0", M{"action": "takeover", "room": tb.id, "token": tb.tokens[0]}))
	if st.Seats[1].Kind != "ai" {
		t.Fatalf("takeover 2 min after the seat was found gone: %+v", st.Seats[1])
	}
}

// The takeover request itself probes the seat it names when that seat looks connected.
func TestLostDisconnectFoundByTakeover(t *testing.T) {
	h, p := probing(t)
	tb := h.open("checkers", M{}, 2)
	h.move(tb, 0, h.snap(tb).Legal[0])
	h.loseSocket("c1")
	// The seat's departure is broadcast first (the sender is in the room), then the refusal:
	// the seat has been away for no time yet.
	fs := h.send("c0", M{"action": "takeover", "room": tb.id, "token": tb.tokens[0], "seat": 1})
	h.wantError(fs[len(fs)-1:], "not-allowed")
	if p.count() != 1 || h.snap(tb).Seats[1].Connected {
		t.Fatalf("takeover of a seat whose socket is gone: %d probes, seat %+v", p.count(), h.snap(tb).Seats[1])
	}
	h.clock.Advance(2 * time.Minute)
	if st := h.lastState(h.send("c0", M{"action": "takeover", "room": tb.id, "token": tb.tokens[0]})); st.Seats[1].Kind != "ai" {
		t.Fatalf("takeover 2 min later: %+v", st.Seats[1])
	}
	// A token that proves no seat probes nothing.
	n := p.count()
	h.send("x", M{"action": "takeover", "room": tb.id, "token": "AAAAAAAAAAAAAAAAAAAAAA"})
	if p.count() != n {
		t.Fatal("a takeover with a bad token probed")
	}
}

// The star games: the seat to move of a three-seat diamond loses its $disconnect. Found
// gone by a ping, it is away from then, and 45 s later the AI plays its turn.
func TestLostDisconnectStarGameAIPlaysOn(t *testing.T) {
	h, _ := probing(t)
	tb := h.open("diamond", M{"players": 3}, 3)
	h.move(tb, 0, h.snap(tb).Legal[0])
	h.move(tb, 1, h.snap(tb).Legal[0])
	if st := h.snap(tb); st.ToMove != 2 {
		t.Fatalf("to move %d, want 2", st.ToMove)
	}
	h.loseSocket("c2")
	h.clock.Advance(room.ProbeAfter)
	h.ping("c1", tb.id)
	if len(h.sched.jobs) != 1 || h.sched.jobs[0].d != 45*time.Second {
		t.Fatalf("no away check for the seat found gone: %+v", h.sched.jobs)
	}
	h.clock.Advance(45 * time.Second)
	h.svc.RunDelayed(context.Background(), h.sched.jobs[0].a)
	if len(h.inv.calls) == 0 {
		t.Fatal("the AI was not invoked for the away seat")
	}
	last := h.inv.calls[len(h.inv.calls)-1]
	h.svc.RunAI(context.Background(), last.room, last.version)
	if st := h.snap(tb); st.Ply != 3 || st.ToMove != 0 || !st.Seats[2].AI {
		t.Fatalf("after the away check: ply %d, to move %d, seat %+v; want the AI's move", st.Ply, st.ToMove, st.Seats[2])
	}
}

// Probing stays cheap: a ping without a room reads nothing; a ping from a socket the room
// does not list, or from the seat to move itself, probes nothing; a live socket survives
// its probe.
func TestProbeOnlyWhenDue(t *testing.T) {
	h, p := probing(t)
	tb := h.open("checkers", M{}, 2)
	h.move(tb, 0, h.snap(tb).Legal[0])
	h.clock.Advance(time.Minute)
	h.ping("stranger", tb.id)
	h.ping("c1", tb.id)
	if p.count() != 0 {
		t.Fatalf("%d probes from a stranger's and the seat's own pings", p.count())
	}
	h.ping("c0", tb.id)
	if p.count() != 1 || !h.snap(tb).Seats[1].Connected {
		t.Fatalf("probe of a live socket: %d probes, seat %+v", p.count(), h.snap(tb).Seats[1])
	}
	// The seat acts: its silence starts again.
	h.send("c1", M{"action": "resume", "room": tb.id, "token": tb.tokens[1]})
	h.send("c1b", M{"action": "resume", "room": tb.id, "token": tb.tokens[1]})
	h.ping("c0", tb.id)
	if p.count() != 1 {
		t.Fatalf("probed a seat that had just acted (%d probes)", p.count())
	}
}

// losingInvoker runs the AI's turns at once (RunAI), except the first lose invocations,
// which it drops: an async invocation that failed, was retried and failed again, or was
// older than the event age limit.
type losingInvoker struct {
	svc   *room.Service
	lose  int
	calls int
}

func (f *losingInvoker) InvokeAI(ctx context.Context, id string, v int64) error {
	f.calls++
	if f.calls <= f.lose {
		return nil
	}
	return f.svc.RunAI(ctx, id, v)
}

// The AI's invocation is lost twice (the event and its retry, and then the
// re-invocation too). Before, the room waited for ever (only a person's resume revived
// it); now a ping naming the room re-invokes the AI once the turn is room.AIOverdue old.
func TestLostAITurnReinvoked(t *testing.T) {
	h := newHarness(t)
	inv := &losingInvoker{lose: 2}
	h.svc = room.New(room.Deps{Store: h.store, Notifier: h.note, Invoker: inv, Scheduler: h.sched, Clock: h.clock, AI: h.ai, Log: quiet, Rand: h.rand})
	inv.svc = h.svc
	tb := h.open("checkers", M{}, 1)
	h.send("c0", M{"action": "fillAI", "room": tb.id, "token": tb.tokens[0], "level": "beginner"})
	h.move(tb, 0, h.snap(tb).Legal[0]) // the AI's turn: invocation 1, lost
	h.clock.Advance(time.Minute)
	h.ping("c0", tb.id)
	if inv.calls != 1 {
		t.Fatalf("%d invocations a minute into the AI's turn, want 1 (not overdue yet)", inv.calls)
	}
	h.clock.Advance(room.AIOverdue - time.Minute)
	h.ping("c0", tb.id) // overdue: invocation 2, lost again
	if inv.calls != 2 || h.snap(tb).Ply != 1 {
		t.Fatalf("overdue: %d invocations, ply %d; want 2 and 1", inv.calls, h.snap(tb).Ply)
	}
	h.clock.Advance(time.Minute)
	h.ping("c0", tb.id) // invocation 3 runs
	if st := h.snap(tb); st.Ply != 2 || st.ToMove != 0 {
		t.Fatalf("after the third invocation: ply %d, to move %d; want the AI's move", st.Ply, st.ToMove)
	}
}

// A resume from the socket that holds the seat (which writes nothing) and a spectator's
// join also re-invoke an overdue AI turn; before it is overdue they do not.
func TestOverdueAITurnResumeJoin(t *testing.T) {
	h := newHarness(t)
	tb := h.open("checkers", M{}, 1)
	h.send("c0", M{"action": "fillAI", "room": tb.id, "token": tb.tokens[0], "level": "beginner"})
	h.move(tb, 0, h.snap(tb).Legal[0])
	n := len(h.inv.calls)
	h.send("c0", M{"action": "resume", "room": tb.id, "token": tb.tokens[0]})
	h.send("w", M{"action": "join", "room": tb.id})
	if len(h.inv.calls) != n {
		t.Fatalf("a fresh AI turn was invoked again %d times", len(h.inv.calls)-n)
	}
	h.clock.Advance(room.AIOverdue)
	h.send("c0", M{"action": "resume", "room": tb.id, "token": tb.tokens[0]})
	h.send("w", M{"action": "join", "room": tb.id})
	h.send("w2", M{"action": "join", "room": tb.id})
	if len(h.inv.calls) != n+3 {
		t.Fatalf("an overdue AI turn: %d invocations from a resume and two joins, want 3", len(h.inv.calls)-n)
	}
}

// countingAI plays the first legal move and counts its searches; safe for concurrent use.
type countingAI struct {
	mu       sync.Mutex
	searches int
}

func (a *countingAI) Choose(_ context.Context, s rules.State, _ string, _ int64) (rules.Move, error) {
	a.mu.Lock()
	a.searches++
	a.mu.Unlock()
	return s.Moves()[0], nil
}
func (a *countingAI) AcceptDraw(rules.State) bool { return false }
func (a *countingAI) OfferDraw(rules.State) bool  { return false }
func (a *countingAI) count() int                  { a.mu.Lock(); defer a.mu.Unlock(); return a.searches }

// pump runs the invocations the fake invoker has recorded, and those they cause, until none
// is left or limit runs have been made; it returns the runs.
func (h *harness) pump(limit int) int {
	runs := 0
	for ; runs < limit; runs++ {
		h.inv.mu.Lock()
		if len(h.inv.calls) == 0 {
			h.inv.mu.Unlock()
			break
		}
		c := h.inv.calls[0]
		h.inv.calls = h.inv.calls[1:]
		h.inv.mu.Unlock()
		h.svc.RunAI(context.Background(), c.room, c.version)
	}
	return runs
}

// Twenty three-seat diamond rooms, AI filled, then left by everyone (the
// creator leaves the seat to the AI and closes the socket: 60 messages in all) were played on
// by the AI with nobody connected, holding the AI pool. The AI plays no room without a
// socket, and picks up when one comes back. (A person's leave now ends such a game, so here
// the creator makes the first move and closes the socket: the AI seats are to move.)
func TestAIPlaysNoUnwatchedRoom(t *testing.T) {
	h := newHarness(t)
	ai := &countingAI{}
	h.svc = room.New(room.Deps{Store: h.store, Notifier: h.note, Invoker: h.inv, Scheduler: h.sched, Clock: h.clock, AI: ai, Log: quiet, Rand: h.rand})
	var ids []string
	for r := 0; r < 20; r++ {
		p := fmt.Sprint("p", r)
		fs := h.send(p, M{"action": "create", "game": "diamond", "options": M{"players": 3}})
		var id string
		if err := json.Unmarshal(fs[0].Room, &id); err != nil {
			t.Fatal(err)
		}
		tok := *fs[0].Token
		h.send(p, M{"action": "fillAI", "room": id, "token": tok, "level": "beginner"})
		st, err := h.svc.Snapshot(context.Background(), id)
		if err != nil || st.Status != room.StatusPlaying || st.ToMove != 0 || len(st.Legal) == 0 {
			t.Fatalf("room %s after fillAI: %+v, %v", id, st, err)
		}
		h.send(p, M{"action": "move", "room": id, "token": tok, "ply": 0, "move": st.Legal[0]})
		h.svc.Disconnect(context.Background(), p)
		ids = append(ids, id)
	}
	runs := h.pump(20 * 400)
	if n := ai.count(); n != 0 {
		t.Fatalf("%d AI searches (%d runs) in 20 rooms nobody watches, want none", n, runs)
	}
	for _, id := range ids {
		if st, err := h.svc.Snapshot(context.Background(), id); err != nil || st.Ply != 1 || st.Status != room.StatusPlaying {
			t.Fatalf("room %s: %+v, %v; want ply 1 in play", id, st, err)
		}
	}
	// A spectator comes back to one room: the AI plays it again (and it alone), its two
	// seats, up to the person's turn.
	h.send("w", M{"action": "join", "room": ids[3]})
	h.pump(3)
	if st, _ := h.svc.Snapshot(context.Background(), ids[3]); st.Ply != 3 {
		t.Fatalf("watched again: ply %d after the AI's runs, want 3", st.Ply)
	}
	if st, _ := h.svc.Snapshot(context.Background(), ids[4]); st.Ply != 1 {
		t.Fatalf("an unwatched room moved: ply %d", st.Ply)
	}
}

// syncStore is a store that orders its room writes at once and makes them durable only
// when the test says so: the first write after hold waits for release (a slow disk sync).
type syncStore struct {
	*memory.Store
	mu      sync.Mutex
	hold    bool
	synced  chan struct{} // closed once the held write is ordered
	release chan struct{}
}

func (s *syncStore) PutRoomOrdered(ctx context.Context, r room.Record, prev int64, now time.Time) (room.Record, func() error, error) {
	cur, err := s.Store.PutRoom(ctx, r, prev, now)
	if err != nil {
		return cur, nil, err
	}
	s.mu.Lock()
	held := s.hold
	s.hold = false
	s.mu.Unlock()
	if !held {
		return cur, func() error { return nil }, nil
	}
	close(s.synced)
	return cur, func() error { <-s.release; return nil }, nil
}

// PutRoom is PutRoomOrdered and its sync, for a service that waits for both.
func (s *syncStore) PutRoom(ctx context.Context, r room.Record, prev int64, now time.Time) (room.Record, error) {
	cur, durable, err := s.PutRoomOrdered(ctx, r, prev, now)
	if err != nil {
		return cur, err
	}
	return cur, durable()
}

// Under --sync-ack the room's lock (Deps.SerialRooms) was held across the
// disk sync, so every writer of a room queued behind each sync (sockets that only knew the
// room id, connecting, joining and closing in a loop, slowed the players' moves to 2-5 s).
// The lock is released once the write is ordered: a second writer of the room writes while
// the first still waits for its sync, and the first is answered only after its sync.
func TestSyncAckReleasesRoomLock(t *testing.T) {
	h := newHarness(t)
	ss := &syncStore{Store: h.store, synced: make(chan struct{}), release: make(chan struct{})}
	h.svc = room.New(room.Deps{Store: ss, Notifier: h.note, Invoker: h.inv, Scheduler: h.sched, Clock: h.clock, AI: h.ai, Log: quiet, Rand: h.rand, SerialRooms: true})
	usePolicy(t, room.Policy{})
	tb := h.open("track", M{}, 2)
	ss.mu.Lock()
	ss.hold = true
	ss.mu.Unlock()
	moved := make(chan error, 1)
	go func() {
		moved <- h.svc.Handle(context.Background(), "c0", []byte(`{"action":"move","room":"`+tb.id+`","token":"`+tb.tokens[0]+`","ply":0,"move":"+1","id":7}`))
	}()
	<-ss.synced // the move is ordered, its sync under way
	joined := make(chan error, 1)
	go func() {
		joined <- h.svc.Handle(context.Background(), "w", []byte(`{"action":"join","room":"`+tb.id+`"}`))
	}()
	select {
	case err := <-joined:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		close(ss.release)
		t.Fatal("a second writer of the room waited for the first one's disk sync")
	}
	select {
	case <-moved:
		t.Fatal("the move was answered before its sync")
	default:
	}
	for _, f := range h.take("c0") {
		if string(f.ID) == "7" {
			t.Fatalf("the move was answered before its sync: %s", describe([]frame{f}))
		}
	}
	close(ss.release)
	if err := <-moved; err != nil {
		t.Fatal(err)
	}
	if st := h.snap(tb); st.Ply != 1 || st.Spectators != 1 {
		t.Fatalf("ply %d, %d spectators; want the move and the join", st.Ply, st.Spectators)
	}
}
