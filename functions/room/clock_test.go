package room_test

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"madang/functions/room"
	"madang/rules"
)

// clockOf is the room's clock as a snapshot shows it now; it fails when the room has none.
func (h *harness) clockOf(tb table) *room.ClockView {
	h.t.Helper()
	s, err := h.svc.Snapshot(context.Background(), tb.id)
	if err != nil {
		h.t.Fatalf("Snapshot: %v", err)
	}
	if s.Clock == nil {
		h.t.Fatal("the room has no clock")
	}
	return s.Clock
}

// remaining is seat i's remaining ms in c, -1 for a seat without a clock.
func remaining(c *room.ClockView, i int) int64 {
	if c.RemainingMs[i] == nil {
		return -1
	}
	return *c.RemainingMs[i]
}

// openClocked opens a track room of opts with the time control tc and players people.
func (h *harness) openClocked(opts M, tc M, players int) table {
	h.t.Helper()
	fs := h.send("c0", M{"action": "create", "game": "track", "options": opts, "clock": tc, "id": 1})
	if len(fs) < 2 || fs[0].Type != "joined" || fs[0].Token == nil {
		h.t.Fatalf("create: %s", describe(fs))
	}
	var id string
	json.Unmarshal(fs[0].Room, &id)
	tb := table{id: id, tokens: []string{*fs[0].Token}}
	for i := 1; i < players; i++ {
		c := "c" + string(rune('0'+i))
		fs := h.send(c, M{"action": "join", "room": id})
		if len(fs) < 2 || fs[0].Token == nil {
			h.t.Fatalf("join %d: %s", i, describe(fs))
		}
		tb.tokens = append(tb.tokens, *fs[0].Token)
	}
	return tb
}

// clockJobs are the flag checks asked of the scheduler so far.
func (h *harness) clockJobs() []scheduled {
	h.sched.mu.Lock()
	defer h.sched.mu.Unlock()
	var out []scheduled
	for _, j := range h.sched.jobs {
		if j.a.Kind == room.DelayedClock {
			out = append(out, j)
		}
	}
	return out
}

// wantMoved fails unless frames end in a state (the move was accepted).
func (h *harness) wantMoved(fs []frame) {
	h.t.Helper()
	if len(fs) == 0 || fs[0].Type != "state" {
		h.t.Fatalf("move answered %s", describe(fs))
	}
}

// A time control is validated in create: out of range, unknown keys, wrong types and null are
// refused and nothing is made; without one the room has no clock (null in the snapshot).
func TestClockCreateValidation(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	for _, bad := range []string{
		`{"baseMs":999}`, `{"baseMs":10800001}`, `{"baseMs":60000,"incrementMs":-1}`,
		`{"baseMs":60000,"incrementMs":60001}`, `{"baseMs":60000,"delayMs":300001}`,
		`{"incrementMs":2000}`, `{"baseMs":60000,"extra":1}`, `{"baseMs":"60000"}`,
		`{"baseMs":1.5}`, `null`, `[]`, `"5+3"`, `{"baseMs":60000,"baseMs":1000}`,
		`{"baseMs":6e4,"incrementMs":2.0005e3}`, `{"baseMs":1e400}`, `{"baseMs":9007199254740993}`,
		`{"baseMs":"6e4"}`, `{"baseMs":true}`, `{"baseMs":{}}`,
	} {
		fs := h.send("c0", `{"action":"create","game":"track","options":{},"clock":`+bad+`}`)
		if len(fs) != 1 || fs[0].Type != "error" || (fs[0].Code != room.CodeBadOptions && fs[0].Code != room.CodeBadMessage) || fs[0].Message == "" {
			t.Errorf("clock %s: answered %s, want one bad-options or bad-message error", bad, describe(fs))
		}
	}
	fs := h.send("c0", M{"action": "create", "game": "track", "options": M{}})
	var snap map[string]json.RawMessage
	json.Unmarshal(fs[1].Room, &snap)
	if string(snap["clock"]) != "null" {
		t.Fatalf("a room created without a clock shows clock %s", snap["clock"])
	}
	tb := h.openClocked(M{}, M{"baseMs": 60000, "incrementMs": 2000}, 1)
	c := h.clockOf(tb)
	if c.Control != (room.TimeControl{BaseMs: 60000, IncrementMs: 2000}) || c.Running != -1 || remaining(c, 0) != -1 {
		t.Fatalf("waiting room's clock %+v: want the control, nothing running", c)
	}
	// JSON has one number type: 6e4 and 2000.0 are the whole numbers 60000 and 2000
	// (RFC 8259 section 6), so they are the same control as above.
	fs = h.send("c0", `{"action":"create","game":"track","options":{},"clock":{"baseMs":6e4,"incrementMs":2000.0,"delayMs":0E2}}`)
	if len(fs) < 2 || fs[0].Type == "error" {
		t.Fatalf("clock spelled 6e4/2000.0: answered %s, want the room", describe(fs))
	}
	json.Unmarshal(fs[1].Room, &snap)
	var v struct{ Clock *room.ClockView }
	if err := json.Unmarshal(fs[1].Room, &v); err != nil || v.Clock == nil || v.Clock.Control != (room.TimeControl{BaseMs: 60000, IncrementMs: 2000}) {
		t.Fatalf("clock spelled 6e4/2000.0 made %s, want baseMs 60000 incrementMs 2000", snap["clock"])
	}
}

