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
	"madang/rules"
)

// A write that leaves the turn alone never cancels the AI's move (issue 10 item 1): A plays
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

// A token proves exactly what its seat is now (issue 10 item 3): after its person leaves
// (abandoning a game, while waiting, after the game, or handing the seat to the AI) or is
// replaced by the AI, every action a seat's token could send answers bad-token and changes
// nothing. Example: A leaves at ply 1 of a checkers game; A's resume and rematch are refused,
// and B's rematch vote alone starts no game with A seated.
func TestTokenLosesSeat(t *testing.T) {
	seatedActions := []M{
		{"action": "resume"}, {"action": "move", "ply": 1, "move": "22-18"}, {"action": "roll", "ply": 1},
		{"action": "acceptDraw"}, {"action": "resign"}, {"action": "leave"}, {"action": "fillAI"},
		{"action": "takeover", "seat": 1}, {"action": "rematch"},
	}
	refusesAll := func(h *harness, id, tok string) {
		t.Helper()
		before := h.record(id)
		for _, a := range seatedActions {
			msg := M{"room": id, "token": tok}
			for k, v := range a {
				msg[k] = v
			}
			h.wantError(h.send("old", msg), "bad-token")
		}
		h.unchanged(before)
	}
	t.Run("checkers: leave abandons, then resume and rematch", func(t *testing.T) {
		h := newHarness(t)
		tb := h.open("checkers", M{}, 2)
		h.move(tb, 0, "11-15")
		st := h.lastState(h.send("c0", M{"action": "leave", "room": tb.id, "token": tb.tokens[0]}))
		if st.Status != "over" || st.Result.Reason != "abandoned" || *st.Result.Winner != 1 {
			t.Fatalf("after leave: %+v", st)
		}
		refusesAll(h, tb.id, tb.tokens[0])
		st = h.lastState(h.send("c1", M{"action": "rematch", "room": tb.id, "token": tb.tokens[1]}))
		if st.GameNo != 1 || st.Status != "over" {
			t.Fatalf("B's vote alone started game %d (%s)", st.GameNo, st.Status)
		}
		// The free seat goes to whoever joins next; with their vote game 2 starts.
		fs := h.send("c9", M{"action": "join", "room": tb.id})
		if fs[0].Token == nil || *fs[0].Seat != 0 {
			t.Fatalf("join after the leave: %s", describe(fs))
		}
		st = h.lastState(h.send("c9", M{"action": "rematch", "room": tb.id, "token": *fs[0].Token}))
		if st.GameNo != 2 || st.Status != "playing" {
			t.Fatalf("rematch with the new person: game %d %s", st.GameNo, st.Status)
		}
		refusesAll(h, tb.id, tb.tokens[0])
	})
	t.Run("leave while waiting and after the game", func(t *testing.T) {
		h := newHarness(t)
		usePolicy(t, room.Policy{})
		tb := h.open("track", M{"players": 3}, 2)
		h.send("c1", M{"action": "leave", "room": tb.id, "token": tb.tokens[1]})
		refusesAll(h, tb.id, tb.tokens[1])
		tb2 := h.open("track", M{}, 2)
		h.send("c1", M{"action": "resign", "room": tb2.id, "token": tb2.tokens[1]})
		h.send("c1", M{"action": "leave", "room": tb2.id, "token": tb2.tokens[1]})
		refusesAll(h, tb2.id, tb2.tokens[1])
	})
	t.Run("leave to the AI", func(t *testing.T) {
		h := newHarness(t)
		usePolicy(t, room.Policy{LeaveToAI: func(s rules.State) bool { return s.Seats() == 3 }})
		tb := h.open("track", M{"players": 3}, 3)
		h.send("c1", M{"action": "leave", "room": tb.id, "token": tb.tokens[1]})
		refusesAll(h, tb.id, tb.tokens[1])
	})
	t.Run("replaced by the AI (takeover)", func(t *testing.T) {
		h := newHarness(t)
		usePolicy(t, room.Policy{TakeoverAfter: time.Minute})
		tb := h.open("track", M{}, 2)
		h.svc.Disconnect(context.Background(), "c1")
		h.clock.Advance(time.Minute)
		if st := h.lastState(h.send("c0", M{"action": "takeover", "room": tb.id, "token": tb.tokens[0]})); st.Seats[1].Kind != "ai" {
			t.Fatalf("no takeover: %+v", st.Seats[1])
		}
		refusesAll(h, tb.id, tb.tokens[1])
	})
}

// A socket is in one room at a time (issue 10 item 5): a socket seated in room 1 that acts
// in room 2 (here a move with a seat token of room 2) leaves room 1; once it closes, no seat
// shows it connected anywhere.
func TestSocketInOneRoom(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	one := h.open("track", M{}, 2) // c0, c1
	fs := h.send("d0", M{"action": "create", "game": "track", "options": M{}})
	two := table{id: h.lastState(fs).ID, tokens: []string{*fs[0].Token}}
	h.send("d1", M{"action": "join", "room": two.id})
	for _, msg := range []M{
		{"action": "move", "room": two.id, "token": two.tokens[0], "ply": 0, "move": "+1"},
		{"action": "resign", "room": two.id, "token": two.tokens[0]},
	} {
		h.send("c0", msg)
		if st := h.snap(one); st.Seats[0].Connected {
			t.Fatalf("after %s in room 2 from c0, room 1 still shows c0's seat connected", msg["action"])
		}
	}
	h.svc.Disconnect(context.Background(), "c0")
	h.svc.Disconnect(context.Background(), "d0")
	if st := h.snap(one); st.Seats[0].Connected || st.Seats[0].AwaySince == nil {
		t.Fatalf("room 1 seat 0 after its socket closed: %+v", st.Seats[0])
	}
	if st := h.snap(two); st.Seats[0].Connected {
		t.Fatalf("room 2 seat 0 after its sockets closed: %+v", st.Seats[0])
	}
}

