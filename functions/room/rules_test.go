package room_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"madang/functions/room"
	"madang/rules"
	"madang/rules/halma"

	_ "madang/games/halma" // the star games' room rules
)

// drawPolicy is seed 001's draw-offer rule on the track game ("+1"/"+2" stand for man
// moves and captures, "wait" for a king move).
var drawPolicy = room.Policy{DrawOffers: true, DrawReset: advanced}

func TestDrawOfferAccepted(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, drawPolicy)
	tb := h.open("track", M{}, 2)
	before := h.record(tb.id)
	h.wantError(h.send("c1", M{"action": "acceptDraw", "room": tb.id, "token": tb.tokens[1]}), "not-allowed")
	h.unchanged(before)
	st := h.lastState(h.move(tb, 0, "wait", "offerDraw", true))
	if st.DrawOffer == nil || st.DrawOffer.Seat != 0 || st.DrawOffer.Ply != 1 {
		t.Fatalf("offer not recorded: %+v", st.DrawOffer)
	}
	// The offerer cannot accept its own offer.
	mid := h.record(tb.id)
	h.wantError(h.send("c0", M{"action": "acceptDraw", "room": tb.id, "token": tb.tokens[0]}), "not-allowed")
	h.unchanged(mid)
	st = h.lastState(h.send("c1", M{"action": "acceptDraw", "room": tb.id, "token": tb.tokens[1]}))
	if st.Status != "over" || st.Result == nil || st.Result.Winner != nil || st.Result.Reason != "agreement" || st.DrawOffer != nil {
		t.Fatalf("after accept: %+v %+v", st, st.Result)
	}
}

func TestDrawOfferDeclinedAndReOffer(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, drawPolicy)
	tb := h.open("track", M{}, 2)
	h.move(tb, 0, "wait", "offerDraw", true) // ply 0: offer
	st := h.lastState(h.move(tb, 1, "+1"))   // ply 1: declined by moving, even with a man move
	if st.DrawOffer != nil || st.Seats[0].MayOfferDraw || !st.Seats[1].MayOfferDraw {
		t.Fatalf("after decline: offer %+v seats %+v", st.DrawOffer, st.Seats)
	}
	// The declining move does not lift the block; neither does the offering move itself.
	before := h.record(tb.id)
	h.wantError(h.move(tb, 0, "+1", "offerDraw", true), "not-allowed")
	h.unchanged(before)
	// A man move without an offer lifts it.
	st = h.lastState(h.move(tb, 0, "+1"))
	if !st.Seats[0].MayOfferDraw {
		t.Fatalf("block not lifted by a man move: %+v", st.Seats[0])
	}
	h.move(tb, 1, "wait")
	st = h.lastState(h.move(tb, 0, "wait", "offerDraw", true))
	if st.DrawOffer == nil || st.DrawOffer.Seat != 0 {
		t.Fatalf("re-offer refused: %+v", st)
	}
}

func TestDrawBlockLiftedByOpponentsManMove(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, drawPolicy)
	tb := h.open("track", M{}, 2)
	h.move(tb, 0, "wait", "offerDraw", true)
	h.move(tb, 1, "wait") // decline
	h.move(tb, 0, "wait") // a king move: still blocked
	if st := h.snap(tb); st.Seats[0].MayOfferDraw {
		t.Fatal("a king move lifted the block")
	}
	h.move(tb, 1, "+2") // the opponent's man move lifts it
	if st := h.snap(tb); !st.Seats[0].MayOfferDraw {
		t.Fatal("the opponent's man move did not lift the block")
	}
}

func TestDrawOffersOffByPolicy(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	tb := h.open("track", M{}, 2)
	before := h.record(tb.id)
	h.wantError(h.move(tb, 0, "+1", "offerDraw", true), "not-allowed")
	h.unchanged(before)
}