// A move costs the time since the seat's turn began, by the server's clock, and earns the
// Fischer increment; the opponent's clock runs from the move's acceptance; a snapshot charges
// the running seat up to its serverTime.
func TestClockChargesAndIncrements(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	tb := h.openClocked(M{}, M{"baseMs": 60000, "incrementMs": 2000}, 2)
	c := h.clockOf(tb)
	if c.Running != 0 || remaining(c, 0) != 60000 || remaining(c, 1) != 60000 {
		t.Fatalf("at the start: %+v", c)
	}
	h.clock.Advance(5 * time.Second)
	if c := h.clockOf(tb); remaining(c, 0) != 55000 || remaining(c, 1) != 60000 {
		t.Fatalf("5 s into seat 0's turn: %v %v", remaining(c, 0), remaining(c, 1))
	}
	h.wantMoved(h.move(tb, 0, "wait"))
	c = h.clockOf(tb)
	if c.Running != 1 || remaining(c, 0) != 57000 || remaining(c, 1) != 60000 {
		t.Fatalf("after seat 0's move at 5 s: running %d, %v %v; want 1, 57000 60000", c.Running, remaining(c, 0), remaining(c, 1))
	}
	h.clock.Advance(12500 * time.Millisecond)
	h.wantMoved(h.move(tb, 1, "wait"))
	c = h.clockOf(tb)
	if remaining(c, 0) != 57000 || remaining(c, 1) != 49500 || c.Running != 0 {
		t.Fatalf("after seat 1's move at 12.5 s: %v %v; want 57000 49500", remaining(c, 0), remaining(c, 1))
	}
	if len(c.Marks) != 2 || c.Marks[0] == nil || *c.Marks[0] != 57000 || c.Marks[1] == nil || *c.Marks[1] != 49500 {
		t.Fatalf("marks %v, want [57000 49500]", c.Marks)
	}
	// A refused move (not this seat's turn) charges nothing.
	h.clock.Advance(time.Second)
	h.wantError(h.move(tb, 1, "wait"), room.CodeNotYourTurn)
	if c := h.clockOf(tb); remaining(c, 1) != 49500 || remaining(c, 0) != 56000 {
		t.Fatalf("after a refused move: %v %v", remaining(c, 0), remaining(c, 1))
	}
}

