package room_test

import (
	"strings"
	"testing"

	"madang/functions/room"
)

// FuzzHandle: any bytes from a client are answered (at least one frame) and never panic.
// The seeds (run by go test) cover every action with good and bad fields.
func FuzzHandle(f *testing.F) {
	for _, s := range []string{
		`{"action":"create","game":"track","options":{}}`,
		`{"action":"create","game":"track","options":{"players":3,"length":4}}`,
		`{"action":"create","game":"track","options":{"players":"3"}}`,
		`{"action":"join","room":"ROOM"}`,
		`{"action":"resume","room":"ROOM","token":"TOKEN"}`,
		`{"action":"move","room":"ROOM","token":"TOKEN","ply":0,"move":"+1","offerDraw":true}`,
		`{"action":"move","room":"ROOM","token":"TOKEN","ply":-1,"move":"+1"}`,
		`{"action":"move","room":"ROOM","token":"TOKEN","ply":99999999999,"move":"+1"}`,
		`{"action":"acceptDraw","room":"ROOM","token":"TOKEN"}`,
		`{"action":"resign","room":"ROOM","token":"TOKEN"}`,
		`{"action":"leave","room":"ROOM","token":"TOKEN"}`,
		`{"action":"fillAI","room":"ROOM","token":"TOKEN","level":"advanced"}`,
		`{"action":"takeover","room":"ROOM","token":"TOKEN","seat":-5}`,
		`{"action":"takeover","room":"ROOM","token":"TOKEN","seat":7}`,
		`{"action":"rematch","room":"ROOM","token":"TOKEN"}`,
		`{"action":"ping","id":{"x":1}}`,
		`{"action":null}`, `null`, `"x"`, `{}`, ``, `{"action":"move","ply":1e99}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		h := newHarness(t)
		usePolicy(t, room.Policy{DrawOffers: true, TakeoverAfter: 1})
		tb := h.open("track", M{}, 2)
		msg := strings.ReplaceAll(strings.ReplaceAll(string(raw), "ROOM", tb.id), "TOKEN", tb.tokens[0])
		if fs := h.send("c0", msg); len(fs) == 0 {
			t.Fatalf("no answer to %q", msg)
		}
	})
}
