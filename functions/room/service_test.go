package room_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"madang/functions/room"
	"madang/internal/trackgame"
	"madang/rules"
)

// advanced is the track game's draw-reset rule for these tests: a move that advances a
// counter re-opens draw offers; "wait" does not (the stand-in of seed 001's "a man moves or
// a piece is captured").
func advanced(before rules.State, m rules.Move) bool {
	after, err := before.Play(m)
	return err == nil && !strings.EqualFold(strings.Split(before.Encode(), ":")[0], strings.Split(after.Encode(), ":")[0])
}

// usePolicy registers the track game's policy for one test.
func usePolicy(t *testing.T, p room.Policy) {
	room.RegisterPolicy(trackgame.ID, p)
	t.Cleanup(func() { room.RegisterPolicy(trackgame.ID, room.Policy{}) })
}

func TestCreateJoinWatch(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	fs := h.send("c0", M{"action": "create", "game": "track", "options": M{}, "id": "a1"})
	if len(fs) != 2 || fs[0].Type != "joined" || *fs[0].Seat != 0 || fs[0].Token == nil || len(*fs[0].Token) != 22 {
		t.Fatalf("create answered %s", describe(fs))
	}
	if string(fs[0].ID) != `"a1"` || string(fs[1].ID) != `"a1"` {
		t.Fatalf("id not echoed: %s %s", fs[0].ID, fs[1].ID)
	}
	st := fs[1].snap
	if st.Status != "waiting" || st.Version != 1 || st.Ply != 0 || st.ToMove != -1 || len(st.Seats) != 2 ||
		st.Seats[0].Kind != "human" || !st.Seats[0].Connected || st.Seats[1].Kind != "empty" || st.Game != "track" ||
		st.Options["players"] != 2 {
		t.Fatalf("snapshot after create: %+v", st)
	}
	var id string
	json.Unmarshal(fs[0].Room, &id)
	if len(id) != 12 {
		t.Fatalf("room id %q", id)
	}
	fs = h.send("c1", M{"action": "join", "room": id, "id": 7})
	if len(fs) != 2 || *fs[0].Seat != 1 || fs[0].Token == nil || *fs[0].Token == "" {
		t.Fatalf("join answered %s", describe(fs))
	}
	if st := fs[1].snap; st.Status != "playing" || st.ToMove != 0 || len(st.Legal) != 3 {
		t.Fatalf("after join: %+v", st)
	}
	if got := h.take("c0"); len(got) != 1 || got[0].snap == nil || got[0].snap.Status != "playing" || got[0].ID != nil {
		t.Fatalf("creator was told %s", describe(got))
	}
	fs = h.send("c2", M{"action": "join", "room": id})
	if len(fs) != 2 || *fs[0].Seat != -1 || fs[0].Token != nil || fs[1].snap.Spectators != 1 {
		t.Fatalf("third join answered %s", describe(fs))
	}
}

func TestTokenNotStored(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	tb := h.open("track", M{}, 2)
	body := string(h.record(tb.id).Body)
	for _, tok := range tb.tokens {
		if strings.Contains(body, tok) {
			t.Fatalf("token %s stored in clear", tok)
		}
	}
}

func TestCreateBadOptions(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	h.wantError(h.send("c0", M{"action": "create", "game": "no-such-game", "options": M{}}), "bad-options")
	h.wantError(h.send("c0", M{"action": "create", "game": "track", "options": M{"players": 4}}), "bad-options")
	fs := h.send("c0", M{"action": "create", "game": "track", "options": M{"players": 3}})
	if h.lastState(fs).Options["players"] != 3 || len(h.lastState(fs).Seats) != 3 {
		t.Fatalf("3 players: %+v", h.lastState(fs))
	}
}