// The delay is free time each action: only what the action takes beyond it comes off the
// reserve, and a snapshot tells how much of the running delay is left.
func TestClockDelay(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	tb := h.openClocked(M{}, M{"baseMs": 10000, "delayMs": 3000}, 2)
	h.clock.Advance(1 * time.Second)
	if c := h.clockOf(tb); c.DelayLeftMs != 2000 || remaining(c, 0) != 10000 {
		t.Fatalf("1 s into a 3 s delay: delay left %d, remaining %v", c.DelayLeftMs, remaining(c, 0))
	}
	h.clock.Advance(1 * time.Second)
	h.wantMoved(h.move(tb, 0, "wait"))
	h.clock.Advance(5 * time.Second)
	if c := h.clockOf(tb); c.DelayLeftMs != 0 || remaining(c, 1) != 8000 {
		t.Fatalf("5 s into seat 1's turn: delay left %d, remaining %v; want 0, 8000", c.DelayLeftMs, remaining(c, 1))
	}
	h.wantMoved(h.move(tb, 1, "wait"))
	c := h.clockOf(tb)
	if remaining(c, 0) != 10000 || remaining(c, 1) != 8000 {
		t.Fatalf("after a move within the delay and one 2 s beyond it: %v %v; want 10000 8000", remaining(c, 0), remaining(c, 1))
	}
}

// The flag check asked of the delay queue arrives at the deadline and ends the game: the
// opponent wins on time. One check is asked per deadline; one that arrives early (a wait
// beyond the queue's 15 min) does nothing but ask again.
func TestClockFlagByDelayedCheck(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	tb := h.openClocked(M{}, M{"baseMs": 20 * 60 * 1000}, 2)
	jobs := h.clockJobs()
	if len(jobs) != 1 || jobs[0].d != 15*time.Minute || jobs[0].a.Room != tb.id {
		t.Fatalf("checks asked at the start: %+v, want one after the queue's 15 min maximum", jobs)
	}
	h.send("w", M{"action": "join", "room": tb.id}) // a change that leaves the deadline alone
	if n := len(h.clockJobs()); n != 1 {
		t.Fatalf("a spectator's join asked for another check: %d", n)
	}
	h.clock.Advance(15 * time.Minute)
	if err := h.svc.RunDelayed(context.Background(), jobs[0].a); err != nil {
		t.Fatal(err)
	}
	if s := h.snap(tb); s.Status != room.StatusPlaying {
		t.Fatalf("an early check ended the game: %+v", s.Result)
	}
	jobs = h.clockJobs()
	if len(jobs) != 2 || jobs[1].d != 5*time.Minute {
		t.Fatalf("the early check asked again: %+v, want one more after 5 min", jobs)
	}
	h.clock.Advance(5 * time.Minute)
	h.take("c1")
	if err := h.svc.RunDelayed(context.Background(), jobs[1].a); err != nil {
		t.Fatal(err)
	}
	s := h.lastState(h.take("c1"))
	if s.Status != room.StatusOver || s.Result == nil || s.Result.Reason != "time" || s.Result.Winner == nil || *s.Result.Winner != 1 || s.Result.Points != 1 {
		t.Fatalf("after the deadline: %+v %+v, want seat 1 winning on time", s.Status, s.Result)
	}
	if c := h.clockOf(tb); remaining(c, 0) != 0 || c.Running != -1 {
		t.Fatalf("flagged clock: %+v", c)
	}
}