func TestAIAnswersDrawOffer(t *testing.T) {
	for _, accept := range []bool{true, false} {
		t.Run(fmt.Sprint("accept=", accept), func(t *testing.T) {
			h := newHarness(t)
			usePolicy(t, drawPolicy)
			h.ai.accept = accept
			tb := h.open("track", M{}, 1)
			h.send("c0", M{"action": "fillAI", "room": tb.id, "token": tb.tokens[0]})
			h.move(tb, 0, "wait", "offerDraw", true)
			st := h.snap(tb)
			if err := h.svc.RunAI(context.Background(), tb.id, st.Version); err != nil {
				t.Fatal(err)
			}
			st = h.snap(tb)
			if accept && (st.Status != "over" || st.Result.Reason != "agreement") {
				t.Fatalf("AI did not accept: %+v", st)
			}
			if !accept && (st.Status != "playing" || st.Ply != 2 || st.Seats[0].MayOfferDraw) {
				t.Fatalf("AI did not decline by moving: %+v", st)
			}
		})
	}
}

func TestResign(t *testing.T) {
	t.Run("two players: the opponent wins", func(t *testing.T) {
		h := newHarness(t)
		usePolicy(t, room.Policy{})
		tb := h.open("track", M{}, 2)
		h.move(tb, 0, "+1")
		st := h.lastState(h.send("c0", M{"action": "resign", "room": tb.id, "token": tb.tokens[0]}))
		if st.Status != "over" || st.Result.Winner == nil || *st.Result.Winner != 1 || st.Result.Reason != "resign" {
			t.Fatalf("%+v", st.Result)
		}
	})
	t.Run("waiting: not allowed", func(t *testing.T) {
		h := newHarness(t)
		usePolicy(t, room.Policy{})
		tb := h.open("track", M{}, 1)
		before := h.record(tb.id)
		h.wantError(h.send("c0", M{"action": "resign", "room": tb.id, "token": tb.tokens[0]}), "not-allowed")
		h.unchanged(before)
	})
	// Seed 000: of the two others, the one nearer the goal wins; a tie goes to the seat
	// that moves next after the resigner.
	for _, c := range []struct {
		name     string
		moves    []string // seat 0, 1, 2, 0, ...
		resigner int
		winner   int
	}{
		{"nearer wins", []string{"+1", "+1", "+2"}, 0, 2},
		{"nearer wins (after the resigner)", []string{"+1", "+2", "+1"}, 0, 1},
		{"tie goes to the next seat", []string{"+1", "+1", "+1"}, 1, 2},
		{"tie wraps around", []string{"+2", "+1", "+2"}, 1, 2},
		{"tie after the last seat", []string{"+1", "+1", "+1"}, 2, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t)
			usePolicy(t, room.Policy{}) // the track game resigns by rules.NearestGoalWins
			tb := h.open("track", M{"players": 3}, 3)
			for i, mv := range c.moves {
				h.move(tb, i%3, mv)
			}
			st := h.lastState(h.send(fmt.Sprint("c", c.resigner), M{"action": "resign", "room": tb.id, "token": tb.tokens[c.resigner]}))
			if st.Result == nil || st.Result.Winner == nil || *st.Result.Winner != c.winner {
				t.Fatalf("winner %+v, want %d", st.Result, c.winner)
			}
		})
	}
}

func TestLeave(t *testing.T) {
	t.Run("three-player diamond rule: the AI takes the seat", func(t *testing.T) {
		h := newHarness(t)
		usePolicy(t, room.Policy{LeaveToAI: func(s rules.State) bool { return s.Seats() == 3 }})
		tb := h.open("track", M{"players": 3}, 3)
		h.move(tb, 0, "+1")
		fs := h.send("c1", M{"action": "leave", "room": tb.id, "token": tb.tokens[1]})
		if fs[0].Type != "joined" || *fs[0].Seat != -1 {
			t.Fatalf("leaver not made a spectator: %s", describe(fs))
		}
		st := h.lastState(fs)
		if st.Seats[1].Kind != "ai" || !st.Seats[1].AI || st.Status != "playing" || st.Spectators != 1 {
			t.Fatalf("after leave: %+v", st)
		}
		if n := len(h.inv.calls); n != 1 || h.inv.calls[0].version != st.Version {
			t.Fatalf("AI not invoked at v%d: %+v", st.Version, h.inv.calls)
		}
		h.svc.RunAI(context.Background(), tb.id, st.Version)
		if st := h.snap(tb); st.Ply != 2 || st.ToMove != 2 {
			t.Fatalf("AI did not move: %+v", st)
		}
		// The old token no longer proves the seat.
		h.wantError(h.move(tb, 1, "+1"), "bad-token")
	})
	t.Run("two players: leaving is abandoning", func(t *testing.T) {
		h := newHarness(t)
		usePolicy(t, room.Policy{})
		tb := h.open("track", M{}, 2)
		st := h.lastState(h.send("c0", M{"action": "leave", "room": tb.id, "token": tb.tokens[0]}))
		if st.Status != "over" || *st.Result.Winner != 1 || st.Result.Reason != "abandoned" {
			t.Fatalf("%+v", st.Result)
		}
	})
	t.Run("waiting: the seat is free again", func(t *testing.T) {
		h := newHarness(t)
		usePolicy(t, room.Policy{})
		tb := h.open("track", M{"players": 3}, 2)
		st := h.lastState(h.send("c1", M{"action": "leave", "room": tb.id, "token": tb.tokens[1]}))
		if st.Seats[1].Kind != "empty" || st.Status != "waiting" {
			t.Fatalf("%+v", st.Seats)
		}
		fs := h.send("c7", M{"action": "join", "room": tb.id})
		if *fs[0].Seat != 1 {
			t.Fatalf("join after leave took seat %d", *fs[0].Seat)
		}
	})
}