func TestBadMessages(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	tb := h.open("track", M{}, 2)
	before := h.record(tb.id)
	for _, raw := range []string{
		`{not json`,
		`[]`,
		`{"id":5}`,
		`{"action":"dance","room":"` + tb.id + `"}`,
		`{"action":"move","room":"` + tb.id + `","token":"` + tb.tokens[0] + `","move":"+1"}`,
		`{"action":"move","room":"` + tb.id + `","token":"` + tb.tokens[0] + `","ply":"zero","move":"+1"}`,
		`{"action":"join"}`,
		`{"action":"resume","room":"` + tb.id + `"}`,
	} {
		fs := h.send("c0", raw)
		h.wantError(fs, "bad-message")
		h.unchanged(before)
	}
	// The id is echoed even when the message is otherwise bad.
	if fs := h.send("c0", `{"id":42,"action":"dance"}`); string(fs[0].ID) != "42" {
		t.Fatalf("id %s", fs[0].ID)
	}
}

func TestTooLarge(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	tb := h.open("track", M{}, 2)
	before := h.record(tb.id)
	big := `{"action":"move","room":"` + tb.id + `","token":"` + tb.tokens[0] + `","ply":0,"move":"+1","pad":"` + strings.Repeat("x", 200<<10) + `"}`
	h.wantError(h.send("c0", big), "too-large")
	h.unchanged(before)
}

func TestPing(t *testing.T) {
	h := newHarness(t)
	fs := h.send("c9", M{"action": "ping", "id": 3})
	if len(fs) != 1 || fs[0].Type != "pong" || string(fs[0].ID) != "3" {
		t.Fatalf("ping answered %s", describe(fs))
	}
}

func TestMovesAndRefusals(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	tb := h.open("track", M{}, 2)
	h.send("w", M{"action": "join", "room": tb.id})
	before := h.record(tb.id)

	h.wantError(h.send("c1", M{"action": "move", "room": tb.id, "token": tb.tokens[1], "ply": 0, "move": "+1"}), "not-your-turn")
	h.unchanged(before)
	h.wantError(h.send("c0", M{"action": "move", "room": tb.id, "token": tb.tokens[0], "ply": 0, "move": "+3"}), "illegal-move")
	h.unchanged(before)
	h.wantError(h.send("c0", M{"action": "move", "room": tb.id, "token": "AAAAAAAAAAAAAAAAAAAAAA", "ply": 0, "move": "+1"}), "bad-token")
	h.unchanged(before)
	h.wantError(h.send("w", M{"action": "move", "room": tb.id, "token": "", "ply": 0, "move": "+1"}), "bad-message")
	h.wantError(h.send("w", M{"action": "move", "room": tb.id, "token": "spectator", "ply": 0, "move": "+1"}), "bad-token")
	h.unchanged(before)
	h.wantError(h.send("c0", M{"action": "move", "room": "nosuchroom00", "token": tb.tokens[0], "ply": 0, "move": "+1"}), "room-not-found")
	h.wantError(h.send("c0", M{"action": "move", "room": tb.id, "token": tb.tokens[0], "ply": 5, "move": "+1"}), "stale-ply")
	h.unchanged(before)
	h.take("w")

	fs := h.move(tb, 0, "+2", "id", 9)
	st := h.lastState(fs)
	if st.Ply != 1 || st.ToMove != 1 || st.Moves[0] != "+2" || st.Version != before.Version+1 || string(fs[0].ID) != "9" {
		t.Fatalf("after +2: %s %+v", describe(fs), st)
	}
	for _, c := range []string{"c1", "w"} {
		if got := h.take(c); len(got) != 1 || got[0].snap.Version != st.Version || got[0].ID != nil {
			t.Fatalf("%s was told %s", c, describe(got))
		}
	}
	// The same move again at the same ply is answered with the state, never applied twice.
	mid := h.record(tb.id)
	fs = h.send("c0", M{"action": "move", "room": tb.id, "token": tb.tokens[0], "ply": 0, "move": "+2", "id": 10})
	if len(fs) != 1 || fs[0].Type != "state" || fs[0].snap.Ply != 1 || string(fs[0].ID) != "10" {
		t.Fatalf("repeat answered %s", describe(fs))
	}
	h.unchanged(mid)
	if got := h.take("c1"); len(got) != 0 {
		t.Fatalf("a repeat was broadcast: %s", describe(got))
	}
	// A different move at a played ply: stale-ply, then the current state.
	fs = h.send("c0", M{"action": "move", "room": tb.id, "token": tb.tokens[0], "ply": 0, "move": "+1"})
	h.wantError(fs, "stale-ply")
	if len(fs) != 2 || fs[1].snap.Ply != 1 {
		t.Fatalf("stale-ply answered %s", describe(fs))
	}
	h.unchanged(mid)

	// Play to the end: seat 0 reaches 8 first (+2 x4).
	for _, mv := range []struct {
		seat int
		m    string
	}{{1, "+1"}, {0, "+2"}, {1, "+1"}, {0, "+2"}, {1, "+1"}, {0, "+2"}} {
		h.move(tb, mv.seat, mv.m)
	}
	st = h.snap(tb)
	if st.Status != "over" || st.Result == nil || st.Result.Winner == nil || *st.Result.Winner != 0 || st.Result.Reason != "camp-filled" || st.ToMove != -1 || len(st.Legal) != 0 {
		t.Fatalf("end: %+v %+v", st, st.Result)
	}
	end := h.record(tb.id)
	h.wantError(h.move(tb, 1, "+1"), "game-over")
	h.wantError(h.send("c1", M{"action": "resign", "room": tb.id, "token": tb.tokens[1]}), "game-over")
	h.unchanged(end)
}

