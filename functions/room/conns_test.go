package room_test

import (
	"context"
	"testing"

	"madang/functions/room"
)

// A socket is in one room at a time: a socket seated in room 1 that acts
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