// One flag check is in flight a room, not one a move: a move that moves the deadline later
// asks nothing (the check on its way arrives first and asks again), so a clocked game costs
// the delay queue one message per reserve, not per move.
func TestClockOneCheckInFlight(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	tb := h.openClocked(M{}, M{"baseMs": 60000}, 2)
	for i := 0; i < 4; i++ {
		h.clock.Advance(time.Second)
		h.wantMoved(h.move(tb, i%2, "wait"))
	}
	jobs := h.clockJobs()
	if len(jobs) != 1 || jobs[0].d != time.Minute {
		t.Fatalf("checks after four moves: %+v, want the first one alone", jobs)
	}
	// it arrives at seat 0's first deadline (60 s); seat 0, to move since 4 s with 58 s
	// left, runs out at 62 s: the check asks again, 2 s ahead
	h.clock.Advance(56 * time.Second)
	if err := h.svc.RunDelayed(context.Background(), jobs[0].a); err != nil {
		t.Fatal(err)
	}
	if s := h.snap(tb); s.Status != room.StatusPlaying {
		t.Fatalf("an early check flagged: %+v", s.Result)
	}
	jobs = h.clockJobs()
	if len(jobs) != 2 || jobs[1].d != 2*time.Second {
		t.Fatalf("checks after the early one: %+v, want a second one 2 s ahead", jobs)
	}
}

// A restart loses the delay queue with the clock check on its way: ResetConnections (run for
// every room at a start) asks for it again, so the flag comes at the deadline with no request.
func TestClockCheckAskedAgainAfterRestart(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	tb := h.openClocked(M{}, M{"baseMs": 15000}, 2)
	if n := len(h.clockJobs()); n != 1 {
		t.Fatalf("checks asked at the start: %d", n)
	}
	h.clock.Advance(3 * time.Second)
	if err := h.svc.ResetConnections(context.Background(), tb.id); err != nil {
		t.Fatal(err)
	}
	jobs := h.clockJobs()
	if len(jobs) != 2 || jobs[1].d != 12*time.Second || jobs[1].a.Room != tb.id {
		t.Fatalf("checks after the restart: %+v, want a second one 12 s ahead", jobs)
	}
	h.clock.Advance(12 * time.Second)
	if err := h.svc.RunDelayed(context.Background(), jobs[1].a); err != nil {
		t.Fatal(err)
	}
	if s := h.snap(tb); s.Status != room.StatusOver || s.Result == nil || s.Result.Reason != "time" {
		t.Fatalf("after the deadline: %+v %+v, want the flag", s.Status, s.Result)
	}
}

// A request that reaches the room after the deadline flags it even when no delayed check
// ever comes (a lost message, a restarted queue): a late move is refused game-over, the state
// follows, and everybody sees the game over.
func TestClockFlagByLateRequest(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	tb := h.openClocked(M{}, M{"baseMs": 5000}, 2)
	h.wantMoved(h.move(tb, 0, "wait"))
	h.clock.Advance(5 * time.Second)
	before := h.snap(tb)
	h.take("c0")
	fs := h.move(tb, 1, "wait")
	if len(fs) < 2 || fs[0].Code != room.CodeGameOver || fs[len(fs)-1].snap == nil {
		t.Fatalf("late move answered %s, want game-over then the state", describe(fs))
	}
	s := h.lastState(fs)
	if s.Status != room.StatusOver || s.Result.Reason != "time" || *s.Result.Winner != 0 || s.Ply != before.Ply {
		t.Fatalf("after the late move: %s %+v ply %d", s.Status, s.Result, s.Ply)
	}
	if s := h.lastState(h.take("c0")); s.Status != room.StatusOver {
		t.Fatal("the opponent was not told")
	}
	// A ping naming the room flags too (the page pings when a clock it shows reaches zero).
	tb2 := h.openClocked(M{}, M{"baseMs": 3000}, 2)
	h.clock.Advance(3 * time.Second)
	h.send("c1", M{"action": "ping", "room": tb2.id})
	if s := h.snap(tb2); s.Status != room.StatusOver || s.Result.Reason != "time" || *s.Result.Winner != 1 {
		t.Fatalf("after a ping past the deadline: %s %+v", s.Status, s.Result)
	}
}

