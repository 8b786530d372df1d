package room_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"madang/functions/room"
)

// The strict message rules (PROTOCOL.md "Client → server"): an id is a JSON string or
// number of at most 64 bytes as written, no key appears twice in one object, and no field
// is null. Each message below broke one rule before it was refused (an object id and a
// 100-byte id were ignored and the message run; `options: null` made a room with the
// defaults; a repeated key took the last value silently). Each is now refused with
// bad-message, its id echoed only when the id itself is good and single; the room is
// unchanged, nobody else is told anything, and the socket plays its move right after.
func TestStrictMessagesRefused(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{DrawOffers: true})
	tb := h.open("track", M{}, 2)
	move := func(extra string) string {
		return fmt.Sprintf(`{"action":"move","room":%q,"token":%q,"ply":0,"move":"+1"%s}`, tb.id, tb.tokens[0], extra)
	}
	long := func(n int) string { return `"` + strings.Repeat("x", n-2) + `"` } // n bytes as written
	for _, c := range []struct {
		why, msg string
		echo     string // the id echoed in the error, "" for none
	}{
		{"an object id", move(`,"id":{"x":1}`), ""},
		{"an array id", move(`,"id":[1]`), ""},
		{"a boolean id", move(`,"id":true`), ""},
		{"a null id", move(`,"id":null`), ""},
		{"a 100-byte string id", move(`,"id":` + long(100)), ""},
		{"a 65-byte string id", move(`,"id":` + long(65)), ""},
		{"a 70-digit number id", move(`,"id":` + strings.Repeat("7", 70)), ""},
		{"action twice (a move that would become a resignation)", move(`,"action":"resign","id":5`), "5"},
		{"ply twice", move(`,"ply":1,"id":"p"`), `"p"`},
		{"id twice", move(`,"id":1,"id":2`), ""},
		{"a key twice once unescaped", move(`,"\u006dove":"+2","id":6`), "6"},
		{"a key twice in a nested object", move(`,"options":{"players":2,"players":3},"id":7`), "7"},
		{"ply null", fmt.Sprintf(`{"action":"move","room":%q,"token":%q,"ply":null,"move":"+1","id":8}`, tb.id, tb.tokens[0]), "8"},
		{"offerDraw null", move(`,"offerDraw":null,"id":9`), "9"},
		{"room null", fmt.Sprintf(`{"action":"move","room":null,"token":%q,"ply":0,"move":"+1"}`, tb.tokens[0]), ""},
		{"action null", `{"action":null,"id":10}`, "10"},
		{"seat null in takeover", fmt.Sprintf(`{"action":"takeover","room":%q,"token":%q,"seat":null}`, tb.id, tb.tokens[0]), ""},
	} {
		before := h.record(tb.id)
		h.take("c1")
		fs := h.send("c0", c.msg)
		if len(fs) != 1 || fs[0].Type != "error" || fs[0].Code != room.CodeBadMessage || fs[0].Message == "" {
			t.Errorf("%s: answered %s, want one bad-message", c.why, describe(fs))
			continue
		}
		if string(fs[0].ID) != c.echo {
			t.Errorf("%s: echoed id %s, want %q", c.why, fs[0].ID, c.echo)
		}
		h.unchanged(before)
		if got := h.take("c1"); len(got) != 0 {
			t.Errorf("%s: the other seat was told %s", c.why, describe(got))
		}
	}
	// The socket is still in play: its move at ply 0 is taken.
	fs := h.send("c0", move(`,"id":"ok"`))
	if st := h.lastState(fs); st.Ply != 1 || st.Status != "playing" {
		t.Fatalf("the move after the refusals: %s ply %d status %s", describe(fs), st.Ply, st.Status)
	}
}

// `options` is an object: null is refused and makes no room (it made a room with the
// defaults before); a missing `options` stays the defaults ({}), and the same socket creates
// its room right after.
func TestCreateOptionsNullRefused(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	h.wantError(h.send("c9", `{"action":"create","game":"track","options":null,"id":1}`), room.CodeBadMessage)
	h.wantError(h.send("c9", `{"action":"create","game":"track","options":{"players":3},"options":{},"id":2}`), room.CodeBadMessage)
	fs := h.send("c9", `{"action":"create","game":"track","id":3}`)
	if len(fs) < 2 || fs[0].Type != "joined" || string(fs[0].ID) != "3" {
		t.Fatalf("create without options: %s", describe(fs))
	}
}

// The id bound is inclusive: an id of exactly 64 bytes as written is echoed, string or
// number, and so is one with escapes whose text is 64 bytes.
func TestIDBound(t *testing.T) {
	h := newHarness(t)
	for _, id := range []string{
		`"` + strings.Repeat("a", 62) + `"`,
		strings.Repeat("9", 64),
		`"` + strings.Repeat(`\u00e9`, 10) + strings.Repeat("b", 2) + `"`,
		`"한글"`,
	} {
		if len(id) > room.MaxIDBytes {
			t.Fatalf("test id %s is %d bytes", id, len(id))
		}
		fs := h.send("c0", `{"action":"ping","id":`+id+`}`)
		if len(fs) != 1 || fs[0].Type != "pong" || string(fs[0].ID) != id {
			t.Fatalf("ping id %s: %s id %s", id, describe(fs), fs[0].ID)
		}
		var v any
		if err := json.Unmarshal(fs[0].ID, &v); err != nil {
			t.Fatal(err)
		}
	}
}
