package room_test

import (
	"testing"

	_ "madang/rules/draughts"
)

// BenchmarkCheckersMove is one move message through the whole service (memory store, a
// state posted to both sockets), in checkers games played from the start; a finished game
// is replaced by a new room.
func BenchmarkCheckersMove(b *testing.B) {
	h := newHarness(b)
	var tb table
	ply := 0
	open := func() {
		tb = h.open("checkers", M{}, 2)
		ply = 0
	}
	open()
	st := h.snap(tb)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if st.Status != "playing" || ply > 150 {
			b.StopTimer()
			open()
			st = h.snap(tb)
			b.StartTimer()
		}
		fs := h.send("c"+string(rune('0'+st.ToMove)), M{"action": "move", "room": tb.id, "token": tb.tokens[st.ToMove], "ply": st.Ply, "move": st.Legal[(st.Ply*7+3)%len(st.Legal)]})
		st = h.lastState(fs)
		h.take("c0")
		h.take("c1")
		ply++
	}
}
