package view

import (
	"strings"
	"testing"

	"madang/rules"
	"madang/site/wasm/jsapi"
	"madang/site/wasm/session"
)

// askRoute asks the op route for the chain of hole names to the hole named to: the answer's
// path as names joined by "-", or the error code.
func askRoute(t *testing.T, s *session.Session, chain, to string) string {
	t.Helper()
	r := jsapi.NewRequest("route")
	for _, n := range strings.Split(chain, "-") {
		r.Path = append(r.Path, hole(t, n))
	}
	r.To = hole(t, to)
	a := jsapi.HandleOps(s, r, []jsapi.Op{Analyse, RouteThrough})
	if a["ok"] != true {
		return "error " + a["error"].(string)
	}
	var names []string
	for _, h := range ints(a["path"]) {
		names = append(names, s.View()["holes"].([]any)[h].(map[string]any)["name"].(string))
	}
	return strings.Join(names, "-")
}

// The op route answers a route through the waypoints a player chose from the rules of jumps
// (rules/halma Position.Extend): the chinese-checkers double jump through either middle
// hole, a king's run, a closed camp refused; and a route it gives plays as its move.
func TestRouteOp(t *testing.T) {
	s := start(t, "chinese-checkers", "0 9.1/9.2,8.2,8.4,7.4 0 0", nil)
	for _, c := range []struct{ chain, to, want string }{
		{"9.1", "7.3", "9.1-7.3"},
		{"9.1-7.3", "7.5", "9.1-7.3-7.5"},
		{"9.1-9.3", "7.5", "9.1-9.3-7.5"},
		{"9.1-9.3", "9.1", ""}, // not landing twice
		{"9.1", "10.1", ""},    // a step is not a jump
		{"9.2", "9.3", ""},     // blue's piece, red to move
		{"9.1-7.5", "9.3", ""}, // no chain
	} {
		if got := askRoute(t, s, c.chain, c.to); got != c.want {
			t.Errorf("route %s to %s: %q, want %q", c.chain, c.to, got, c.want)
		}
	}
	r := jsapi.NewRequest("play")
	r.Text = askRoute(t, s, "9.1-7.3", "7.5")
	if a := jsapi.HandleOps(s, r, []jsapi.Op{RouteThrough}); a["ok"] != true {
		t.Fatalf("play %s: %v", r.Text, a)
	}
	if got := s.View()["last"].(map[string]any)["pathText"]; got != "9.1-7.3-7.5" {
		t.Errorf("played %v, want the route 9.1-7.3-7.5", got)
	}

	// diamond: a king's run of two then a jump; 7.2 lies in green's closed camp, so 7.4
	// neither lands there nor goes on through it to 9.2 (chinese-checkers does)
	k := start(t, "diamond", "0 K9.2,9.3/9.4,9.6 0 0", rules.Options{"players": 2})
	if got := askRoute(t, k, "9.2", "9.7"); got != "9.2-9.5-9.7" {
		t.Errorf("king's route %q, want 9.2-9.5-9.7", got)
	}
	d := start(t, "diamond", "0 7.4/7.3,8.2 0 0", rules.Options{"players": 2})
	for _, to := range []string{"7.2", "9.2"} {
		if got := askRoute(t, d, "7.4", to); got != "" {
			t.Errorf("diamond 7.4 to %s through a closed camp: %q", to, got)
		}
	}
	c := start(t, "chinese-checkers", "0 7.4/7.3,8.2 0 0", nil)
	if got := askRoute(t, c, "7.4", "9.2"); got != "7.4-7.2-9.2" {
		t.Errorf("chinese-checkers 7.4 to 9.2: %q, want 7.4-7.2-9.2", got)
	}

	// bad messages: no game, no path, no target; a finished game
	fresh := session.New(Family{})
	r = jsapi.NewRequest("route")
	r.Path, r.To = []int{0}, 1
	if a := jsapi.HandleOps(fresh, r, []jsapi.Op{RouteThrough}); a["error"] != "bad-message" {
		t.Errorf("no game: %v", a)
	}
	r.Path = nil
	if a := jsapi.HandleOps(s, r, []jsapi.Op{RouteThrough}); a["error"] != "bad-message" {
		t.Errorf("no path: %v", a)
	}
	r.Path, r.To = []int{0}, -1
	if a := jsapi.HandleOps(s, r, []jsapi.Op{RouteThrough}); a["error"] != "bad-message" {
		t.Errorf("no target: %v", a)
	}
	r.Path, r.To = []int{0, 500}, 130
	if a := jsapi.HandleOps(s, r, []jsapi.Op{RouteThrough}); a["ok"] != true || len(a["path"].([]any)) != 0 {
		t.Errorf("holes off the board: %v, want no route", a)
	}
	if err := s.Resign(0); err != nil {
		t.Fatal(err)
	}
	r.Path, r.To = []int{hole(t, "9.2")}, hole(t, "9.3")
	if a := jsapi.HandleOps(s, r, []jsapi.Op{RouteThrough}); a["error"] != "game-over" {
		t.Errorf("after resigning: %v", a)
	}
	// a module without the op: bad-message
	if a := jsapi.HandleOps(s, r, nil); a["error"] != "bad-message" {
		t.Errorf("no route op: %v", a)
	}
}
