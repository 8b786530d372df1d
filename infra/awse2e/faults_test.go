package awse2e

import (
	"fmt"
	"testing"
	"time"

	"madang/infra/lambdalocal"
	"madang/internal/wstest"
)

// The faults that show on real AWS (functions/room/faults_test.go) through the real binaries: each subtest makes the
// fault happen (a lost $disconnect, failed or duplicated AI invocations, rooms everybody
// left) and waits, with a bounded deadline, for what the room service does about it.

// waitFor polls cond every 50 ms until it holds; the test fails after d.
func waitFor(t *testing.T, d time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not after %v", what, d)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// pingUntil sends {"action":"ping","room":room} from c at once and then every `every`
// (as the page does, PROTOCOL.md "ping"), until a state frame satisfies ok; the test fails
// after d. It returns that state and the pings sent.
func pingUntil(t *testing.T, c *wstest.Client, room string, every, d time.Duration, ok func(*wstest.Snapshot) bool) (*wstest.Snapshot, int) {
	t.Helper()
	deadline := time.After(d)
	tick := time.NewTicker(every)
	defer tick.Stop()
	pings := 0
	ping := func() {
		c.Send(map[string]any{"action": "ping", "room": room})
		pings++
	}
	ping()
	for {
		select {
		case f, open := <-c.Frames:
			if !open {
				t.Fatal("socket closed")
			}
			if f.Snap != nil && ok(f.Snap) {
				return f.Snap, pings
			}
		case <-tick.C:
			ping()
		case <-deadline:
			t.Fatalf("no such state after %v and %d pings", d, pings)
		}
	}
}

// aiStats is the AI function's figures now.
func (s *stack) aiStats(t *testing.T) lambdalocal.FunctionStats {
	for _, st := range s.svc.Stats() {
		if st.Name == fnName("AIFunction") {
			return st
		}
	}
	t.Fatal("no AI function")
	return lambdalocal.FunctionStats{}
}

// vsAI makes a checkers room against the AI at level and waits until the person (seat 0)
// is to move.
func (s *stack) vsAI(t *testing.T, level string) (string, seat, *wstest.Snapshot) {
	room, a := s.create(t, "checkers", map[string]any{})
	a.c.Send(map[string]any{"action": "fillAI", "room": room, "token": a.token, "level": level})
	st := a.c.State(func(x *wstest.Snapshot) bool { return x.Status == "playing" && x.ToMove == 0 })
	if st.Seats[1].Kind != "ai" {
		t.Fatalf("seats %+v", st.Seats)
	}
	return room, a, st
}

// testLostDisconnect (item 5): in a star game the seat to move's socket closes and its
// $disconnect is lost (lossyDisconnect, for that socket only). Nothing tells the room; the
// other person's page pings naming the room, and once the seat has been silent on its turn
// for room.ProbeAfter (30 s) the message function probes its socket with GetConnection,
// gets 410 and drops it: the seat shows away, and after the away time (45 s, the SQS delay
// queue and its event source mapping) the AI plays for it.
func (s *stack) testLostDisconnect(t *testing.T) {
	room, a := s.create(t, "chinese-checkers", map[string]any{})
	b, st := s.join(t, room)
	bConn := s.ledger.connOf(room, 1)
	if bConn == "" {
		t.Fatal("the ledger saw no connection item of seat 1")
	}
	a.c.Send(map[string]any{"action": "move", "room": room, "token": a.token, "ply": 0, "move": wstest.Pick(st)})
	st = a.c.State(func(x *wstest.Snapshot) bool { return x.Ply == 1 })
	if st.ToMove != 1 || !st.Seats[1].Connected {
		t.Fatalf("after the first move: to move %d, seats %+v", st.ToMove, st.Seats)
	}
	// b has its state: no post of that move's broadcast is still on its way to b (one
	// finding the socket closed would drop it, the path testClosedSocket takes).
	b.c.State(func(x *wstest.Snapshot) bool { return x.Ply == 1 })
	turn := time.Now()
	s.lossy.loseDisconnectOf(bConn)
	b.c.C.CloseNow()
	waitFor(t, 20*time.Second, "the gateway ends the closed socket, losing its $disconnect", func() bool { return s.lossy.lost(bConn) })

	st, pings := pingUntil(t, a.c, room, 2*time.Second, 90*time.Second, func(x *wstest.Snapshot) bool { return !x.Seats[1].Connected })
	found := time.Since(turn)
	if st.Seats[1].AwaySince == nil || st.Ply != 1 {
		t.Fatalf("seat 1 after the probe: %+v at ply %d", st.Seats[1], st.Ply)
	}
	if n := len(s.ledger.invocations(fnName("DisconnectFunction"), room, mark{})); n != 0 {
		t.Fatalf("the disconnect function ran %d times in the room", n)
	}
	gone := 0
	for _, code := range s.ledger.probesOf(bConn) {
		if code == 410 {
			gone++
		}
	}
	if gone == 0 {
		var routes []string
		for _, iv := range s.ledger.invocations(fnName("MessageFunction"), room, mark{}) {
			routes = append(routes, iv.Route)
		}
		t.Fatalf("no GetConnection of the closed socket was answered 410 (probes %v; posts to it %v; message routes %v)", s.ledger.probesOf(bConn), s.ledger.postsTo(bConn), routes)
	}
	st = a.c.StateWithin(120*time.Second, func(x *wstest.Snapshot) bool { return x.Ply >= 2 })
	if !st.Seats[1].AI || st.Moves[1] == "" {
		t.Fatalf("seat 1 after the away time: %+v", st.Seats[1])
	}
	played := time.Since(turn)
	t.Logf("seat 1 found gone %.1f s into its turn after %d pings (%d probes answered 410); the AI moved for it %.1f s into its turn", found.Seconds(), pings, gone, played.Seconds())
	s.record(room, &gameInfo{Label: "lost $disconnect", Game: "chinese-checkers", Mode: "human-vs-human, one socket lost", Plies: st.Ply, Sockets: 2,
		Note: fmt.Sprintf("fault test, not a whole game: %d pings until the probe found the socket gone", pings)})
}

// testLostAITurn (item 6): the AI function fails its next two invocations, so the AI
// turn's asynchronous invoke and its one retry (template.yaml MaximumRetryAttempts 1) both
// fail; Lambda sends the event's record to the on-failure destination, the delay queue,
// whose event source mapping gives it to the AI function, which runs the turn.
// Serial: FailNext fails whichever invocations of the AI function come next.
func (s *stack) testLostAITurn(t *testing.T) {
	room, a, st := s.vsAI(t, "beginner")
	before, esm := s.aiStats(t), s.esm.Stats()
	m := s.ledger.mark()
	s.svc.FailNext(fnName("AIFunction"), 2)
	ply := st.Ply
	a.c.Send(map[string]any{"action": "move", "room": room, "token": a.token, "ply": ply, "move": wstest.Pick(st)})
	st = a.c.StateWithin(60*time.Second, func(x *wstest.Snapshot) bool { return x.Ply >= ply+2 })
	after := s.aiStats(t)
	if st.ToMove != 0 || st.Status != "playing" {
		t.Fatalf("after the AI's move: %+v", st)
	}
	retries, dest, failed := after.Async.Retries-before.Async.Retries, after.Async.ToDestination-before.Async.ToDestination, after.FunctionErrors-before.FunctionErrors
	if retries != 1 || dest != 1 || failed != 2 {
		t.Fatalf("AI function: %d retries, %d records to the destination, %d failures; want 1, 1, 2", retries, dest, failed)
	}
	// The ledger hears of an invocation when it ends, after the move it posted.
	var runs []invokeRec
	waitFor(t, 30*time.Second, "the AI function's run ends", func() bool {
		runs = s.ledger.invocations(fnName("AIFunction"), room, m)
		return len(runs) >= 1
	})
	if len(runs) != 1 || runs[0].Route != "sqs:record" || runs[0].Error {
		t.Fatalf("the AI function ran for the room %+v; want once, from the destination record", runs)
	}
	if d := s.esm.Stats().Deleted - esm.Deleted; d < 1 {
		t.Fatalf("the delay queue's mapping deleted %d messages", d)
	}
	t.Logf("two failed invocations, the destination record through the delay queue: the AI moved %s", st.Moves[ply+1])
	s.record(room, &gameInfo{Label: "lost AI turn", Game: "checkers", Mode: "vs-AI beginner", Plies: st.Ply, Sockets: 1,
		Note: "fault test, not a whole game: the AI's turn failed twice and ran from the on-failure destination record"})
}

// testDuplicatedAITurn (item 7): the AI turn's asynchronous event is delivered twice at
// the advanced level (a 1.5 s search). Both copies run; the claim (a conditional PutItem of
// the room's claim item) lets one search and stops the other: one claim written, one
// refused, one move, and no move write refused (a second search would have tried one).
// Serial: DuplicateNext duplicates whichever asynchronous event of the AI function comes
// next, and the two copies need two free environments to run at once.
func (s *stack) testDuplicatedAITurn(t *testing.T) {
	room, a, st := s.vsAI(t, "advanced")
	m := s.ledger.mark()
	before := s.aiStats(t)
	s.svc.DuplicateNext(fnName("AIFunction"), 1)
	ply := st.Ply
	a.c.Send(map[string]any{"action": "move", "room": room, "token": a.token, "ply": ply, "move": wstest.Pick(st)})
	st = a.c.StateWithin(60*time.Second, func(x *wstest.Snapshot) bool { return x.Ply >= ply+2 })
	var runs []invokeRec
	waitFor(t, 60*time.Second, "both copies of the AI invoke end", func() bool {
		runs = s.ledger.invocations(fnName("AIFunction"), room, m)
		return len(runs) >= 2
	})
	if d := s.aiStats(t).Async.Duplicates - before.Async.Duplicates; d != 1 || len(runs) != 2 {
		t.Fatalf("%d duplicated events, the AI function ran %d times for the room (%+v); want 1 and 2", d, len(runs), runs)
	}
	for _, r := range runs {
		if r.Route != "invoke" || r.Error {
			t.Fatalf("AI run %+v", r)
		}
	}
	claimed, refused := s.ledger.writes(room, true, m)
	if claimed != 1 || refused != 1 {
		t.Fatalf("claims of the AI turn: %d written, %d refused; want 1 and 1 (one copy searched, the other found the turn claimed)", claimed, refused)
	}
	written, failed := s.ledger.writes(room, false, m)
	if written != 2 || failed != 0 {
		t.Fatalf("room writes since the person's move: %d, %d refused; want 2 (the move and the AI's) and none refused", written, failed)
	}
	if st.Ply != ply+2 || st.ToMove != 0 {
		t.Fatalf("after the AI's turn: ply %d, to move %d", st.Ply, st.ToMove)
	}
	t.Logf("duplicated AI event: two runs (%.0f ms, %.0f ms), one claim written and one refused, one move %s", runs[0].DurationMs, runs[1].DurationMs, st.Moves[ply+1])
	s.record(room, &gameInfo{Label: "duplicated AI turn", Game: "checkers", Mode: "vs-AI advanced", Plies: st.Ply, Sockets: 1,
		Note: "fault test, not a whole game: the AI's async event delivered twice"})
}

// testUnwatched (item 8): three-seat diamond rooms, one person and two AI seats each; the
// person plays until the AI has played in every room, then moves (the AI's seats to move)
// and closes the socket. Once the AI runs under way have ended, no AI invocation and no
// write happens for those rooms during a further observation; a spectator joining one of
// them brings the AI back (its seats, and the person's once the 45 s away time has run).
// The person used to leave the seat to the AI before closing; the last person's leave now
// ends the game (no game goes on with the AI alone), so the rooms are left by closing.
func (s *stack) testUnwatched(t *testing.T) {
	const rooms = 3
	ai := fnName("AIFunction")
	m0 := s.ledger.mark()
	type played struct {
		id   string
		a    seat
		conn string
		ply  int
		st   *wstest.Snapshot
	}
	var rs []played
	for range rooms {
		id, a := s.create(t, "diamond", map[string]any{"players": 3})
		a.c.Send(map[string]any{"action": "fillAI", "room": id, "token": a.token, "level": "beginner"})
		st := a.c.State(func(x *wstest.Snapshot) bool { return x.Status == "playing" })
		if len(st.Seats) != 3 || st.Seats[0].Kind != "human" || st.Seats[1].Kind != "ai" || st.Seats[2].Kind != "ai" {
			t.Fatalf("seats %+v", st.Seats)
		}
		st = play(t, id, a.c, map[int]seat{0: a}, st, 6, nil)
		if st.ToMove != 0 {
			st = a.c.State(func(x *wstest.Snapshot) bool { return x.ToMove == 0 })
		}
		// Not vacuous: the AI was playing this room (the ledger hears of a run when it ends,
		// after the move it posted).
		if st.Status != "playing" || !st.Seats[1].AI || !st.Seats[2].AI {
			t.Fatalf("room %s at ply %d: %+v", id, st.Ply, st)
		}
		waitFor(t, 30*time.Second, "the AI's runs in "+id+" end", func() bool { return len(s.ledger.invocations(ai, id, m0)) >= 4 })
		rs = append(rs, played{id: id, a: a, conn: s.ledger.connOf(id, 0), ply: st.Ply, st: st})
	}
	// The person's move hands the turn to the AI's seats; the socket closes once it is in.
	for i := range rs {
		r := &rs[i]
		r.a.c.Send(map[string]any{"action": "move", "room": r.id, "token": r.a.token, "ply": r.ply, "move": wstest.Pick(r.st)})
		st := r.a.c.State(func(x *wstest.Snapshot) bool { return x.Ply > r.ply })
		if st.Status != "playing" || st.ToMove == 0 {
			t.Fatalf("room %s after the person's move: %s, to move %d", r.id, st.Status, st.ToMove)
		}
		r.a.c.C.Close(1000, "")
	}
	for _, r := range rs {
		waitFor(t, 30*time.Second, "the $disconnect of the last socket of "+r.id, func() bool {
			for _, iv := range s.ledger.invocations(fnName("DisconnectFunction"), r.id, m0) {
				if iv.Conn == r.conn {
					return true
				}
			}
			return false
		})
	}
	closed := s.ledger.mark()
	// Quiescence: every AI invoke accepted for these rooms has run (none under way), and
	// none came for 2 s.
	count := func(since mark) (accepted, ran int) {
		for _, r := range rs {
			accepted += s.ledger.asyncInvokes(ai, r.id, since)
			ran += len(s.ledger.invocations(ai, r.id, since))
		}
		return
	}
	var last [2]int
	stable := time.Now()
	waitFor(t, 60*time.Second, "the AI runs under way in the left rooms end", func() bool {
		acc, ran := count(m0)
		if [2]int{acc, ran} != last {
			last, stable = [2]int{acc, ran}, time.Now()
		}
		return acc == ran && time.Since(stable) >= 2*time.Second
	})
	quiet := s.ledger.mark()
	// What was under way when the last socket closed ends with at most one move a room (a
	// run that read the room before the $disconnect's write); the AI playing on would
	// write its plies and, once the person's away time ran, every ply until the game ended.
	for _, r := range rs {
		if w, _ := s.ledger.writes(r.id, false, closed); w > 1 {
			t.Fatalf("room %s was written %d times after its last socket closed", r.id, w)
		}
	}
	time.Sleep(5 * time.Second)
	if acc, ran := count(quiet); acc != 0 || ran != 0 {
		t.Fatalf("rooms nobody watches: %d AI invokes accepted, %d run in 5 s", acc, ran)
	}
	for _, r := range rs {
		if w, f := s.ledger.writes(r.id, false, quiet); w+f != 0 {
			t.Fatalf("room %s nobody watches was written %d times in 5 s", r.id, w+f)
		}
	}
	t.Logf("%d rooms nobody watches: %d AI invocations in all, none in the 5 s after the last ended", rooms, last[1])

	// A spectator comes back to one room: the AI plays on (its seats; the person's seat once
	// the 45 s away time since the socket closed has run, within the 60 s below).
	back := s.ledger.mark()
	sp, st := s.join(t, rs[0].id)
	if st.Status != "playing" {
		t.Fatalf("the unwatched room is %s", st.Status)
	}
	ply := st.Ply
	st = sp.c.StateWithin(60*time.Second, func(x *wstest.Snapshot) bool { return x.Ply >= ply+3 || x.Status != "playing" })
	if st.Ply < ply+3 {
		t.Fatalf("with a spectator back the AI played from ply %d to %d (%s)", ply, st.Ply, st.Status)
	}
	t.Logf("a spectator joined at ply %d: the AI played on to ply %d (%d AI invocations)", ply, st.Ply, len(s.ledger.invocations(ai, rs[0].id, back)))
}