func TestFillAI(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	tb := h.open("track", M{"players": 3}, 2)
	before := h.record(tb.id)
	h.wantError(h.send("c1", M{"action": "fillAI", "room": tb.id, "token": tb.tokens[1]}), "not-allowed")
	h.wantError(h.send("c0", M{"action": "fillAI", "room": tb.id, "token": tb.tokens[0], "level": "grandmaster"}), "bad-message")
	h.unchanged(before)
	st := h.lastState(h.send("c0", M{"action": "fillAI", "room": tb.id, "token": tb.tokens[0], "level": "advanced"}))
	if st.Status != "playing" || st.Seats[2].Kind != "ai" || st.Seats[1].Kind != "human" {
		t.Fatalf("after fillAI: %+v", st)
	}
	h.wantError(h.send("c0", M{"action": "fillAI", "room": tb.id, "token": tb.tokens[0]}), "not-allowed")
	h.move(tb, 0, "+1")
	h.move(tb, 1, "+1")
	st = h.snap(tb)
	if len(h.inv.calls) != 1 || h.inv.calls[0] != (invocation{tb.id, st.Version}) {
		t.Fatalf("invocations %+v, want one at v%d", h.inv.calls, st.Version)
	}
	// A stale or duplicate invocation does nothing; the right one moves once.
	h.svc.RunAI(context.Background(), tb.id, st.Version-1)
	h.svc.RunAI(context.Background(), tb.id, st.Version)
	h.svc.RunAI(context.Background(), tb.id, st.Version)
	if st2 := h.snap(tb); st2.Ply != 3 || st2.Version != st.Version+1 || h.ai.levels[0] != "advanced" {
		t.Fatalf("after RunAI: ply %d v%d levels %v", st2.Ply, st2.Version, h.ai.levels)
	}
	// It is a person's turn: RunAI refuses to move for them.
	st = h.snap(tb)
	h.svc.RunAI(context.Background(), tb.id, st.Version)
	if h.snap(tb).Ply != 3 {
		t.Fatal("RunAI moved for a person")
	}
}

func TestFillAIDefaultLevelAndChain(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	tb := h.open("track", M{"players": 3}, 1)
	h.send("c0", M{"action": "fillAI", "room": tb.id, "token": tb.tokens[0]})
	h.move(tb, 0, "+1")
	// Two AI seats in a row: each AI move invokes the next.
	for i := 0; i < 2; i++ {
		last := h.inv.calls[len(h.inv.calls)-1]
		h.svc.RunAI(context.Background(), last.room, last.version)
	}
	if st := h.snap(tb); st.Ply != 3 || st.ToMove != 0 {
		t.Fatalf("%+v", st)
	}
	if h.ai.levels[0] != "intermediate" {
		t.Fatalf("default level %q, want intermediate (seed 000)", h.ai.levels[0])
	}
}