func TestRoomNotFound(t *testing.T) {
	h := newHarness(t)
	for _, id := range []string{"", "ABCDEFGHIJKM", "abc", strings.Repeat("a", 5000), "abcdefghijk0"} {
		fs := h.send("c0", M{"action": "join", "room": id})
		if id == "" {
			h.wantError(fs, "bad-message")
		} else {
			h.wantError(fs, "room-not-found")
		}
	}
	for _, a := range []string{"join", "resume", "move", "acceptDraw", "resign", "leave", "fillAI", "takeover", "rematch"} {
		h.wantError(h.send("c0", M{"action": a, "room": "abcdefghijkm", "token": "t", "ply": 0, "move": "+1"}), "room-not-found")
	}
}

func TestResume(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	tb := h.open("track", M{}, 2)
	h.move(tb, 0, "+1")
	if err := h.svc.Disconnect(context.Background(), "c1"); err != nil {
		t.Fatal(err)
	}
	st := h.snap(tb)
	if st.Seats[1].Connected || st.Seats[1].AwaySince == nil || *st.Seats[1].AwaySince != t0.UnixMilli() {
		t.Fatalf("after disconnect: %+v", st.Seats[1])
	}
	if got := h.take("c0"); len(got) != 1 || got[0].snap.Seats[1].Connected {
		t.Fatalf("c0 was told %s", describe(got))
	}
	h.wantError(h.send("c9", M{"action": "resume", "room": tb.id, "token": tb.tokens[0] + "x"}), "bad-token")
	fs := h.send("c9", M{"action": "resume", "room": tb.id, "token": tb.tokens[1], "id": "r"})
	if len(fs) != 2 || fs[0].Type != "joined" || *fs[0].Seat != 1 || fs[0].Token != nil || string(fs[0].ID) != `"r"` {
		t.Fatalf("resume answered %s", describe(fs))
	}
	st2 := fs[1].snap
	if !st2.Seats[1].Connected || st2.Seats[1].AwaySince != nil || st2.Ply != 1 || st2.Moves[0] != "+1" {
		t.Fatalf("after resume: %+v", st2)
	}
	// The resumed socket plays for seat 1.
	if st := h.lastState(h.send("c9", M{"action": "move", "room": tb.id, "token": tb.tokens[1], "ply": 1, "move": "wait"})); st.Ply != 2 {
		t.Fatalf("move after resume: %+v", st)
	}
}

func TestGoneConnectionIsDropped(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	tb := h.open("track", M{}, 2)
	h.note.mu.Lock()
	h.note.gone["c1"] = true
	h.note.mu.Unlock()
	h.move(tb, 0, "+1")
	if st := h.snap(tb); st.Seats[1].Connected || st.Seats[1].AwaySince == nil {
		t.Fatalf("gone socket still bound: %+v", st.Seats[1])
	}
}

