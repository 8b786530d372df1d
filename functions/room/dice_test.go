package room_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"madang/functions/room"
)

// diceTable opens a dice track room (options extra added) whose opening roll draws vs.
func (h *harness) diceTable(extra M, vs ...int) table {
	h.t.Helper()
	opts := M{"dice": 1}
	for k, v := range extra {
		opts[k] = v
	}
	h.rand.dice(vs...)
	return h.open("track", opts, 2)
}

func (h *harness) roll(tb table, i int, extra ...any) []frame {
	h.t.Helper()
	msg := M{"action": "roll", "room": tb.id, "token": tb.tokens[i], "ply": h.snap(tb).Ply}
	for k := 0; k+1 < len(extra); k += 2 {
		msg[extra[k].(string)] = extra[k+1]
	}
	return h.send(fmt.Sprintf("c%d", i), msg)
}

// The opening roll is made by the server in the write that starts play: each seat's single
// die, seat 0's first; a tie is logged and rolled again; the higher die moves first with
// both dice. Dice are drawn without modulo bias (bytes 252..255 are drawn again).
func TestOpeningRoll(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	fs := h.send("c0", M{"action": "create", "game": "track", "options": M{"dice": 1}})
	if st := h.lastState(fs); st.Phase != "roll" || st.Dice != nil || st.Ply != 0 || st.ToMove != -1 {
		t.Fatalf("waiting dice room: phase %q dice %v ply %d", st.Phase, st.Dice, st.Ply)
	}
	id := h.lastState(fs).ID
	// 4-4 is a tie; then byte 253 is drawn again, so the next dice are 2 and 5.
	h.rand.dice(4, 4)
	h.rand.script = append(h.rand.script, 253, 1, 4)
	st := h.lastState(h.send("c1", M{"action": "join", "room": id}))
	if !slices.Equal(st.Moves, []string{"4-4", "2-5"}) || st.Ply != 2 || st.Status != "playing" {
		t.Fatalf("opening: moves %v ply %d status %s", st.Moves, st.Ply, st.Status)
	}
	if st.Phase != "move" || st.Dice == nil || *st.Dice != [2]int{2, 5} || st.ToMove != 1 || !slices.Equal(st.Legal, []string{"+2", "+5"}) {
		t.Fatalf("after 2-5: phase %q dice %v to move %d legal %v", st.Phase, st.Dice, st.ToMove, st.Legal)
	}
	if len(h.rand.script) != 0 {
		t.Fatalf("unused dice bytes %v", h.rand.script)
	}
	// The server's opening roll may leave the first seat without a move: seat 0 wins 6-5 on
	// a track of 4 and cannot move, so seat 1 rolls.
	h2 := newHarness(t)
	tb := h2.diceTable(M{"length": 4}, 6, 5)
	st = h2.snap(tb)
	if !slices.Equal(st.Moves, []string{"6-5"}) || st.Phase != "roll" || st.ToMove != 1 || st.Dice != nil {
		t.Fatalf("no-play opening: moves %v phase %q to move %d dice %v", st.Moves, st.Phase, st.ToMove, st.Dice)
	}
}