// A flag and a move racing: the move read the room just before the deadline, and the delayed
// check wrote the flag between that read and the move's write; the move's conditional write
// fails, its retry finds the game over, and exactly one of them (the flag) is in the room.
// Sent together at the deadline from many goroutines, still exactly one outcome is written.
func TestClockFlagRacesMove(t *testing.T) {
	h, hs := hooked(t)
	usePolicy(t, room.Policy{})
	tb := h.openClocked(M{}, M{"baseMs": 5000}, 2)
	h.clock.Advance(5*time.Second - time.Millisecond)
	hs.arm(func() {
		h.clock.Advance(time.Millisecond)
		if err := h.svc.RunDelayed(context.Background(), room.Delayed{Room: tb.id, Kind: room.DelayedClock}); err != nil {
			t.Error(err)
		}
	})
	fs := h.move(tb, 0, "wait")
	if last := fs[len(fs)-1]; last.Type != "error" || last.Code != room.CodeGameOver {
		t.Fatalf("the racing move got %s, want the flag's state then game-over", describe(fs))
	}
	s := h.snap(tb)
	if s.Status != room.StatusOver || s.Result.Reason != "time" || s.Ply != 0 || *s.Result.Winner != 1 {
		t.Fatalf("after the race: %s %+v, %d moves; want the flag alone", s.Status, s.Result, s.Ply)
	}

	// The other order: the move is written before the check reads; the check then finds the
	// next seat's deadline and flags nothing.
	tb2 := h.openClocked(M{}, M{"baseMs": 5000}, 2)
	h.clock.Advance(5*time.Second - time.Millisecond)
	h.wantMoved(h.move(tb2, 0, "wait"))
	h.clock.Advance(time.Millisecond)
	if err := h.svc.RunDelayed(context.Background(), room.Delayed{Room: tb2.id, Kind: room.DelayedClock}); err != nil {
		t.Fatal(err)
	}
	if s := h.snap(tb2); s.Status != room.StatusPlaying || s.Ply != 1 {
		t.Fatalf("the check after the move: %s, %d moves", s.Status, s.Ply)
	}

	// Concurrently at the deadline: the move and the check both find the time run out.
	tb3 := h.openClocked(M{}, M{"baseMs": 5000}, 2)
	h.clock.Advance(5 * time.Second)
	var wg sync.WaitGroup
	for k := 0; k < 8; k++ {
		wg.Add(2)
		go func() {
			defer wg.Done()
			h.svc.RunDelayed(context.Background(), room.Delayed{Room: tb3.id, Kind: room.DelayedClock})
		}()
		go func() {
			defer wg.Done()
			h.svc.Handle(context.Background(), "c0", mustMarshal(M{"action": "move", "room": tb3.id, "token": tb3.tokens[0], "ply": 0, "move": "wait"}))
		}()
	}
	wg.Wait()
	if s := h.snap(tb3); s.Status != room.StatusOver || s.Ply != 0 || s.Result.Reason != "time" {
		t.Fatalf("concurrent: %s %+v, %d moves", s.Status, s.Result, s.Ply)
	}
}

