package room_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"madang/functions/room"
	_ "madang/games/draughts"
)

// BenchmarkCheckersMove is one move message through the whole service (memory store, a
// state posted to both sockets), in checkers games played from the start; a finished game
// is replaced by a new room. Its sub-benchmarks are rooms without a clock and on one (10+5,
// the load test's LOAD_CLOCK): the clock's own cost per move (charging, the flag check's
// planning, the snapshot's and the stored body's clock fields).
func BenchmarkCheckersMove(b *testing.B) {
	b.Run("clock=none", func(b *testing.B) { benchCheckersMove(b, nil) })
	b.Run("clock=10+5", func(b *testing.B) { benchCheckersMove(b, M{"baseMs": 600000, "incrementMs": 5000}) })
}

func benchCheckersMove(b *testing.B, clock M) {
	h := unlimited(b)
	var tb table
	ply := 0
	open := func() {
		tb = h.openTimed("checkers", M{}, clock, 2)
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

// longRoom plays a track room of 1,200 plies through the service (with dice, 1,200 moves
// and their rolls) and returns it.
func longRoom(b *testing.B, h *harness, dice bool) table {
	room.RegisterPolicy("track", room.Policy{})
	opts := M{"length": 1000, "limit": 2000}
	if dice {
		opts["dice"] = 1
		h.rand.dice(2, 1) // seat 0 starts
	}
	tb := h.open("track", opts, 2)
	st := h.snap(tb)
	for moves := 0; moves < 1200; {
		c := fmt.Sprintf("c%d", st.ToMove)
		msg := M{"room": tb.id, "token": tb.tokens[st.ToMove], "ply": st.Ply}
		switch {
		case st.Phase == "roll":
			h.rand.dice(1, 1+moves%6) // moves +1, so nobody reaches the end
			msg["action"] = "roll"
		case !dice && moves%3 == 0:
			msg["action"], msg["move"] = "move", "wait"
			moves++
		default:
			msg["action"], msg["move"] = "move", st.Legal[0]
			moves++
		}
		fs := h.send(c, msg)
		st = h.lastState(fs)
		h.take("c0")
		h.take("c1")
	}
	if st.Status != "playing" {
		b.Fatalf("the long game ended: %+v", st.Result)
	}
	return tb
}

// BenchmarkColdLoad1200 is a cold load of a room with a 1,200-ply log (no cached state:
// a new Lambda instance): read, decode, replay, snapshot. The goal: under 20 ms.
func BenchmarkColdLoad1200(b *testing.B) {
	for _, dice := range []bool{false, true} {
		name := "track"
		if dice {
			name = "track-dice"
		}
		b.Run(name, func(b *testing.B) {
			h := newHarness(b)
			tb := longRoom(b, h, dice)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				svc := room.New(room.Deps{Store: h.store, Notifier: h.note, Clock: h.clock, Log: quiet, Rand: h.rand})
				if _, err := svc.Snapshot(context.Background(), tb.id); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkColdRepeat1200 is a repeat of the move at ply 1 of a 1,200-ply room on a cold
// service: who moved there is found without replaying again.
func BenchmarkColdRepeat1200(b *testing.B) {
	h := newHarness(b)
	tb := longRoom(b, h, false)
	first := h.snap(tb).Moves[1]
	msg := []byte(fmt.Sprintf(`{"action":"move","room":%q,"token":%q,"ply":1,"move":%q}`, tb.id, tb.tokens[1], first))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		svc := room.New(room.Deps{Store: h.store, Notifier: h.note, Clock: h.clock, Log: quiet, Rand: h.rand})
		if err := svc.Handle(context.Background(), "c1", msg); err != nil {
			b.Fatal(err)
		}
		fs := h.take("c1")
		if len(fs) != 1 || fs[0].Type != "state" {
			b.Fatalf("repeat: %s", describe(fs))
		}
	}
}

// BenchmarkCheckersMoveRooms is BenchmarkCheckersMove spread over many rooms, each move in
// the next room (round robin), as a server with that many games under way sees them: with
// more rooms than the service keeps replayed states for, each move replays its game.
func BenchmarkCheckersMoveRooms(b *testing.B) {
	for _, n := range []int{500, 6000} {
		b.Run(fmt.Sprintf("rooms=%d", n), func(b *testing.B) {
			h := unlimited(b)
			type game struct {
				id     string
				conns  [2]string
				tokens [2]string
				st     *snapshot
			}
			games := make([]*game, n)
			open := func(g *game) {
				fs := h.send(g.conns[0], M{"action": "create", "game": "checkers", "options": M{}})
				json.Unmarshal(fs[0].Room, &g.id)
				g.tokens[0] = *fs[0].Token
				fs = h.send(g.conns[1], M{"action": "join", "room": g.id})
				g.tokens[1] = *fs[0].Token
				g.st = h.lastState(fs)
				h.take(g.conns[0])
			}
			move := func(g *game) {
				st := g.st
				c := g.conns[st.ToMove]
				fs := h.send(c, M{"action": "move", "room": g.id, "token": g.tokens[st.ToMove], "ply": st.Ply, "move": st.Legal[(st.Ply*7+3)%len(st.Legal)]})
				g.st = h.lastState(fs)
				h.take(g.conns[1-st.ToMove])
			}
			for i := range games {
				g := &game{conns: [2]string{fmt.Sprintf("a%d", i), fmt.Sprintf("b%d", i)}}
				open(g)
				for range 10 { // a game under way: a replay has plies to play
					if g.st.Status == "playing" {
						move(g)
					}
				}
				games[i] = g
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				g := games[i%n]
				if g.st.Status != "playing" || g.st.Ply > 150 {
					b.StopTimer()
					open(g)
					b.StartTimer()
				}
				move(g)
			}
		})
	}
}

// unlimited is a harness whose sockets may create rooms without a rate limit (a benchmark
// opens many rooms from one socket).
func unlimited(b *testing.B) *harness {
	h := newHarness(b)
	h.svc = room.New(room.Deps{Store: h.store, Notifier: h.note, Invoker: h.inv, Scheduler: h.sched, Clock: h.clock, AI: h.ai, Log: quiet, Rand: h.rand,
		Limits: room.Limits{CreatesPerMinute: -1}})
	return h
}