func TestAwayAI45s(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{AwayAI: 45 * time.Second})
	tb := h.open("track", M{}, 2)
	h.move(tb, 0, "+1")
	h.clock.Advance(time.Second)
	h.svc.Disconnect(context.Background(), "c1")
	if n := len(h.sched.jobs); n != 1 || h.sched.jobs[0].d != 45*time.Second || h.sched.jobs[0].a.Kind != room.DelayedAway {
		t.Fatalf("scheduled %+v", h.sched.jobs)
	}
	h.clock.Advance(44 * time.Second)
	before := h.record(tb.id)
	h.svc.RunDelayed(context.Background(), h.sched.jobs[0].a)
	h.unchanged(before)
	if n := len(h.sched.jobs); n != 2 || h.sched.jobs[1].d != time.Second {
		t.Fatalf("early check did not reschedule for the rest: %+v", h.sched.jobs)
	}
	h.clock.Advance(time.Second)
	h.svc.RunDelayed(context.Background(), h.sched.jobs[1].a)
	st := h.snap(tb)
	if !st.Seats[1].AI || st.Seats[1].Kind != "human" {
		t.Fatalf("after 45 s: %+v", st.Seats[1])
	}
	if len(h.inv.calls) != 1 || h.inv.calls[0].version != st.Version {
		t.Fatalf("AI not invoked on the away seat's turn: %+v", h.inv.calls)
	}
	h.svc.RunAI(context.Background(), tb.id, st.Version)
	h.move(tb, 0, "+1")
	st = h.snap(tb)
	h.svc.RunAI(context.Background(), tb.id, h.inv.calls[len(h.inv.calls)-1].version)
	if st2 := h.snap(tb); st2.Ply != 4 {
		t.Fatalf("AI does not keep playing the away seat: ply %d", st2.Ply)
	}
	// The person returns: the seat is theirs again.
	fs := h.send("c1b", M{"action": "resume", "room": tb.id, "token": tb.tokens[1]})
	if st := h.lastState(fs); st.Seats[1].AI || !st.Seats[1].Connected {
		t.Fatalf("after resume: %+v", st.Seats[1])
	}
	h.move(tb, 0, "wait")
	calls := len(h.inv.calls)
	h.svc.RunAI(context.Background(), tb.id, h.snap(tb).Version)
	if st := h.snap(tb); st.Ply != 5 || len(h.inv.calls) != calls {
		t.Fatalf("AI moved for the returned person: %+v", st)
	}
}

func TestAwayAIStartsWhenGameStarts(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{AwayAI: 45 * time.Second})
	tb := h.open("track", M{"players": 3}, 2)
	h.svc.Disconnect(context.Background(), "c1")
	if len(h.sched.jobs) != 0 {
		t.Fatalf("scheduled while waiting: %+v", h.sched.jobs)
	}
	h.clock.Advance(time.Minute)
	h.send("c2", M{"action": "join", "room": tb.id})
	if len(h.sched.jobs) != 1 || h.sched.jobs[0].d != 0 {
		t.Fatalf("no check when the game started: %+v", h.sched.jobs)
	}
	h.svc.RunDelayed(context.Background(), h.sched.jobs[0].a)
	if st := h.snap(tb); !st.Seats[1].AI {
		t.Fatalf("%+v", st.Seats[1])
	}
}

func TestTakeover2min(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{TakeoverAfter: 2 * time.Minute})
	tb := h.open("track", M{}, 2)
	h.move(tb, 0, "+1")
	before := h.record(tb.id)
	h.wantError(h.send("c0", M{"action": "takeover", "room": tb.id, "token": tb.tokens[0]}), "not-allowed")
	h.unchanged(before)
	h.svc.Disconnect(context.Background(), "c1")
	h.clock.Advance(2*time.Minute - time.Millisecond)
	before = h.record(tb.id)
	h.wantError(h.send("c0", M{"action": "takeover", "room": tb.id, "token": tb.tokens[0]}), "not-allowed")
	h.unchanged(before)
	if len(h.sched.jobs) != 0 {
		t.Fatalf("no away-AI policy, yet scheduled %+v", h.sched.jobs)
	}
	h.clock.Advance(time.Millisecond)
	st := h.lastState(h.send("c0", M{"action": "takeover", "room": tb.id, "token": tb.tokens[0]}))
	if st.Seats[1].Kind != "ai" || !st.Seats[1].AI {
		t.Fatalf("after takeover: %+v", st.Seats[1])
	}
	if len(h.inv.calls) != 1 || h.inv.calls[0].version != st.Version {
		t.Fatalf("AI not invoked: %+v", h.inv.calls)
	}
	// Returning does not undo a takeover: the AI plays to the end of this game, and the
	// person's token proves no seat any more.
	before = h.record(tb.id)
	h.wantError(h.send("c1", M{"action": "resume", "room": tb.id, "token": tb.tokens[1]}), "bad-token")
	if st := h.snap(tb); st.Seats[1].Kind != "ai" {
		t.Fatalf("takeover undone: %+v", st.Seats[1])
	}
	h.wantError(h.move(tb, 1, "+1"), "bad-token")
	h.unchanged(before)
}