func mustMarshal(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// A disconnected seat's clock keeps running and flags; a reload (resume from another socket)
// shows the same remaining times, charged up to the snapshot's moment.
func TestClockReloadResumeAndAway(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	tb := h.openClocked(M{}, M{"baseMs": 60000, "incrementMs": 1000}, 2)
	h.clock.Advance(4 * time.Second)
	h.wantMoved(h.move(tb, 0, "wait"))
	if err := h.svc.Disconnect(context.Background(), "c1"); err != nil {
		t.Fatal(err)
	}
	h.clock.Advance(30 * time.Second)
	fs := h.send("c1b", M{"action": "resume", "room": tb.id, "token": tb.tokens[1]})
	s := h.lastState(fs)
	var raw struct {
		Room struct {
			ServerTime int64           `json:"serverTime"`
			Clock      *room.ClockView `json:"clock"`
		} `json:"room"`
	}
	for _, f := range fs {
		if f.Type == "state" {
			json.Unmarshal(mustMarshal(map[string]json.RawMessage{"room": f.Room}), &raw)
		}
	}
	c := raw.Room.Clock
	if s.Status != room.StatusPlaying || c == nil || remaining(c, 0) != 57000 || remaining(c, 1) != 30000 || c.Running != 1 {
		t.Fatalf("after the resume: %+v", c)
	}
	if raw.Room.ServerTime != h.clock.Now().UnixMilli() {
		t.Fatalf("serverTime %d", raw.Room.ServerTime)
	}
	h.svc.Disconnect(context.Background(), "c1b")
	h.clock.Advance(30 * time.Second)
	h.send("c0", M{"action": "ping", "room": tb.id})
	if s := h.snap(tb); s.Status != room.StatusOver || *s.Result.Winner != 0 || s.Result.Reason != "time" {
		t.Fatalf("the away seat's clock did not run out: %s %+v", s.Status, s.Result)
	}
}

// AI seats have no clock: the AI's turns cost nobody time, and the person's clock starts when
// the AI's move is written.
func TestClockAISeatHasNone(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	tb := h.openClocked(M{}, M{"baseMs": 60000}, 1)
	h.send("c0", M{"action": "fillAI", "room": tb.id, "token": tb.tokens[0]})
	h.clock.Advance(2 * time.Second)
	h.wantMoved(h.move(tb, 0, "wait"))
	c := h.clockOf(tb)
	if remaining(c, 1) != -1 || c.Running != -1 || remaining(c, 0) != 58000 {
		t.Fatalf("with the AI to move: %+v", c)
	}
	h.clock.Advance(10 * time.Minute) // the AI thinking
	if err := h.svc.RunAI(context.Background(), tb.id, h.snap(tb).Version); err != nil {
		t.Fatal(err)
	}
	c = h.clockOf(tb)
	if s := h.snap(tb); s.Status != room.StatusPlaying || s.Ply != 2 || c.Running != 0 || remaining(c, 0) != 58000 {
		t.Fatalf("after the AI moved: %s ply %d, %+v", s.Status, s.Ply, c)
	}
	if c.Marks[1] != nil {
		t.Fatalf("the AI's move has a clock mark %d", *c.Marks[1])
	}
}

// Dice games: a roll is an action of its own (its delay, no increment); the move's time
// starts when the roll was accepted, so the wait for the server's dice is never charged.
func TestClockDiceRollAndMove(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	h.rand.dice(5, 2) // the opening roll: seat 0 moves with 5-2
	tb := h.openClocked(M{"dice": 1}, M{"baseMs": 60000, "delayMs": 2000, "incrementMs": 500}, 2)
	s := h.snap(tb)
	if s.Ply != 1 || s.ToMove != 0 || s.Phase != "move" {
		t.Fatalf("after the opening: %+v", s)
	}
	h.clock.Advance(3 * time.Second)
	h.wantMoved(h.move(tb, 0, s.Legal[0]))
	c := h.clockOf(tb)
	if remaining(c, 0) != 59500 || c.Running != 1 || c.Marks[0] != nil {
		t.Fatalf("after seat 0's move 3 s after its dice: %+v, want 59500", c)
	}
	h.clock.Advance(7 * time.Second) // seat 1 waits before asking for its dice
	h.rand.dice(3, 1)
	fs := h.send("c1", M{"action": "roll", "room": tb.id, "token": tb.tokens[1], "ply": h.snap(tb).Ply})
	h.wantMoved(fs)
	c = h.clockOf(tb)
	if remaining(c, 1) != 55000 || c.Running != 1 || c.DelayLeftMs != 2000 {
		t.Fatalf("after seat 1's roll 7 s into its turn: %+v, want 55000 and a fresh delay", c)
	}
	h.clock.Advance(1 * time.Second)
	h.wantMoved(h.move(tb, 1, h.snap(tb).Legal[0]))
	if c := h.clockOf(tb); remaining(c, 1) != 55500 {
		t.Fatalf("after seat 1's move 1 s after its dice: %v, want 55500", remaining(c, 1))
	}
}

// Three-player rooms whose policy hands a leaving seat to the AI hand a flagged seat to it
// too: the game goes on, the seat's sockets watch, its token proves nothing.
func TestClockFlagHandsSeatToAI(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{LeaveToAI: func(s rules.State) bool { return s.Seats() == 3 }})
	tb := h.openClocked(M{"players": 3}, M{"baseMs": 5000}, 3)
	h.clock.Advance(5 * time.Second)
	h.take("c0")
	if err := h.svc.RunDelayed(context.Background(), room.Delayed{Room: tb.id, Kind: room.DelayedClock}); err != nil {
		t.Fatal(err)
	}
	fs := h.take("c0")
	if len(fs) < 2 || fs[0].Type != "joined" || *fs[0].Seat != -1 {
		t.Fatalf("the flagged seat's socket got %s, want joined -1 then the state", describe(fs))
	}
	s := h.lastState(fs)
	if s.Status != room.StatusPlaying || s.Seats[0].Kind != room.KindAI {
		t.Fatalf("after the flag: %s, seat 0 %s", s.Status, s.Seats[0].Kind)
	}
	if c := h.clockOf(tb); remaining(c, 0) != -1 || remaining(c, 1) != 5000 {
		t.Fatalf("clocks after the flag: %+v", c)
	}
	h.wantError(h.send("c0", M{"action": "resume", "room": tb.id, "token": tb.tokens[0]}), room.CodeBadToken)
}

