package room_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"madang/functions/room"
	"madang/rules"
)

// recordingStore keeps every record written through the Store port, as the store
// received it, so a test can scan all of them (not only the latest).
type recordingStore struct {
	room.Store
	mu     sync.Mutex
	writes [][]byte
}

func (s *recordingStore) keep(v any) {
	raw, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	s.mu.Lock()
	s.writes = append(s.writes, raw)
	s.mu.Unlock()
}

func (s *recordingStore) PutRoom(ctx context.Context, r room.Record, prev int64, now time.Time) (room.Record, error) {
	s.keep(r)
	s.mu.Lock()
	s.writes = append(s.writes, append([]byte(nil), r.Body...)) // the body as stored, not only base64 in JSON
	s.mu.Unlock()
	return s.Store.PutRoom(ctx, r, prev, now)
}

func (s *recordingStore) PutConn(ctx context.Context, c room.Conn) error {
	s.keep(c)
	return s.Store.PutConn(ctx, c)
}

// tokenForms are the ways a token's secret could show up in a stored record: its text,
// its 16 random bytes, and those in the encodings a record might use (JSON encodes []byte
// as standard base64).
func tokenForms(t *testing.T, tok string) map[string][]byte {
	t.Helper()
	raw, err := base64.RawURLEncoding.DecodeString(tok)
	if err != nil || len(raw) != room.TokenBytes {
		t.Fatalf("token %q is not %d base64url bytes: %v", tok, room.TokenBytes, err)
	}
	return map[string][]byte{
		"text":               []byte(tok),
		"text as base64":     []byte(base64.StdEncoding.EncodeToString([]byte(tok))),
		"text as raw base64": []byte(base64.RawStdEncoding.EncodeToString([]byte(tok))),
		"bytes":              raw,
		"bytes as base64":    []byte(base64.StdEncoding.EncodeToString(raw)),
		"bytes as hex":       []byte(hex.EncodeToString(raw)),
	}
}

// No stored record ever holds a seat token, in any form; only its hash
// is kept. Every record written during a game (create, join, moves, a spectator, a seat
// left to the AI, a resume, a rematch), the connection records and the delayed actions
// are scanned; the room must hold the sha256 of each token (so the scan would find a
// token stored in place of its hash).
func TestNoStoredRecordHoldsAToken(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{DrawOffers: true, AwayAI: 45 * time.Second, TakeoverAfter: 2 * time.Minute})
	rs := &recordingStore{Store: h.store}
	h.svc = room.New(room.Deps{Store: rs, Notifier: h.note, Invoker: h.inv, Scheduler: h.sched, Clock: h.clock, AI: h.ai, Log: quiet})
	tb := h.open("track", M{}, 2)
	h.send("w", M{"action": "join", "room": tb.id})
	h.move(tb, 0, "+1", "offerDraw", true)
	h.move(tb, 1, "+1")
	h.send("c0", M{"action": "resume", "room": tb.id, "token": tb.tokens[0]})
	h.send("c1", M{"action": "resign", "room": tb.id, "token": tb.tokens[1]})
	h.send("c0", M{"action": "rematch", "room": tb.id, "token": tb.tokens[0]})
	h.send("c1", M{"action": "rematch", "room": tb.id, "token": tb.tokens[1]})
	if err := h.svc.Disconnect(context.Background(), "c1"); err != nil {
		t.Fatal(err)
	}

	// A second room whose person leaves a seat to the AI (the AI seat keeps the hash).
	h2 := h.open("track", M{}, 1)
	h.send("c0", M{"action": "fillAI", "room": h2.id, "token": h2.tokens[0]})

	h.sched.mu.Lock()
	if len(h.sched.jobs) == 0 {
		t.Error("no delayed action was scheduled: the scan misses that kind of record")
	}
	for _, j := range h.sched.jobs {
		rs.keep(j.a)
	}
	h.sched.mu.Unlock()
	if len(rs.writes) < 10 {
		t.Fatalf("only %d records written: the scan would prove little", len(rs.writes))
	}
	body := h.record(tb.id).Body
	for _, tok := range append(tb.tokens, h2.tokens...) {
		sum := sha256.Sum256([]byte(tok))
		if tok == h2.tokens[0] {
			body = h.record(h2.id).Body
		}
		if !bytes.Contains(body, []byte(base64.StdEncoding.EncodeToString(sum[:]))) {
			t.Errorf("the room does not hold the sha256 of token %q: the scan checks the wrong form", tok)
		}
		for name, form := range tokenForms(t, tok) {
			for i, w := range rs.writes {
				if bytes.Contains(w, form) {
					t.Errorf("stored record %d holds the token (%s): %s", i, name, w)
				}
			}
		}
	}
}

// A seat's stored hash that differs from the token's sha256 in any one
// of its bytes (or is one byte short) proves nothing: the token is refused with bad-token
// and the room does not change. With the hash intact the same token is accepted.
func TestTokenHashComparesEveryByte(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	tb := h.open("track", M{}, 2)
	sum := sha256.Sum256([]byte(tb.tokens[0]))
	good := []byte(base64.StdEncoding.EncodeToString(sum[:]))
	base := h.record(tb.id)
	if bytes.Count(base.Body, good) != 1 {
		t.Fatalf("the room holds seat 0's hash %d times, want once: %s", bytes.Count(base.Body, good), base.Body)
	}
	// store replaces seat 0's hash in the stored room by hash (base64 in the body).
	store := func(hash []byte) {
		t.Helper()
		cur := h.record(tb.id)
		rec := cur
		rec.Version = cur.Version + 1
		rec.Body = bytes.Replace(base.Body, good, []byte(base64.StdEncoding.EncodeToString(hash)), 1)
		if _, err := h.store.PutRoom(context.Background(), rec, cur.Version, h.clock.Now()); err != nil {
			t.Fatal(err)
		}
	}
	resume := func() []frame {
		return h.send("c0", M{"action": "resume", "room": tb.id, "token": tb.tokens[0]})
	}
	for i := range sum {
		bad := sum
		bad[i] ^= 0x5a
		store(bad[:])
		before := h.record(tb.id)
		h.wantError(resume(), "bad-token")
		h.unchanged(before)
		h.wantError(h.send("c0", M{"action": "move", "room": tb.id, "token": tb.tokens[0], "ply": 0, "move": "+1"}), "bad-token")
		h.unchanged(before)
	}
	store(sum[:len(sum)-1])
	h.wantError(resume(), "bad-token")
	store(sum[:])
	if fs := resume(); len(fs) == 0 || fs[0].Type != "joined" || *fs[0].Seat != 0 {
		t.Fatalf("the intact hash: resume answered %s, want joined as seat 0", describe(fs))
	}
}

// A token proves exactly what its seat is now: after its person leaves
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