// A seat rolls with `roll`: the dice are the server's, a dice field is refused, a repeat is
// answered without rolling again, and a move or roll out of phase is refused.
func TestRoll(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	tb := h.diceTable(nil, 2, 5) // seat 1 moves first with 2-5
	h.move(tb, 1, "+5")
	st := h.snap(tb)
	if st.Phase != "roll" || st.ToMove != 0 || st.Dice != nil || len(st.Legal) != 0 {
		t.Fatalf("after +5: phase %q to move %d dice %v legal %v", st.Phase, st.ToMove, st.Dice, st.Legal)
	}
	before := h.record(tb.id)
	h.wantError(h.roll(tb, 0, "dice", []int{6, 6}), "bad-message")
	h.wantError(h.roll(tb, 0, "dice", "6-6"), "bad-message")
	h.unchanged(before)
	h.wantError(h.move(tb, 0, "+1"), "not-allowed") // a roll is due
	h.wantError(h.roll(tb, 1), "not-your-turn")
	h.wantError(h.send("c0", M{"action": "roll", "room": tb.id, "token": tb.tokens[0]}), "bad-message") // no ply
	h.unchanged(before)

	h.rand.dice(3, 1)
	fs := h.roll(tb, 0)
	st = h.lastState(fs)
	if !slices.Equal(st.Moves, []string{"2-5", "+5", "3-1"}) || st.Phase != "move" || *st.Dice != [2]int{3, 1} || st.ToMove != 0 || !slices.Equal(st.Legal, []string{"+1", "+3"}) {
		t.Fatalf("after the roll: %+v", st)
	}
	// The same roll message again (the ply it saw) is answered, not rolled again.
	after := h.record(tb.id)
	reads := h.rand.read
	h.rand.dice(6, 6)
	fs = h.send("c0", M{"action": "roll", "room": tb.id, "token": tb.tokens[0], "ply": 2})
	if len(fs) != 1 || fs[0].Type != "state" || fs[0].snap.Ply != 3 {
		t.Fatalf("repeated roll: %s", describe(fs))
	}
	h.unchanged(after)
	if h.rand.read != reads {
		t.Fatalf("a repeated roll drew %d bytes", h.rand.read-reads)
	}
	h.rand.script = nil
	// The opponent cannot claim that roll, and rolling again at the new ply is refused.
	h.wantError(h.send("c1", M{"action": "roll", "room": tb.id, "token": tb.tokens[1], "ply": 2}), "stale-ply")
	h.wantError(h.roll(tb, 0), "not-allowed")
	h.unchanged(after)
	st = h.lastState(h.move(tb, 0, "+3"))
	if st.Phase != "roll" || st.ToMove != 1 {
		t.Fatalf("after +3: %+v", st)
	}
	// A roll without a move ends the turn inside the roll: seat 1 at 5 of 8 rolls 6-4.
	h.rand.dice(6, 4)
	st = h.lastState(h.roll(tb, 1))
	if st.Phase != "roll" || st.ToMove != 0 || st.Dice != nil || st.Moves[len(st.Moves)-1] != "6-4" {
		t.Fatalf("no-play roll: %+v", st)
	}
	// A game without dice has no roll.
	h3 := newHarness(t)
	tb3 := h3.open("track", M{}, 2)
	h3.wantError(h3.roll(tb3, 0), "not-allowed")
	if st := h3.snap(tb3); st.Phase != "move" || st.Dice != nil {
		t.Fatalf("track without dice: phase %q dice %v", st.Phase, st.Dice)
	}
}

// An AI seat rolls and moves in one invocation (one write); fillAI and rematch make the
// opening roll.
func TestAIRollsAndMoves(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	fs := h.send("c0", M{"action": "create", "game": "track", "options": M{"dice": 1}})
	id := h.lastState(fs).ID
	var tok string
	for _, f := range fs {
		if f.Token != nil {
			tok = *f.Token
		}
	}
	tb := table{id: id, tokens: []string{tok}}
	h.rand.dice(1, 2) // the AI (seat 1) moves first with 1-2
	st := h.lastState(h.send("c0", M{"action": "fillAI", "room": id, "token": tok}))
	if !slices.Equal(st.Moves, []string{"1-2"}) || st.ToMove != 1 || st.Phase != "move" {
		t.Fatalf("fillAI opening: %+v", st)
	}
	if err := h.svc.RunAI(context.Background(), id, st.Version); err != nil {
		t.Fatal(err)
	}
	st = h.snap(tb)
	if !slices.Equal(st.Moves, []string{"1-2", "+1"}) || st.ToMove != 0 || st.Phase != "roll" {
		t.Fatalf("AI move: %+v", st)
	}
	h.rand.dice(3, 4)
	h.roll(tb, 0)
	st = h.lastState(h.move(tb, 0, "+3"))
	if st.Phase != "roll" || st.ToMove != 1 {
		t.Fatalf("before the AI's roll: %+v", st)
	}
	h.rand.dice(5, 6)
	v := st.Version
	if err := h.svc.RunAI(context.Background(), id, v); err != nil {
		t.Fatal(err)
	}
	st = h.snap(tb)
	if !slices.Equal(st.Moves, []string{"1-2", "+1", "3-4", "+3", "5-6", "+5"}) || st.Version != v+1 || st.ToMove != 0 || st.Phase != "roll" {
		t.Fatalf("AI roll and move: moves %v version %d (want %d)", st.Moves, st.Version, v+1)
	}
	// The AI's no-play roll: seat 1 at 6 of 8 rolls 3-4 and the turn passes.
	h.rand.dice(1, 1)
	h.roll(tb, 0)
	st = h.lastState(h.move(tb, 0, "+1"))
	h.rand.dice(3, 4)
	h.svc.RunAI(context.Background(), id, st.Version)
	st = h.snap(tb)
	if st.Moves[len(st.Moves)-1] != "3-4" || st.ToMove != 0 || st.Phase != "roll" {
		t.Fatalf("AI no-play roll: %v to move %d", st.Moves, st.ToMove)
	}
	// Resigning: the rules' outcome (the track game: a resigner who has moved loses 1).
	st = h.lastState(h.send("c0", M{"action": "resign", "room": id, "token": tok}))
	if st.Phase != "over" || st.Dice != nil || st.Result.Points != 1 || *st.Result.Winner != 1 {
		t.Fatalf("resign: %+v %+v", st, st.Result)
	}
	// Rematch (AI seats agree): seats rotate and the opening roll is made again.
	h.rand.dice(2, 2, 6, 3)
	st = h.lastState(h.send("c0", M{"action": "rematch", "room": id, "token": tok}))
	if st.GameNo != 2 || !slices.Equal(st.Moves, []string{"2-2", "6-3"}) || st.Phase != "move" || st.ToMove != 0 || st.Seats[0].Kind != "ai" {
		t.Fatalf("rematch opening: %+v", st)
	}
}