// The last person's flag in a game that hands flagged seats to the AI ends the game instead:
// no game goes on with the AI alone (two AI seats and one person, who runs out of time).
func TestClockLastPersonFlagEndsGame(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{LeaveToAI: func(s rules.State) bool { return s.Seats() == 3 }})
	tb := h.openClocked(M{"players": 3}, M{"baseMs": 5000}, 1)
	h.send("c0", M{"action": "fillAI", "room": tb.id, "token": tb.tokens[0]})
	h.clock.Advance(5 * time.Second)
	if err := h.svc.RunDelayed(context.Background(), room.Delayed{Room: tb.id, Kind: room.DelayedClock}); err != nil {
		t.Fatal(err)
	}
	s := h.snap(tb)
	if s.Status != room.StatusOver || s.Result == nil || s.Result.Reason != "time" || s.Seats[0].Kind != room.KindHuman {
		t.Fatalf("after the last person's flag: %s %+v, seat 0 %s; want the game over on time", s.Status, s.Result, s.Seats[0].Kind)
	}
}

// A rematch starts every clock again.
func TestClockRematchResets(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	tb := h.openClocked(M{}, M{"baseMs": 5000}, 2)
	h.clock.Advance(6 * time.Second)
	h.send("c0", M{"action": "ping", "room": tb.id})
	h.send("c0", M{"action": "rematch", "room": tb.id, "token": tb.tokens[0]})
	h.send("c1", M{"action": "rematch", "room": tb.id, "token": tb.tokens[1]})
	c := h.clockOf(tb)
	if s := h.snap(tb); s.Status != room.StatusPlaying || s.GameNo != 2 || remaining(c, 0) != 5000 || remaining(c, 1) != 5000 || len(c.Marks) != 0 {
		t.Fatalf("after the rematch: %s game %d, %+v", s.Status, s.GameNo, c)
	}
}

// endgameGame is checkers starting from a fixed position (its FEN), registered for the
// tests below: a room plays real checkers rules from an endgame.
type endgameGame struct {
	id, fen string
}

func (g endgameGame) ID() string { return g.id }
func (g endgameGame) Validate(o rules.Options) (rules.Options, error) {
	return rules.Options{}, nil
}
func (g endgameGame) New(rules.Options) (rules.State, error) {
	return g.Decode(nil, g.fen)
}
func (g endgameGame) Decode(o rules.Options, pos string) (rules.State, error) {
	base, _ := rules.Lookup("checkers")
	return base.Decode(o, pos)
}

