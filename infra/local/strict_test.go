package local_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"madang/functions/store/memory"
	"madang/infra/local"
)

// Over a real socket of the local stack, the messages the strict rules refuse (PROTOCOL.md
// "Client → server": an object id, a 100-byte id, `options: null`, a key twice) are each
// answered with bad-message, the socket stays open, the room does not change, and the same
// socket then plays its move.
func TestStrictMessagesOverSocket(t *testing.T) {
	st := local.New(local.Config{Store: memory.New(), Rate: -1, Log: quietLog})
	srv := httptest.NewServer(st.Handler())
	defer srv.Close()
	defer st.Close()

	a, b := newClient(t, srv, "a"), newClient(t, srv, "b")
	fs, err := a.ask(map[string]any{"action": "create", "game": "checkers", "options": map[string]any{}}, 5*time.Second)
	if err != nil || fs[0].Type != "joined" {
		t.Fatalf("create: %v %+v", err, fs)
	}
	roomID, token := snapOf(t, fs).ID, fs[0].Token
	fs, err = b.ask(map[string]any{"action": "join", "room": roomID}, 5*time.Second)
	if err != nil || fs[0].Type != "joined" {
		t.Fatalf("join: %v %+v", err, fs)
	}
	s := snapOf(t, fs)
	if s.Status != "playing" || s.ToMove != 0 || len(s.Legal) == 0 {
		t.Fatalf("not playing: %+v", s)
	}
	version := s.Version
	// The join's state reaches a on its own (a broadcast): wait for it, so that the check
	// below sees what the refusals did and not a late broadcast.
	for deadline := time.Now().Add(5 * time.Second); a.snap().Version < version && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}

	// Refusals without an id to echo arrive with no id: the reader hands them to "".
	unechoed := make(chan wsFrame, 8)
	a.mu.Lock()
	a.byID[""] = unechoed
	a.mu.Unlock()
	move := func(extra string) string {
		return fmt.Sprintf(`{"action":"move","room":%q,"token":%q,"ply":0,"move":%q%s}`, roomID, token, s.Legal[0], extra)
	}
	for _, c := range []struct{ why, msg string }{
		{"an object id", move(`,"id":{"x":1}`)},
		{"a 100-byte id", move(`,"id":"` + strings.Repeat("x", 98) + `"`)},
		{"options null", `{"action":"create","game":"checkers","options":null}`},
		{"action twice", move(`,"action":"resign"`)},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		if err := a.c.Write(ctx, websocket.MessageText, []byte(c.msg)); err != nil {
			cancel()
			t.Fatalf("%s: write: %v", c.why, err)
		}
	wait:
		for {
			select {
			case f := <-unechoed:
				if f.Type == "state" && snapOf(t, []wsFrame{f}).Version <= version {
					continue // the join's broadcast, which carries no id
				}
				if f.Type != "error" || f.Code != "bad-message" || f.ID != nil {
					t.Errorf("%s: answered %+v, want bad-message without id", c.why, f)
				}
				break wait
			case <-ctx.Done():
				t.Fatalf("%s: no answer", c.why)
			}
		}
		cancel()
	}
	if got := a.snap(); got.Version != version || got.Ply != 0 {
		t.Fatalf("the room changed: %+v, want version %d at ply 0", got, version)
	}
	fs, err = a.ask(map[string]any{"action": "move", "room": roomID, "token": token, "ply": 0, "move": s.Legal[0]}, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if got := snapOf(t, fs); got.Ply != 1 || got.Status != "playing" || len(got.Moves) != 1 || got.Moves[0] != s.Legal[0] {
		t.Fatalf("the move after the refusals: %+v, want %s played at ply 0", got, s.Legal[0])
	}
}