// The room asks the rules who wins a resignation and for how many points: in the dice track
// game a seat that has not left the start loses 2.
func TestResignOutcomeFromRules(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	tb := h.diceTable(nil, 5, 2) // seat 0 moves first
	st := h.lastState(h.send("c1", M{"action": "resign", "room": tb.id, "token": tb.tokens[1]}))
	if st.Result == nil || *st.Result.Winner != 0 || st.Result.Points != 2 || st.Result.Reason != "resign" {
		t.Fatalf("%+v", st.Result)
	}
	// Leaving counts as resigning with the rules' winner and points, reason abandoned.
	h2 := newHarness(t)
	tb2 := h2.diceTable(nil, 5, 2)
	st = h2.lastState(h2.send("c0", M{"action": "leave", "room": tb2.id, "token": tb2.tokens[0]}))
	if st.Result == nil || *st.Result.Winner != 1 || st.Result.Points != 2 || st.Result.Reason != "abandoned" {
		t.Fatalf("leave: %+v", st.Result)
	}
}

// A repeated move is recognised as the game reads it, and at any earlier ply, not only the
// last: "11x15" is checkers' "11-15".
func TestRepeatedMoveCanonical(t *testing.T) {
	h := newHarness(t)
	tb := h.open("checkers", M{}, 2)
	for i, mv := range []string{"11-15", "23-19", "8-11", "22-17"} {
		h.move(tb, i%2, mv)
	}
	after := h.record(tb.id)
	for _, c := range []struct {
		seat, ply int
		move      string
		stale     bool
	}{
		{0, 0, "11-15", false},
		{0, 0, "11x15", false},
		{0, 0, " 11-15 ", false},
		{1, 3, "22x17", false}, // the last entry
		{1, 1, "23x19", false},
		{0, 2, "8x11", false},
		{1, 0, "11-15", true}, // another seat's move
		{0, 0, "9-13", true},  // another move
		{0, 0, "zz", true},
	} {
		fs := h.send(fmt.Sprintf("c%d", c.seat), M{"action": "move", "room": tb.id, "token": tb.tokens[c.seat], "ply": c.ply, "move": c.move})
		if c.stale {
			h.wantError(fs, "stale-ply")
		} else if len(fs) != 1 || fs[0].Type != "state" {
			t.Errorf("repeat %q at ply %d: %s", c.move, c.ply, describe(fs))
		}
		h.unchanged(after)
	}
}

// Rooms at the same version give the AI different seeds.
func TestAISeedPerRoom(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	var versions []int64
	for k := 0; k < 2; k++ {
		fs := h.send("c0", M{"action": "create", "game": "track", "options": M{}})
		st := h.lastState(fs)
		var tok string
		for _, f := range fs {
			if f.Token != nil {
				tok = *f.Token
			}
		}
		h.move(table{id: st.ID, tokens: []string{tok}}, 0, "+1") // waiting: refused
		st = h.lastState(h.send("c0", M{"action": "fillAI", "room": st.ID, "token": tok}))
		h.lastState(h.send("c0", M{"action": "move", "room": st.ID, "token": tok, "ply": 0, "move": "+1"}))
		cur := h.snap(table{id: st.ID})
		versions = append(versions, cur.Version)
		if err := h.svc.RunAI(context.Background(), st.ID, cur.Version); err != nil {
			t.Fatal(err)
		}
	}
	if versions[0] != versions[1] || len(h.ai.seeds) != 2 || h.ai.seeds[0] == h.ai.seeds[1] {
		t.Fatalf("versions %v seeds %v: want equal versions and different seeds", versions, h.ai.seeds)
	}
}