var registerEndgames sync.Once

// A flag against a side that cannot win is a draw (checkers: a lone king against a lone
// king); with more than a lone king the opponent wins on time.
func TestClockDrawByInsufficientMaterial(t *testing.T) {
	registerEndgames.Do(func() {
		rules.Register(endgameGame{"test-kvk", "B:WK18:BK5"})
		rules.Register(endgameGame{"test-kkvk", "B:WK18,K22:BK5"})
	})
	for _, c := range []struct {
		game   string
		winner int // -1: a draw
	}{{"test-kvk", -1}, {"test-kkvk", 1}} {
		room.RegisterPolicy(c.game, room.Policy{})
		h := newHarness(t)
		fs := h.send("c0", M{"action": "create", "game": c.game, "options": M{}, "clock": M{"baseMs": 2000}})
		var id string
		json.Unmarshal(fs[0].Room, &id)
		h.send("c1", M{"action": "join", "room": id})
		tb := table{id: id}
		if s := h.snap(tb); s.Status != room.StatusPlaying || s.ToMove != 0 {
			t.Fatalf("%s: %s, %d to move", c.game, s.Status, s.ToMove)
		}
		h.clock.Advance(2 * time.Second)
		if err := h.svc.RunDelayed(context.Background(), room.Delayed{Room: id, Kind: room.DelayedClock}); err != nil {
			t.Fatal(err)
		}
		s := h.snap(tb)
		if s.Status != room.StatusOver || s.Result.Reason != "time" {
			t.Fatalf("%s: %s %+v", c.game, s.Status, s.Result)
		}
		if c.winner < 0 && (s.Result.Winner != nil || s.Result.Points != 0) {
			t.Errorf("%s: a lone king against a lone king flagged: %+v, want a draw", c.game, s.Result)
		}
		if c.winner >= 0 && (s.Result.Winner == nil || *s.Result.Winner != c.winner) {
			t.Errorf("%s: flagged with a lone king against two: %+v, want seat %d winning", c.game, s.Result, c.winner)
		}
	}
}

// Backgammon: the rules score a flag from the position: at the start every
// checker of the flagged seat is on the board and two stand in the winner's home board, so
// the winner scores a backgammon, 3 points.
func TestClockBackgammonFlagScores(t *testing.T) {
	h := newHarness(t)
	h.rand.dice(5, 2) // the opening roll: seat 0 moves first
	fs := h.send("c0", M{"action": "create", "game": "backgammon", "options": M{}, "clock": M{"baseMs": 3000, "delayMs": 12000}})
	var id string
	json.Unmarshal(fs[0].Room, &id)
	h.send("c1", M{"action": "join", "room": id})
	tb := table{id: id}
	if s := h.snap(tb); s.Status != room.StatusPlaying || s.ToMove != 0 {
		t.Fatalf("after the opening roll: %s, %d to move", s.Status, s.ToMove)
	}
	h.clock.Advance(14999 * time.Millisecond) // the 12 s delay and all but 1 ms of the reserve
	h.svc.RunDelayed(context.Background(), room.Delayed{Room: id, Kind: room.DelayedClock})
	if s := h.snap(tb); s.Status != room.StatusPlaying {
		t.Fatalf("flagged before the delay and the reserve were used: %+v", s.Result)
	}
	h.clock.Advance(time.Millisecond)
	h.svc.RunDelayed(context.Background(), room.Delayed{Room: id, Kind: room.DelayedClock})
	s := h.snap(tb)
	if s.Status != room.StatusOver || s.Result.Reason != "time" || s.Result.Winner == nil || *s.Result.Winner != 1 || s.Result.Points != 3 {
		t.Fatalf("after the flag: %s %+v, want seat 1 winning 3 points on time", s.Status, s.Result)
	}
}