// A socket of a previous run (no connection record left) is dropped when a post finds it
// gone.
func TestGoneConnectionWithoutRecord(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	tb := h.open("track", M{}, 2)
	h.store.DeleteConn(context.Background(), "c1")
	h.note.mu.Lock()
	h.note.gone["c1"] = true
	h.note.mu.Unlock()
	h.move(tb, 0, "+1")
	if st := h.snap(tb); st.Seats[1].Connected {
		t.Fatalf("gone socket still bound: %+v", st.Seats[1])
	}
}

func TestConflictingMovesOneApplied(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	tb := h.open("track", M{}, 2)
	moves := []string{"+1", "+2", "wait"}
	var wg sync.WaitGroup
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			raw, _ := json.Marshal(M{"action": "move", "room": tb.id, "token": tb.tokens[0], "ply": 0, "move": moves[i%3]})
			h.svc.Handle(context.Background(), "x"+string(rune('a'+i)), raw)
		}(i)
	}
	wg.Wait()
	st := h.snap(tb)
	if st.Ply != 1 || st.Version != 3 {
		t.Fatalf("after 20 conflicting moves: ply %d version %d, want 1 and 3", st.Ply, st.Version)
	}
	applied := st.Moves[0]
	for i := 0; i < 20; i++ {
		fs := h.take("x" + string(rune('a'+i)))
		if len(fs) == 0 {
			t.Fatalf("client %d got no answer", i)
		}
		switch {
		case fs[0].Type == "error":
			if fs[0].Code != "stale-ply" && fs[0].Code != "not-your-turn" {
				t.Fatalf("client %d: %s", i, fs[0].Code)
			}
			if moves[i%3] == applied {
				t.Fatalf("client %d sent the applied move %s and was refused", i, applied)
			}
		case fs[0].Type == "state":
			if moves[i%3] != applied {
				t.Fatalf("client %d sent %s and got no refusal (applied %s)", i, moves[i%3], applied)
			}
		}
	}
}

func TestExpiry(t *testing.T) {
	t.Run("30min after the last socket closed", func(t *testing.T) {
		h := newHarness(t)
		usePolicy(t, room.Policy{})
		tb := h.open("track", M{}, 2)
		h.clock.Advance(time.Hour)
		h.svc.Disconnect(context.Background(), "c0")
		h.clock.Advance(10 * time.Minute)
		h.svc.Disconnect(context.Background(), "c1")
		h.clock.Advance(30*time.Minute - time.Millisecond)
		if _, err := h.svc.Snapshot(context.Background(), tb.id); err != nil {
			t.Fatalf("gone before 30 min: %v", err)
		}
		h.clock.Advance(time.Millisecond)
		h.wantError(h.send("c0", M{"action": "resume", "room": tb.id, "token": tb.tokens[0]}), "room-not-found")
		h.wantError(h.send("c5", M{"action": "join", "room": tb.id}), "room-not-found")
	})
	t.Run("a returning socket stops the idle clock", func(t *testing.T) {
		h := newHarness(t)
		usePolicy(t, room.Policy{})
		tb := h.open("track", M{}, 2)
		h.svc.Disconnect(context.Background(), "c0")
		h.svc.Disconnect(context.Background(), "c1")
		h.clock.Advance(29 * time.Minute)
		h.send("c0", M{"action": "resume", "room": tb.id, "token": tb.tokens[0]})
		h.clock.Advance(2 * time.Hour)
		if st := h.snap(tb); st.Status != "playing" {
			t.Fatalf("room lost: %+v", st)
		}
	})
	t.Run("24h after creation even when connected", func(t *testing.T) {
		h := newHarness(t)
		usePolicy(t, room.Policy{})
		tb := h.open("track", M{}, 2)
		h.clock.Advance(24*time.Hour - time.Millisecond)
		h.move(tb, 0, "+1")
		h.clock.Advance(time.Millisecond)
		h.wantError(h.move2(tb, 1, 1, "+1"), "room-not-found")
	})
	t.Run("the stored expiry follows the room", func(t *testing.T) {
		h := newHarness(t)
		usePolicy(t, room.Policy{})
		tb := h.open("track", M{}, 2)
		if r := h.record(tb.id); !r.ExpiresAt.Equal(t0.Add(24 * time.Hour)) {
			t.Fatalf("expiry %v", r.ExpiresAt)
		}
		h.clock.Advance(time.Minute)
		h.svc.Disconnect(context.Background(), "c0")
		h.svc.Disconnect(context.Background(), "c1")
		if r := h.record(tb.id); !r.ExpiresAt.Equal(t0.Add(31 * time.Minute)) {
			t.Fatalf("expiry after the last close %v", r.ExpiresAt)
		}
	})
}