// Writes that change nothing are not written (issue 10 item 2): a spectator joining again
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
	// and invoke nothing (on AWS each invocation is a Lambda run and a search: issue 10
	// item 4); a resume from a new socket (a reload) revives a turn whose invocation was lost.
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

// A write retries under a deadline, not a count (issue 10 item 2): 40 lost races in a row
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

// The limits a public server needs (issue 10 item 9): rooms created per socket per minute,
// spectators per room, sockets per seat; each is configurable.
func TestLimits(t *testing.T) {
	t.Run("creates per socket per minute", func(t *testing.T) {
		h := newHarness(t)
		usePolicy(t, room.Policy{})
		h.svc = room.New(room.Deps{Store: h.store, Notifier: h.note, Clock: h.clock, Log: quiet, Limits: room.Limits{CreatesPerMinute: 3}})
		create := func(conn string) []frame {
			return h.send(conn, M{"action": "create", "game": "track", "options": M{}})
		}
		for i := 0; i < 3; i++ {
			if fs := create("c"); fs[0].Type != "joined" {
				t.Fatalf("create %d: %s", i, describe(fs))
			}
		}
		h.wantError(create("c"), room.CodeRateLimited)
		if fs := create("other"); fs[0].Type != "joined" {
			t.Fatalf("another socket's create: %s", describe(fs))
		}
		h.clock.Advance(time.Minute)
		if fs := create("c"); fs[0].Type != "joined" {
			t.Fatalf("create a minute later: %s", describe(fs))
		}
		// The default is DefaultCreatesPerMinute; negative is no limit.
		h2 := newHarness(t)
		for i := 0; i < room.DefaultCreatesPerMinute; i++ {
			h2.send("c", M{"action": "create", "game": "track", "options": M{}})
		}
		h2.wantError(h2.send("c", M{"action": "create", "game": "track", "options": M{}}), room.CodeRateLimited)
		h.svc = room.New(room.Deps{Store: h.store, Notifier: h.note, Clock: h.clock, Log: quiet, Limits: room.Limits{CreatesPerMinute: -1}})
		for i := 0; i < 2*room.DefaultCreatesPerMinute; i++ {
			if fs := create("d"); fs[0].Type != "joined" {
				t.Fatalf("unlimited create %d: %s", i, describe(fs))
			}
		}
	})
	t.Run("spectators per room", func(t *testing.T) {
		h := newHarness(t)
		usePolicy(t, room.Policy{})
		h.svc = room.New(room.Deps{Store: h.store, Notifier: h.note, Clock: h.clock, Log: quiet, Limits: room.Limits{MaxSpectators: 2}})
		tb := h.open("track", M{}, 2)
		h.send("w1", M{"action": "join", "room": tb.id})
		h.send("w2", M{"action": "join", "room": tb.id})
		before := h.record(tb.id)
		h.wantError(h.send("w3", M{"action": "join", "room": tb.id}), room.CodeRoomFull)
		h.unchanged(before)
		if fs := h.send("w2", M{"action": "join", "room": tb.id}); fs[0].Type != "joined" {
			t.Fatalf("a present spectator's join: %s", describe(fs))
		}
		h.svc.Disconnect(context.Background(), "w1")
		if fs := h.send("w3", M{"action": "join", "room": tb.id}); fs[0].Type != "joined" {
			t.Fatalf("join after a spectator left: %s", describe(fs))
		}
	})
	t.Run("sockets per seat", func(t *testing.T) {
		h := newHarness(t)
		usePolicy(t, room.Policy{})
		tb := h.open("track", M{}, 2)
		for i := 0; i < 3*room.MaxSeatSockets; i++ {
			h.send(fmt.Sprint("tab", i), M{"action": "resume", "room": tb.id, "token": tb.tokens[0]})
		}
		var b struct {
			Conns []struct {
				Seat int `json:"s"`
			} `json:"k"`
		}
		json.Unmarshal(h.record(tb.id).Body, &b)
		n := 0
		for _, c := range b.Conns {
			if c.Seat == 0 {
				n++
			}
		}
		if n != room.MaxSeatSockets {
			t.Fatalf("seat 0 keeps %d sockets, want %d", n, room.MaxSeatSockets)
		}
		// every tab the room let go was told why it hears no more (a fifth tab must not
		// leave the oldest one silently standing still)
		for i := 0; i < 2*room.MaxSeatSockets; i++ {
			fs := h.take(fmt.Sprint("tab", i))
			if len(fs) == 0 || fs[len(fs)-1].Type != "error" || fs[len(fs)-1].Code != room.CodeReplaced {
				t.Fatalf("tab %d, let go: last frame %s; want error %s", i, describe(fs), room.CodeReplaced)
			}
		}
		for i := 2 * room.MaxSeatSockets; i < 3*room.MaxSeatSockets; i++ {
			for _, f := range h.take(fmt.Sprint("tab", i)) {
				if f.Code == room.CodeReplaced {
					t.Fatalf("tab %d, still bound, was told it was let go", i)
				}
			}
		}
	})
}