func TestTakeoverOffByPolicy(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	tb := h.open("track", M{}, 2)
	h.svc.Disconnect(context.Background(), "c1")
	h.clock.Advance(time.Hour)
	h.wantError(h.send("c0", M{"action": "takeover", "room": tb.id, "token": tb.tokens[0]}), "not-allowed")
}

func TestRematchRotatesSeats(t *testing.T) {
	for _, players := range []int{2, 3} {
		t.Run(fmt.Sprint(players, " players"), func(t *testing.T) {
			h := newHarness(t)
			usePolicy(t, room.Policy{})
			tb := h.open("track", M{"players": players}, players)
			before := h.record(tb.id)
			h.wantError(h.send("c0", M{"action": "rematch", "room": tb.id, "token": tb.tokens[0]}), "not-allowed")
			h.unchanged(before)
			h.send("c0", M{"action": "resign", "room": tb.id, "token": tb.tokens[0]})
			for i := 0; i < players-1; i++ {
				st := h.lastState(h.send(fmt.Sprint("c", i), M{"action": "rematch", "room": tb.id, "token": tb.tokens[i]}))
				if st.Status != "over" || len(st.Rematch) != i+1 {
					t.Fatalf("vote %d: %+v", i, st)
				}
			}
			last := players - 1
			fs := h.send(fmt.Sprint("c", last), M{"action": "rematch", "room": tb.id, "token": tb.tokens[last]})
			st := h.lastState(fs)
			if st.Status != "playing" || st.Ply != 0 || st.GameNo != 2 || st.Result != nil || len(st.Rematch) != 0 {
				t.Fatalf("new game: %+v", st)
			}
			// The person of seat i now holds seat i-1: seat 1's person moves first.
			if fs[0].Type != "joined" || *fs[0].Seat != last-1 {
				t.Fatalf("seat %d's person was told %s", last, describe(fs))
			}
			for i := 0; i < players-1; i++ {
				got := h.take(fmt.Sprint("c", i))
				want := (i + players - 1) % players
				for len(got) > 0 && got[0].Type != "joined" {
					got = got[1:]
				}
				if len(got) < 2 || got[0].Type != "joined" || *got[0].Seat != want || got[1].snap == nil || got[1].snap.GameNo != 2 {
					t.Fatalf("seat %d's person was told %s, want joined %d", i, describe(got), want)
				}
			}
			rot := table{id: tb.id, tokens: make([]string, players)}
			for i := range tb.tokens {
				rot.tokens[(i+players-1)%players] = tb.tokens[i]
			}
			h.wantError(h.send("c0", M{"action": "move", "room": tb.id, "token": tb.tokens[0], "ply": 0, "move": "+1"}), "not-your-turn")
			if st := h.lastState(h.send("c1", M{"action": "move", "room": tb.id, "token": tb.tokens[1], "ply": 0, "move": "+1"})); st.Ply != 1 {
				t.Fatalf("seat 1's person could not move first: %+v", st)
			}
		})
	}
}