// move2 sends a move at an explicit ply (no snapshot read, which an expired room refuses).
func (h *harness) move2(tb table, seat, ply int, mv string) []frame {
	return h.send("c"+string(rune('0'+seat)), M{"action": "move", "room": tb.id, "token": tb.tokens[seat], "ply": ply, "move": mv})
}

func TestResetConnections(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{AwayAI: 45 * time.Second})
	tb := h.open("track", M{}, 2)
	h.send("w", M{"action": "join", "room": tb.id})
	h.clock.Advance(time.Minute)
	if err := h.svc.ResetConnections(context.Background(), tb.id); err != nil {
		t.Fatal(err)
	}
	st := h.snap(tb)
	if st.Seats[0].Connected || st.Seats[1].Connected || st.Spectators != 0 || *st.Seats[0].AwaySince != t0.Add(time.Minute).UnixMilli() {
		t.Fatalf("%+v", st)
	}
	if r := h.record(tb.id); !r.ExpiresAt.Equal(t0.Add(31 * time.Minute)) {
		t.Fatalf("idle clock not started: expires %v", r.ExpiresAt)
	}
	// Nobody watches the room now: no away check is asked (the AI would not play it)
	// until a socket comes back.
	if len(h.sched.jobs) != 0 {
		t.Fatalf("away check asked for a room nobody watches: %+v", h.sched.jobs)
	}
	v := st.Version
	h.svc.ResetConnections(context.Background(), tb.id)
	if h.snap(tb).Version != v {
		t.Fatal("a second reset wrote again")
	}
	h.send("c1", M{"action": "resume", "room": tb.id, "token": tb.tokens[1]})
	if len(h.sched.jobs) != 1 {
		t.Fatalf("away check not asked once a socket is back: %+v", h.sched.jobs)
	}
}

// A socket that holds a seat and sends join again (a double click) keeps its seat.
func TestRepeatedJoinKeepsSeat(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	tb := h.open("track", M{}, 2)
	before := h.record(tb.id)
	fs := h.send("c1", M{"action": "join", "room": tb.id, "id": 2})
	if len(fs) != 2 || fs[0].Type != "joined" || *fs[0].Seat != 1 || fs[0].Token != nil || !fs[1].snap.Seats[1].Connected {
		t.Fatalf("repeated join answered %s", describe(fs))
	}
	h.unchanged(before)
}

func TestPeek(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	h.wantError(h.send("p", M{"action": "peek", "room": "zzzzzzzzzzzz"}), "room-not-found")
	h.wantError(h.send("p", M{"action": "peek"}), "bad-message")
	fs := h.send("c0", M{"action": "create", "game": "track", "options": M{}})
	var id string
	json.Unmarshal(fs[0].Room, &id)
	fs = h.send("p", M{"action": "peek", "room": id, "id": 3})
	if len(fs) != 1 || fs[0].snap == nil || string(fs[0].ID) != "3" || fs[0].snap.Status != "waiting" ||
		fs[0].snap.Game != "track" || fs[0].snap.Seats[1].Kind != "empty" || fs[0].snap.Spectators != 0 || fs[0].snap.Version != 1 {
		t.Fatalf("peek answered %s", describe(fs))
	}
	// peeking took no seat, bound nothing: the next join still gets seat 1 and the peeker
	// hears nothing of it
	fs = h.send("c1", M{"action": "join", "room": id})
	if len(fs) != 2 || *fs[0].Seat != 1 {
		t.Fatalf("join after peek answered %s", describe(fs))
	}
	if got := h.take("p"); len(got) != 0 {
		t.Fatalf("peeker was told %s", describe(got))
	}
	if st := h.lastState(h.send("p", M{"action": "peek", "room": id})); st.Status != "playing" || st.Seats[1].Kind != "human" {
		t.Fatalf("peek of a full room: %+v", st)
	}
}
