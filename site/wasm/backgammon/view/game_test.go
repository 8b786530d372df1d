package view

import (
	"fmt"
	"testing"

	"madang/site/wasm/jsapi"
	"madang/site/wasm/session"
)

// plain reports the first value in v that syscall/js cannot convert without reflection
// (anything but nil, bool, int, string, []any and map[string]any).
func plain(v any, path string) error {
	switch x := v.(type) {
	case nil, bool, int, string:
		return nil
	case []any:
		for i, e := range x {
			if err := plain(e, fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
		return nil
	case map[string]any:
		for k, e := range x {
			if err := plain(e, path+"."+k); err != nil {
				return err
			}
		}
		return nil
	}
	return fmt.Errorf("%s is a %T", path, v)
}

// A whole game through the worker's message API as the page plays it against the AI:
// roll when a roll is due, ask the AI and play its choice; every answer is plain values;
// the game ends with the winner's fifteen checkers off and 1 to 3 points (seed 003); undo
// to seat 0 gives seat 0 its dice again.
func TestWholeGameThroughJSAPI(t *testing.T) {
	s := session.New(Family{})
	ask := func(r jsapi.Request) map[string]any {
		t.Helper()
		a := jsapi.Handle(s, r)
		if a["ok"] != true {
			t.Fatalf("%s: %v", r.Op, a)
		}
		if err := plain(a, r.Op); err != nil {
			t.Fatal(err)
		}
		return a
	}
	start := jsapi.NewRequest("start")
	start.Game, start.DiceSeed = "backgammon", 11
	v := ask(start)["view"].(map[string]any)
	for plies := 0; v["phase"] != "over"; plies++ {
		if plies > 2000 {
			t.Fatal("the game did not end in 2,000 requests")
		}
		if v["phase"] == "roll" {
			a := ask(jsapi.NewRequest("roll"))
			if d := a["dice"].([]any); len(d) != 2 {
				t.Fatalf("roll answered dice %v", d)
			}
			v = a["view"].(map[string]any)
			continue
		}
		q := jsapi.NewRequest("ai")
		q.Level, q.Seed = "intermediate", int64(plies)
		c := ask(q)["choice"].(map[string]any)
		p := jsapi.NewRequest("play")
		p.Index = c["index"].(int)
		v = ask(p)["view"].(map[string]any)
		if v["last"].(map[string]any)["text"] != c["text"] {
			t.Fatalf("played %v, the AI chose %v", v["last"], c)
		}
	}
	out := v["outcome"].(map[string]any)
	w := out["winner"].(int)
	if out["status"] != "win" || w < 0 || w > 1 || ints(t, v["off"])[w] != 15 || out["points"].(int) < 1 || out["points"].(int) > 3 {
		t.Fatalf("outcome %v, off %v", out, v["off"])
	}
	u := jsapi.NewRequest("undo")
	u.ToSeat = 0
	v = ask(u)["view"].(map[string]any)
	if v["phase"] != "move" || v["toMove"] != 0 || len(v["moves"].([]any)) == 0 {
		t.Errorf("after undo to seat 0: phase %v toMove %v", v["phase"], v["toMove"])
	}
}