func TestRematchWithAISeats(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	tb := h.open("track", M{}, 1)
	h.send("c0", M{"action": "fillAI", "room": tb.id, "token": tb.tokens[0]})
	h.send("c0", M{"action": "resign", "room": tb.id, "token": tb.tokens[0]})
	calls := len(h.inv.calls)
	fs := h.send("c0", M{"action": "rematch", "room": tb.id, "token": tb.tokens[0]})
	st := h.lastState(fs)
	if st.Status != "playing" || *fs[0].Seat != 1 || st.Seats[0].Kind != "ai" || st.ToMove != 0 {
		t.Fatalf("rematch vs AI: %s %+v", describe(fs), st)
	}
	if len(h.inv.calls) != calls+1 {
		t.Fatal("the AI, now first, was not invoked")
	}
}

func TestRoomFull(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	tb := h.open("track", M{}, 2)
	for i := 2; i < room.MaxConns; i++ {
		h.send(fmt.Sprint("s", i), M{"action": "join", "room": tb.id})
	}
	before := h.record(tb.id)
	h.wantError(h.send("late", M{"action": "join", "room": tb.id}), "room-full")
	h.unchanged(before)
}

func TestConnectionMovesBetweenRooms(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	a := h.open("track", M{}, 2)
	h.send("c1", M{"action": "create", "game": "track", "options": M{}})
	if st := h.snap(a); st.Seats[1].Connected {
		t.Fatalf("socket still counted in its old room: %+v", st.Seats[1])
	}
}

// A watcher joining while the AI is to move neither invokes it again nor wastes its move:
// the AI's write re-validates the turn instead of requiring the version it started at.
func TestAIMoveSurvivesUnrelatedWrites(t *testing.T) {
	h, hs := hooked(t)
	usePolicy(t, room.Policy{})
	tb := h.open("track", M{}, 1)
	h.send("c0", M{"action": "fillAI", "room": tb.id, "token": tb.tokens[0]})
	h.move(tb, 0, "+1")
	if len(h.inv.calls) != 1 {
		t.Fatalf("invocations %+v", h.inv.calls)
	}
	call := h.inv.calls[0]
	hs.arm(func() { h.send("w", M{"action": "join", "room": tb.id}) }) // lands while the AI thinks
	if err := h.svc.RunAI(context.Background(), call.room, call.version); err != nil {
		t.Fatal(err)
	}
	st := h.snap(tb)
	if st.Ply != 2 || st.Spectators != 1 {
		t.Fatalf("AI move lost: ply %d spectators %d", st.Ply, st.Spectators)
	}
	if len(h.inv.calls) != 1 {
		t.Fatalf("the watcher's join invoked the AI again: %+v", h.inv.calls)
	}
	// The same invocation delivered again is stale: nothing moves twice.
	h.svc.RunAI(context.Background(), call.room, call.version)
	if h.snap(tb).Ply != 2 {
		t.Fatal("a duplicate invocation moved again")
	}
}

// Seed 004: a star-board move sent as its full landing path is logged as that route (the
// record shows the route played), and the same move sent again as "from-to" at that ply is
// recognised as a repeat.
func TestStarRouteRecorded(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	tb := h.open("chinese-checkers", M{}, 2)
	g, _ := rules.Lookup("chinese-checkers")
	st, _ := g.New(nil)
	for ply := 0; ply < 40; ply++ {
		hs, _ := halma.AsState(st)
		seat := int(st.ToMove())
		var route string
		for _, m := range hs.LegalMoves() {
			if p := hs.Path(m); len(p) >= 3 {
				route = halma.PathText(p)
				break
			}
		}
		if route == "" {
			ms := hs.LegalMoves()
			m := ms[(ply*7)%len(ms)]
			h.move(tb, seat, m.String())
			st, _ = st.Play(m)
			continue
		}
		fs := h.move(tb, seat, route)
		snap := h.lastState(fs)
		if snap == nil || len(snap.Moves) != ply+1 || snap.Moves[ply] != route {
			t.Fatalf("route %s: %s", route, describe(fs))
		}
		m, _ := st.ParseMove(route)
		again := h.send(fmt.Sprintf("c%d", seat), M{"action": "move", "room": tb.id, "token": tb.tokens[seat], "ply": ply, "move": m.String()})
		if s := h.lastState(again); s == nil || len(s.Moves) != ply+1 {
			t.Fatalf("repeat of %s as %s: %s", route, m, describe(again))
		}
		return
	}
	t.Fatal("no multi-jump came up in 40 plies")
}
