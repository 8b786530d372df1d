package view

import (
	"strings"
	"testing"

	"madang/site/wasm/jsapi"
	"madang/site/wasm/session"
)

// plain reports the first value inside v that syscall/js's ValueOf cannot take as it is
// (session.View's contract: map[string]any, []any, int, string, bool, nil), with its path.
func plain(path string, v any) string {
	switch x := v.(type) {
	case nil, string, int, bool:
		return ""
	case []any:
		for i, e := range x {
			if bad := plain(path+"["+itoa(i)+"]", e); bad != "" {
				return bad
			}
		}
		return ""
	case map[string]any:
		for k, e := range x {
			if bad := plain(path+"."+k, e); bad != "" {
				return bad
			}
		}
		return ""
	}
	return path
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

// The worker's messages for a star game: start with options, play a move by its path text
// and by index, a refused destination, bad options; every view holds plain values only.
func TestProtocol(t *testing.T) {
	s := session.New(Family{})
	r := jsapi.NewRequest("start")
	r.Game, r.Options = "diamond", map[string]int{"players": 3}
	a := jsapi.Handle(s, r)
	if a["ok"] != true {
		t.Fatalf("start: %v", a)
	}
	v := a["view"].(map[string]any)
	if bad := plain("view", v); bad != "" {
		t.Fatalf("start view holds a value ValueOf cannot take at %s", bad)
	}
	if v["seats"] != 3 || len(v["seatInfo"].([]any)) != 3 || v["options"].(map[string]any)["players"] != 3 {
		t.Errorf("three seats: %v %v", v["seats"], v["options"])
	}
	for _, k := range []string{"holes", "board", "pieces", "seatInfo", "camps", "pass", "moves", "history", "last", "outcome", "fen"} {
		if _, ok := v[k]; !ok {
			t.Errorf("view lacks %q", k)
		}
	}
	p := jsapi.NewRequest("play")
	p.Text = "4.2-6.5"
	if a = jsapi.Handle(s, p); a["ok"] != true {
		t.Fatalf("play 4.2-6.5: %v", a)
	}
	p = jsapi.NewRequest("play")
	p.Index = 0
	if a = jsapi.Handle(s, p); a["ok"] != true {
		t.Fatalf("play index 0: %v", a)
	}
	if bad := plain("view", a["view"]); bad != "" {
		t.Fatalf("view after two moves holds a value ValueOf cannot take at %s", bad)
	}
	p = jsapi.NewRequest("play")
	p.Text = "13.13-9.5" // green's apex piece (its king) cannot reach the centre yet
	if a = jsapi.Handle(s, p); a["error"] != "illegal-move" || !strings.Contains(a["detail"].(string), "not a step or a chain") {
		t.Errorf("unreachable hole: %v, want illegal-move", a)
	}
	r.Options = map[string]int{"players": 4}
	if a = jsapi.Handle(s, r); a["error"] != "bad-options" {
		t.Errorf("four players: %v, want bad-options", a)
	}
	// A finished game's view (no moves) is plain too.
	r = jsapi.NewRequest("start")
	r.Game, r.FEN = "chinese-checkers", "0 13.5,14.2,14.3,14.4,15.1,15.2,15.3,16.1,16.2,17.1/1.1 0 0"
	jsapi.Handle(s, r)
	p = jsapi.NewRequest("play")
	p.Text = "13.5-14.1"
	a = jsapi.Handle(s, p)
	if a["ok"] != true {
		t.Fatalf("winning move: %v", a)
	}
	v = a["view"].(map[string]any)
	if o := v["outcome"].(map[string]any); o["status"] != "win" || o["winner"] != 0 || o["reason"] != "camp-filled" {
		t.Errorf("outcome %v", o)
	}
	if si := seatInfo(v, 0); si["arrived"] != 10 || len(moveMaps(v)) != 0 || v["pass"] != false {
		t.Errorf("won: arrived %v, %d moves", si["arrived"], len(moveMaps(v)))
	}
	if bad := plain("view", v); bad != "" {
		t.Errorf("final view: %s", bad)
	}
}
