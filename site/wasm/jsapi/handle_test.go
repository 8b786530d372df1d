package jsapi

import (
	"testing"

	_ "madang/ai/draughts"
	"madang/rules"
	_ "madang/rules/draughts"
	draughtsview "madang/site/wasm/draughts/view"
	"madang/site/wasm/session"
)

func ask(t *testing.T, s *session.Session, r Request) map[string]any {
	t.Helper()
	return Handle(s, r)
}

func code(a map[string]any) any {
	if a["ok"] == true {
		return "ok"
	}
	return a["error"]
}

// The draughts pages' protocol stays as it was: start, play, ai, undo, resign answer
// {ok, view, choice?} with every view field the page reads.
func TestDraughtsProtocol(t *testing.T) {
	s := session.New(draughtsview.Family{})
	r := NewRequest("start")
	r.Game = "checkers"
	a := ask(t, s, r)
	if a["ok"] != true {
		t.Fatalf("start: %v", a)
	}
	v := a["view"].(map[string]any)
	for _, k := range []string{"game", "size", "ply", "toMove", "board", "squares", "moves", "capture", "last",
		"history", "outcome", "counters", "count", "offer", "canOffer", "fen"} {
		if _, ok := v[k]; !ok {
			t.Errorf("view lacks %q", k)
		}
	}
	if v["game"] != "checkers" || v["size"] != 8 || v["phase"] != "move" || v["seats"] != 2 {
		t.Errorf("view game %v size %v phase %v seats %v", v["game"], v["size"], v["phase"], v["seats"])
	}
	r = NewRequest("ai")
	r.Level, r.Seed = "beginner", 3
	a = ask(t, s, r)
	c, ok := a["choice"].(map[string]any)
	if !ok || a["ok"] != true {
		t.Fatalf("ai: %v", a)
	}
	r = NewRequest("play")
	r.Index = c["index"].(int)
	if a = ask(t, s, r); a["ok"] != true || a["view"].(map[string]any)["ply"] != 1 {
		t.Fatalf("play the AI's choice: %v", a)
	}
	last := a["view"].(map[string]any)["last"].(map[string]any)
	if last["text"] != c["text"] || last["seat"] != 0 || last["alg"] == "" {
		t.Errorf("last %v, want %v by seat 0 with its algebraic text", last, c["text"])
	}
	r = NewRequest("undo")
	r.ToSeat = 0
	if a = ask(t, s, r); a["ok"] != true || a["view"].(map[string]any)["ply"] != 0 {
		t.Errorf("undo to seat 0: %v", a)
	}
	r = NewRequest("play")
	r.Text = "11-15"
	if a = ask(t, s, r); a["ok"] != true {
		t.Errorf("play 11-15: %v", a)
	}
	r = NewRequest("resign")
	r.Seat = 1
	a = ask(t, s, r)
	if o := a["view"].(map[string]any)["outcome"].(map[string]any); o["status"] != "win" || o["winner"] != 0 || o["reason"] != "resign" {
		t.Errorf("resign: %v", o)
	}
}

// Each failure has its stable code.
func TestCodes(t *testing.T) {
	s := session.New(draughtsview.Family{})
	req := func(op string, f func(*Request)) Request {
		r := NewRequest(op)
		if f != nil {
			f(&r)
		}
		return r
	}
	for _, c := range []struct {
		name string
		r    Request
		want string
	}{
		{"no op", req("", nil), "bad-message"},
		{"no game", req("play", func(r *Request) { r.Index = 0 }), "error"},
		{"other family", req("start", func(r *Request) { r.Game = "backgammon" }), "unknown-game"},
		{"options", req("start", func(r *Request) { r.Game, r.Options = "draughts", rules.Options{"players": 3} }), "bad-options"},
		{"bad fen", req("start", func(r *Request) { r.Game, r.FEN = "draughts", "W:X" }), "bad-notation"},
		{"start", req("start", func(r *Request) { r.Game = "draughts" }), "ok"},
		{"index", req("play", func(r *Request) { r.Index = 99 }), "illegal-move"},
		{"text", req("play", func(r *Request) { r.Text = "31-36" }), "illegal-move"},
		{"roll", req("roll", nil), "wrong-phase"},
		{"undo -1", req("undo", func(r *Request) { r.Plies = -1 }), "bad-message"},
		{"seat", req("resign", func(r *Request) { r.Seat = 2 }), "bad-seat"},
		{"accept", req("acceptDraw", nil), "no-offer"},
		{"level", req("ai", func(r *Request) { r.Level = "grandmaster" }), "error"},
		{"load", req("load", func(r *Request) { r.Game, r.Moves = "draughts", []string{"32-28", ""} }), "bad-notation"},
		{"resign", req("resign", func(r *Request) { r.Seat = 0 }), "ok"},
		{"over", req("play", func(r *Request) { r.Index = 0 }), "game-over"},
	} {
		if got := code(Handle(s, c.r)); got != c.want {
			t.Errorf("%s: %v, want %s", c.name, got, c.want)
		}
	}
}

// panicky is a family whose views panic: Handle answers "internal" instead of crashing
// the worker.
type panicky struct{ draughtsview.Family }

func (panicky) Position(rules.State, []map[string]any, map[string]any) { panic("boom") }

func TestPanicIsInternal(t *testing.T) {
	r := NewRequest("start")
	r.Game = "checkers"
	if got := code(Handle(session.New(panicky{}), r)); got != "internal" {
		t.Errorf("a panicking view: %v, want internal", got)
	}
}
