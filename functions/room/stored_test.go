package room_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// storeBody rewrites the room's stored body with edit (on its JSON keys, as stored) and
// stores it as the next version.
func storeBody(h *harness, tb table, edit func(b map[string]any, seats []any)) {
	h.t.Helper()
	cur := h.record(tb.id)
	var b map[string]any
	if err := json.Unmarshal(cur.Body, &b); err != nil {
		h.t.Fatal(err)
	}
	edit(b, b["s"].([]any))
	raw, err := json.Marshal(b)
	if err != nil {
		h.t.Fatal(err)
	}
	rec := cur
	rec.Version, rec.Body = cur.Version+1, raw
	if _, err := h.store.PutRoom(context.Background(), rec, cur.Version, h.clock.Now()); err != nil {
		h.t.Fatal(err)
	}
}

// Rooms stored before the match model (rules/match) read as they did: the log ("m"), the
// standing offer ("d": seat, ply), a seat's ban after a declined offer ("b", "ba") and the
// result ("st", "r") keep their keys and meaning (seed 001's draw offers on the track game).
func TestStoredRoomKeys(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, drawPolicy)

	// A standing offer of seat 1 after two king moves: seat 0 may accept it.
	tb := h.open("track", M{}, 2)
	storeBody(h, tb, func(b map[string]any, _ []any) {
		b["m"] = []any{"wait", "wait"}
		b["d"] = map[string]any{"seat": 1, "ply": 2}
	})
	if st := h.snap(tb); st.Ply != 2 || st.ToMove != 0 || st.DrawOffer == nil || st.DrawOffer.Seat != 1 || st.DrawOffer.Ply != 2 {
		t.Fatalf("stored offer read as %+v", st.DrawOffer)
	}
	st := h.lastState(h.send("c0", M{"action": "acceptDraw", "room": tb.id, "token": tb.tokens[0]}))
	if st.Status != "over" || st.Result == nil || st.Result.Winner != nil || st.Result.Reason != "agreement" {
		t.Fatalf("accepting the stored offer: %+v %+v", st, st.Result)
	}

	// Seat 0's declined offer (banned until a draw reset at index 2 or later): a man move of
	// seat 1 at index 3 lifts it, and the stored seat loses its keys.
	tb = h.open("track", M{}, 2)
	storeBody(h, tb, func(b map[string]any, seats []any) {
		b["m"] = []any{"wait", "wait", "wait"}
		seats[0].(map[string]any)["b"] = true
		seats[0].(map[string]any)["ba"] = 2
	})
	if st := h.snap(tb); st.Seats[0].MayOfferDraw || !st.Seats[1].MayOfferDraw || st.ToMove != 1 {
		t.Fatalf("stored ban read as %+v", st.Seats)
	}
	before := h.record(tb.id)
	h.wantError(h.move(tb, 0, "wait"), "not-your-turn")
	h.unchanged(before)
	if st := h.lastState(h.move(tb, 1, "+1")); !st.Seats[0].MayOfferDraw {
		t.Fatalf("a man move did not lift the stored ban: %+v", st.Seats)
	}
	if body := string(h.record(tb.id).Body); strings.Contains(body, `"b":`) || strings.Contains(body, `"ba":`) {
		t.Fatalf("the lifted ban is still stored: %s", body)
	}

	// A game that ended by resignation: the stored result is the snapshot's, and moves are
	// refused.
	tb = h.open("track", M{}, 2)
	storeBody(h, tb, func(b map[string]any, _ []any) {
		b["m"] = []any{"+1"}
		b["st"] = "over"
		b["r"] = map[string]any{"winner": 0, "reason": "resign", "points": 1}
	})
	st = h.snap(tb)
	if st.Status != "over" || st.Phase != "over" || st.Result == nil || st.Result.Winner == nil || *st.Result.Winner != 0 ||
		st.Result.Reason != "resign" || st.Result.Points != 1 || len(st.Legal) != 0 {
		t.Fatalf("stored result read as %+v %+v", st, st.Result)
	}
	before = h.record(tb.id)
	h.wantError(h.move(tb, 1, "+1"), "game-over")
	h.wantError(h.send("c0", M{"action": "resign", "room": tb.id, "token": tb.tokens[0]}), "game-over")
	h.unchanged(before)
}
