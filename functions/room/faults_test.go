package room_test

// Faults of the room service that show on real AWS (issue 28, section B).

import (
	"context"
	"fmt"
	"testing"
	"time"

	"madang/functions/room"
)

// Issue 28 item 9: every repeated join of a room with an away seat asked for its own away
// check (28,820 joins -> 23,143 goroutines locally, as many SQS messages on AWS). One check
// is asked per due time, whoever joins and however often.
func TestJoinsAskOneAwayCheck(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{AwayAI: 45 * time.Second})
	tb := h.open("track", M{}, 2)
	h.move(tb, 0, "+1")
	h.svc.Disconnect(context.Background(), "c1")
	if n := len(h.sched.jobs); n != 1 {
		t.Fatalf("the seat left: %d away checks, want 1", n)
	}
	for k := 0; k < 200; k++ {
		h.send("w", M{"action": "join", "room": tb.id}) // a socket joining again and again
	}
	for k := 0; k < 40; k++ {
		h.send(fmt.Sprint("w", k), M{"action": "join", "room": tb.id}) // new spectators
	}
	h.clock.Advance(10 * time.Second)
	h.send("c0b", M{"action": "resume", "room": tb.id, "token": tb.tokens[0]}) // a write
	if n := len(h.sched.jobs); n != 1 {
		t.Fatalf("after 240 joins and a resume: %d away checks asked, want 1", n)
	}
	// The check comes: the AI plays for the away seat, and nothing more is asked.
	h.clock.Advance(35 * time.Second)
	h.svc.RunDelayed(context.Background(), h.sched.jobs[0].a)
	if st := h.snap(tb); !st.Seats[1].AI {
		t.Fatalf("after the check: %+v", st.Seats[1])
	}
	for k := 0; k < 20; k++ {
		h.send("w", M{"action": "join", "room": tb.id})
	}
	if n := len(h.sched.jobs); n != 1 {
		t.Fatalf("after the check: %d away checks, want 1", n)
	}
}

// A check that never comes (a lost message, a restart of the local queue) is asked again by
// the next message once it is overdue by room.awayLost, and only once.
func TestLostAwayCheckAskedAgain(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{AwayAI: 45 * time.Second})
	tb := h.open("track", M{}, 2)
	h.move(tb, 0, "+1")
	h.svc.Disconnect(context.Background(), "c1")
	h.clock.Advance(45*time.Second + 10*time.Minute + time.Second)
	for k := 0; k < 5; k++ {
		h.send("w", M{"action": "join", "room": tb.id})
	}
	if n := len(h.sched.jobs); n != 2 || h.sched.jobs[1].d != 0 {
		t.Fatalf("lost check: %+v, want one more at once", h.sched.jobs)
	}
	h.svc.RunDelayed(context.Background(), h.sched.jobs[1].a)
	if st := h.snap(tb); !st.Seats[1].AI {
		t.Fatalf("after the check: %+v", st.Seats[1])
	}
}
