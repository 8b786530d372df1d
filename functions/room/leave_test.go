package room_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"madang/functions/room"
	"madang/rules"
)

// The last person leaving a game that hands leaving seats to the AI (three-player diamond)
// ends it as the last person's flag does, with the seat's resignation: the winner and points
// rules.FlagOutcome would give, reason abandoned (what `leave` gives elsewhere). The game
// used to go on with the AI alone. The seat is empty afterwards and its socket watches.
func TestLastPersonLeaveEndsGame(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{LeaveToAI: func(s rules.State) bool { return s.Seats() == 3 }})
	tb := h.open("track", M{"players": 3}, 1)
	h.send("c0", M{"action": "fillAI", "room": tb.id, "token": tb.tokens[0]})
	if s := h.snap(tb); s.Status != room.StatusPlaying {
		t.Fatalf("after fillAI: %s", s.Status)
	}
	fs := h.send("c0", M{"action": "leave", "room": tb.id, "token": tb.tokens[0]})
	if len(fs) < 2 || fs[0].Type != "joined" || *fs[0].Seat != -1 {
		t.Fatalf("the leaving socket got %s, want joined -1 then the state", describe(fs))
	}
	s := h.lastState(fs)
	if s.Status != room.StatusOver || s.Result == nil || s.Result.Reason != "abandoned" {
		t.Fatalf("after the last person's leave: %s %+v; want the game over, reason abandoned", s.Status, s.Result)
	}
	if s.Seats[0].Kind != room.KindEmpty || s.Seats[1].Kind != room.KindAI || s.Seats[2].Kind != room.KindAI {
		t.Fatalf("seats after the leave: %+v", s.Seats)
	}
	// The same winner and points as the last person's flag (TestClockLastPersonFlagEndsGame).
	f := newHarness(t)
	ft := f.openClocked(M{"players": 3}, M{"baseMs": 5000}, 1)
	f.send("c0", M{"action": "fillAI", "room": ft.id, "token": ft.tokens[0]})
	f.clock.Advance(5 * time.Second)
	if err := f.svc.RunDelayed(context.Background(), room.Delayed{Room: ft.id, Kind: room.DelayedClock}); err != nil {
		t.Fatal(err)
	}
	fl := f.snap(ft)
	if fl.Result == nil || fl.Result.Reason != "time" {
		t.Fatalf("the flag: %s %+v", fl.Status, fl.Result)
	}
	if *s.Result.Winner != *fl.Result.Winner || s.Result.Points != fl.Result.Points {
		t.Fatalf("leave: winner %d points %d; the flag: winner %d points %d", *s.Result.Winner, s.Result.Points, *fl.Result.Winner, fl.Result.Points)
	}
	h.pump(10)
	if s := h.snap(tb); s.Ply != 0 || s.Status != room.StatusOver {
		t.Fatalf("the AI played on after the game ended: ply %d, %s", s.Ply, s.Status)
	}
	h.wantError(h.send("c0", M{"action": "resume", "room": tb.id, "token": tb.tokens[0]}), room.CodeBadToken)
}

// With two persons and the AI, the first person's leave hands the seat to the AI and the
// game goes on with the other person; that person's leave then ends it.
func TestLeaveToAIGoesOnWhileAPersonPlays(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{LeaveToAI: func(s rules.State) bool { return s.Seats() == 3 }})
	tb := h.open("track", M{"players": 3}, 2)
	h.send("c0", M{"action": "fillAI", "room": tb.id, "token": tb.tokens[0]})
	s := h.lastState(h.send("c1", M{"action": "leave", "room": tb.id, "token": tb.tokens[1]}))
	if s.Status != room.StatusPlaying || s.Seats[1].Kind != room.KindAI || s.Seats[0].Kind != room.KindHuman {
		t.Fatalf("after one of two persons left: %s, seats %+v; want the game on, seat 1 the AI's", s.Status, s.Seats)
	}
	h.wantError(h.send("c1", M{"action": "resume", "room": tb.id, "token": tb.tokens[1]}), room.CodeBadToken)
	h.wantMoved(h.move(tb, 0, "+1"))
	h.pump(10)
	if s := h.snap(tb); s.Status != room.StatusPlaying || s.ToMove != 0 || s.Ply != 3 {
		t.Fatalf("after the person's move and the AI's: %s, ply %d, to move %d", s.Status, s.Ply, s.ToMove)
	}
	s = h.lastState(h.send("c0", M{"action": "leave", "room": tb.id, "token": tb.tokens[0]}))
	if s.Status != room.StatusOver || s.Result == nil || s.Result.Reason != "abandoned" || s.Seats[0].Kind != room.KindEmpty {
		t.Fatalf("after the last person left: %s %+v, seat 0 %s", s.Status, s.Result, s.Seats[0].Kind)
	}
}

// The reported case, with the real game: a three-player diamond room filled with the AI
// (beginner), left by its only person. The game ends (the AI made no move) instead of the
// AI playing on by itself.
func TestDiamondLastPersonLeaveEndsGame(t *testing.T) {
	h := newHarness(t)
	fs := h.send("p", M{"action": "create", "game": "diamond", "options": M{"players": 3}})
	var id string
	if err := json.Unmarshal(fs[0].Room, &id); err != nil {
		t.Fatal(err)
	}
	tok := *fs[0].Token
	h.send("p", M{"action": "fillAI", "room": id, "token": tok, "level": "beginner"})
	h.send("p", M{"action": "leave", "room": id, "token": tok})
	h.pump(50)
	st, err := h.svc.Snapshot(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if st.Status != room.StatusOver || st.Ply != 0 || st.Result == nil || st.Result.Reason != rules.Abandoned.String() {
		t.Fatalf("diamond after its only person left: %s, ply %d, result %+v; want over at ply 0, abandoned", st.Status, st.Ply, st.Result)
	}
}
