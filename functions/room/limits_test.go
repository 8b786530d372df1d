package room_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"madang/functions/room"
)

// The limits a public server needs: rooms created per socket per minute,
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
