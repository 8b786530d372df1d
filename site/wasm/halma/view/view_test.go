package view

import (
	"strings"
	"testing"

	"madang/rules"
	rh "madang/rules/halma"
	"madang/site/wasm/jsapi"
	"madang/site/wasm/session"
)

func start(t *testing.T, game, pos string, opts rules.Options) *session.Session {
	t.Helper()
	s := session.New(Family{})
	if err := s.Start(game, pos, opts, 1); err != nil {
		t.Fatalf("start %s %q: %v", game, pos, err)
	}
	return s
}

func moveMaps(v map[string]any) []map[string]any {
	var out []map[string]any
	for _, m := range v["moves"].([]any) {
		out = append(out, m.(map[string]any))
	}
	return out
}

func ints(v any) []int {
	var out []int
	for _, x := range v.([]any) {
		out = append(out, x.(int))
	}
	return out
}

func hole(t *testing.T, name string) int {
	t.Helper()
	h, ok := rh.ParseHole(name)
	if !ok {
		t.Fatalf("no hole %q", name)
	}
	return int(h)
}

func names(hs []int) string {
	parts := make([]string, len(hs))
	for i, h := range hs {
		parts[i] = rh.Hole(h).String()
	}
	return strings.Join(parts, ",")
}

func seatInfo(v map[string]any, seat int) map[string]any {
	return v["seatInfo"].([]any)[seat].(map[string]any)
}

func moveByText(t *testing.T, v map[string]any, text string) map[string]any {
	t.Helper()
	for _, m := range moveMaps(v) {
		if m["text"] == text {
			return m
		}
	}
	t.Fatalf("no legal move %s", text)
	return nil
}

// The start of every game and option: the number of first moves (rules/halma's perft
// depth 1), the pieces on the board, the camps, the king on its apex, 0 arrived.
func TestStartViews(t *testing.T) {
	cases := []struct {
		game       string
		opts       rules.Options
		seats      int
		pieces     int
		moves      int
		kings      bool
		seatCamps  []int
		closedAll  []int // camps closed to every seat
		closedSeat []int // camps closed to seat 0
		others     int   // other seats' pieces in each seat's target at the start
	}{
		// Two players in opposite camps: each target is the other's full start camp.
		{"chinese-checkers", nil, 2, 10, 14, false, []int{0, 3}, nil, nil, 10},
		{"diamond-kr", nil, 2, 10, 14, false, []int{0, 3}, nil, nil, 10},
		{"diamond-kr", rules.Options{"pieces": 15}, 2, 15, 22, false, []int{0, 3}, nil, nil, 15},
		// Diamond: a 15-hole target shares a corner with each neighbouring 15-hole start
		// camp (seed 000: "양 끝 모서리 점은 다른 두 사람의 출발 진영의 점").
		{"diamond", nil, 2, 15, 20, true, []int{0, 2}, []int{1, 4}, []int{1, 2, 4, 5}, 1},
		{"diamond", rules.Options{"players": 3}, 3, 15, 20, true, []int{0, 2, 4}, nil, []int{1, 2, 4, 5}, 2},
	}
	for _, c := range cases {
		name := c.game
		v := start(t, c.game, "", c.opts).View()
		if got := len(moveMaps(v)); got != c.moves {
			t.Errorf("%s %v: %d first moves, want %d", name, c.opts, got, c.moves)
		}
		if v["seats"] != c.seats || v["pieces"] != c.pieces || v["pass"] != false {
			t.Errorf("%s %v: seats %v pieces %v pass %v", name, c.opts, v["seats"], v["pieces"], v["pass"])
		}
		board := ints(v["board"])
		if len(board) != rh.NumHoles || len(v["holes"].([]any)) != rh.NumHoles {
			t.Fatalf("%s: board of %d holes", name, len(board))
		}
		count := map[int]int{}
		for _, b := range board {
			count[b]++
		}
		for s := 0; s < c.seats; s++ {
			si := seatInfo(v, s)
			camp := c.seatCamps[s]
			if si["camp"] != camp || si["target"] != (camp+3)%6 || si["turn"] != camp {
				t.Errorf("%s seat %d: camp %v target %v turn %v", name, s, si["camp"], si["target"], si["turn"])
			}
			if count[s] != c.pieces || len(ints(si["pieces"])) != c.pieces {
				t.Errorf("%s seat %d: %d pieces on the board, %d listed", name, s, count[s], len(ints(si["pieces"])))
			}
			if names(ints(si["pieces"])) != names(holesOf(rh.CampHoles(camp, c.pieces))) {
				t.Errorf("%s seat %d: pieces %s, want its start camp", name, s, names(ints(si["pieces"])))
			}
			if si["arrived"] != 0 || si["size"] != c.pieces || si["full"] != (c.others == c.pieces) || si["needKing"] != false || si["others"] != c.others {
				t.Errorf("%s seat %d: %v/%v full %v needKing %v others %v", name, s, si["arrived"], si["size"], si["full"], si["needKing"], si["others"])
			}
			apex, target := int(rh.Apex(camp)), int(rh.Apex((camp+3)%6))
			if si["startApex"] != apex || si["targetApex"] != target {
				t.Errorf("%s seat %d: apexes %v %v", name, s, si["startApex"], si["targetApex"])
			}
			wantKing := -1
			if c.kings {
				wantKing = apex // seed 000: the king starts on its camp's apex
			}
			if si["king"] != wantKing {
				t.Errorf("%s seat %d: king %v, want %d", name, s, si["king"], wantKing)
			}
		}
		if count[-1] != rh.NumHoles-c.seats*c.pieces {
			t.Errorf("%s: %d empty holes", name, count[-1])
		}
		var closedAll []int
		for _, cp := range v["camps"].([]any) {
			m := cp.(map[string]any)
			if m["closed"] == true {
				closedAll = append(closedAll, m["camp"].(int))
			}
		}
		if names(closedAll) != names(c.closedAll) {
			t.Errorf("%s %v: camps closed to all %v, want %v", name, c.opts, closedAll, c.closedAll)
		}
		if got := ints(seatInfo(v, 0)["closed"]); len(got) != len(c.closedSeat) || (len(got) > 0 && names(got) != names(c.closedSeat)) {
			t.Errorf("%s %v: camps closed to seat 0 %v, want %v", name, c.opts, got, c.closedSeat)
		}
	}
}

func holesOf(hs []rh.Hole) []int {
	out := make([]int, len(hs))
	for i, h := range hs {
		out[i] = int(h)
	}
	return out
}

// The first moves of chinese-checkers (rules/halma TestStartMoves): a step from row 4 and
// a jump from row 3, with their paths, jump counts and rows gained.
func TestFirstMoves(t *testing.T) {
	v := start(t, "chinese-checkers", "", nil).View()
	step := moveByText(t, v, "4.1-5.5")
	if step["jumps"] != 0 || step["gain"] != 1 || names(ints(step["path"])) != "4.1,5.5" || step["pathText"] != "4.1-5.5" {
		t.Errorf("step %v", step)
	}
	if step["from"] != hole(t, "4.1") || step["to"] != hole(t, "5.5") || step["pass"] != false || step["king"] != false {
		t.Errorf("step holes %v", step)
	}
	jump := moveByText(t, v, "3.1-5.5")
	if jump["jumps"] != 1 || jump["gain"] != 2 || jump["pathText"] != "3.1-5.5" {
		t.Errorf("jump %v", jump)
	}
}

// A chain of two jumps along row 9 over blue's pieces: the fewest-jump path lists the
// landing between, and the history keeps it after the move.
func TestJumpChainPath(t *testing.T) {
	s := start(t, "chinese-checkers", "0 9.1/9.2,9.4 0 0", nil)
	v := s.View()
	m := moveByText(t, v, "9.1-9.5")
	if m["pathText"] != "9.1-9.3-9.5" || names(ints(m["path"])) != "9.1,9.3,9.5" || m["jumps"] != 2 || m["gain"] != 0 {
		t.Fatalf("chain %v", m)
	}
	if err := s.PlayText("9.1-9.5", false); err != nil {
		t.Fatal(err)
	}
	v = s.View()
	last := v["last"].(map[string]any)
	if last["pathText"] != "9.1-9.3-9.5" || last["seat"] != 0 || last["jumps"] != 2 {
		t.Errorf("last %v", last)
	}
	h := v["history"].([]any)[0].(map[string]any)
	if h["text"] != "9.1-9.5" || h["pathText"] != "9.1-9.3-9.5" || names(ints(h["path"])) != "9.1,9.3,9.5" || h["from"] != hole(t, "9.1") || h["to"] != hole(t, "9.5") {
		t.Errorf("history entry %v", h)
	}
	if b := ints(v["board"]); b[hole(t, "9.5")] != 0 || b[hole(t, "9.1")] != -1 || b[hole(t, "9.2")] != 1 {
		t.Errorf("board after the chain: 9.5 %d 9.1 %d 9.2 %d", b[hole(t, "9.5")], b[hole(t, "9.1")], b[hole(t, "9.2")])
	}
}

// A red piece shut in on its apex has no move: the only move is the pass, the view says so,
// and playing it hands the turn to blue (a seat with no legal move passes).
func TestPass(t *testing.T) {
	s := start(t, "chinese-checkers", "0 1.1/2.1,2.2,3.1,3.3 0 0", nil)
	v := s.View()
	ms := moveMaps(v)
	if len(ms) != 1 || ms[0]["text"] != "pass" || ms[0]["pass"] != true || ms[0]["from"] != -1 || v["pass"] != true {
		t.Fatalf("moves %v pass %v", ms, v["pass"])
	}
	if err := s.Play(0, false); err != nil {
		t.Fatal(err)
	}
	v = s.View()
	if v["toMove"] != 1 || v["pass"] != false {
		t.Errorf("after the pass: toMove %v pass %v", v["toMove"], v["pass"])
	}
	h := v["history"].([]any)[0].(map[string]any)
	if h["text"] != "pass" || h["pass"] != true || h["seat"] != 0 {
		t.Errorf("history %v", h)
	}
}

// Undo brings back the position and the moves before the chain.
func TestUndo(t *testing.T) {
	s := start(t, "diamond", "", rules.Options{"players": 3})
	before := s.View()
	for i := 0; i < 3; i++ {
		if err := s.Play(0, false); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.UndoTo(0); err != nil {
		t.Fatal(err)
	}
	after := s.View()
	if after["fen"] != before["fen"] || after["ply"] != 0 || len(moveMaps(after)) != len(moveMaps(before)) {
		t.Errorf("undo to seat 0: fen %v ply %v, want %v 0", after["fen"], after["ply"], before["fen"])
	}
	if names(ints(after["board"])) != names(ints(before["board"])) {
		t.Error("board differs after undo")
	}
}

// Seed 000's resign rule with three players: of the two others the one nearest its goal
// wins. After red has moved forward, yellow's resignation goes to red, although green is
// next after yellow in turn order.
func TestResignThreePlayers(t *testing.T) {
	s := start(t, "diamond", "", rules.Options{"players": 3})
	if err := s.PlayText("4.2-6.5", false); err != nil {
		t.Fatal(err)
	}
	v := s.View()
	d0, d2 := seatInfo(v, 0)["goalDistance"].(int), seatInfo(v, 2)["goalDistance"].(int)
	if d0 >= d2 {
		t.Fatalf("goal distances red %d green %d: red should be nearer", d0, d2)
	}
	if err := s.Resign(1); err != nil {
		t.Fatal(err)
	}
	o := s.View()["outcome"].(map[string]any)
	if o["status"] != "win" || o["winner"] != 0 || o["reason"] != "resign" {
		t.Errorf("outcome %v, want red winning by resignation", o)
	}
	// At the start all are equally far: the seat after the resigner wins.
	s = start(t, "diamond", "", rules.Options{"players": 3})
	if err := s.Resign(1); err != nil {
		t.Fatal(err)
	}
	if o := s.View()["outcome"].(map[string]any); o["winner"] != 2 {
		t.Errorf("resign at the start: %v, want green", o)
	}
}

// Seed 004: a blue piece parked in red's target keeps red from the strict win; the view
// counts it. Seed 000: a full target with the king off the ◎ asks for the king.
func TestTargetCounts(t *testing.T) {
	target := holesOf(rh.CampHoles(3, 10))
	var red []string
	for _, h := range target[1:] {
		red = append(red, rh.Hole(h).String())
	}
	// 9 red pieces in camp 3, a blue piece on its first hole.
	pos := "0 " + strings.Join(red, ",") + "/" + rh.Hole(target[0]).String() + ",1.1 0 0"
	v := start(t, "chinese-checkers", pos, nil).View()
	si := seatInfo(v, 0)
	if si["arrived"] != 9 || si["size"] != 10 || si["others"] != 1 || si["full"] != true || si["needKing"] != false {
		t.Errorf("parked blue: %v", si)
	}
	if v["outcome"].(map[string]any)["status"] != "ongoing" {
		t.Errorf("outcome %v, want ongoing", v["outcome"])
	}

	// Diamond: red's 15 pieces fill camp 3 with the king on 16.1, not on the ◎ 17.1.
	var lst []string
	for _, h := range rh.CampHoles(3, 15) {
		n := h.String()
		if n == "16.1" {
			n = "K" + n
		}
		lst = append(lst, n)
	}
	v = start(t, "diamond", "0 "+strings.Join(lst, ",")+"/K1.1 0 0", nil).View()
	si = seatInfo(v, 0)
	if si["arrived"] != 15 || si["full"] != true || si["needKing"] != true || si["king"] != hole(t, "16.1") || si["targetApex"] != hole(t, "17.1") {
		t.Errorf("king off the apex: %v", si)
	}
}

// The geometry: neighbours in the six directions sit at the expected places, and each
// seat names the holes from its own side (seed 000: its start apex is row 1, its target
// apex row 17).
func TestGeometryAndNames(t *testing.T) {
	dx := [6]int{2, 1, -1, -2, -1, 1} // east, north-east, north-west, west, south-west, south-east
	dy := [6]int{0, 1, 1, 0, -1, -1}
	v := start(t, "diamond", "", rules.Options{"players": 3}).View()
	hs := v["holes"].([]any)
	at := func(h rh.Hole) map[string]any { return hs[h].(map[string]any) }
	for h := rh.Hole(0); h < rh.NumHoles; h++ {
		a := at(h)
		if a["h"] != int(h) || a["name"] != h.String() || a["row"] != h.Row() || a["pos"] != h.Pos() {
			t.Fatalf("hole %d: %v", h, a)
		}
		if a["names"].([]any)[0] != h.String() {
			t.Errorf("hole %s from seat 0's side reads %v", h, a["names"])
		}
		for d := 0; d < 6; d++ {
			n := h.Neighbour(d)
			if n == rh.NoHole {
				continue
			}
			b := at(n)
			if b["x"].(int)-a["x"].(int) != dx[d] || b["y"].(int)-a["y"].(int) != dy[d] {
				t.Fatalf("%s (%v,%v) to its neighbour %d %s (%v,%v)", h, a["x"], a["y"], d, n, b["x"], b["y"])
			}
		}
	}
	if a := at(0); a["x"] != 0 || a["y"] != -8 || a["camp"] != 0 {
		t.Errorf("hole 1.1 at (%v,%v) camp %v", a["x"], a["y"], a["camp"])
	}
	if a := at(rh.HoleAt(5, 5)); a["camp"] != -1 || a["border"] != true {
		t.Errorf("hole 5.5: camp %v border %v", a["camp"], a["border"])
	}
	if a := at(rh.HoleAt(9, 5)); a["camp"] != -1 || a["border"] != false || a["x"] != 0 || a["y"] != 0 {
		t.Errorf("centre 9.5: %v", a)
	}
	for s, camp := range []int{0, 2, 4} {
		start, target := rh.Apex(camp), rh.Apex((camp+3)%6)
		if got := at(start)["names"].([]any)[s]; got != "1.1" {
			t.Errorf("seat %d's start apex %s reads %v from its side", s, start, got)
		}
		if got := at(target)["names"].([]any)[s]; got != "17.1" {
			t.Errorf("seat %d's target apex %s reads %v from its side", s, target, got)
		}
	}
	// Yellow (camp 2, upper left) sees its own start camp as rows 1-4 and the centre as 9.5.
	for _, h := range rh.CampHoles(2, 10) {
		n := at(h)["names"].([]any)[1].(string)
		if row := strings.Split(n, ".")[0]; row > "4" || len(row) > 1 {
			t.Errorf("yellow's start hole %s reads %s", h, n)
		}
	}
	if got := at(rh.HoleAt(9, 5))["names"].([]any)[1]; got != "9.5" {
		t.Errorf("the centre reads %v from yellow's side", got)
	}
	// Names from one side are a permutation of all names.
	seen := map[string]bool{}
	for h := rh.Hole(0); h < rh.NumHoles; h++ {
		seen[at(h)["names"].([]any)[2].(string)] = true
	}
	if len(seen) != rh.NumHoles {
		t.Errorf("green's names cover %d holes", len(seen))
	}
}

// Yellow's rows gained are counted from its own side: its first move forward gains rows.
func TestGainFromMoversSide(t *testing.T) {
	s := start(t, "diamond", "", rules.Options{"players": 3})
	if err := s.Play(0, false); err != nil {
		t.Fatal(err)
	}
	v := s.View()
	if v["toMove"] != 1 {
		t.Fatalf("toMove %v", v["toMove"])
	}
	for _, m := range moveMaps(v) {
		g := m["gain"].(int)
		if m["king"] == true {
			// the king jumps whole runs (seed 000): forward, by more than one hurdle
			if g < 2 {
				t.Errorf("yellow's king's opening move %v gains %d rows", m["pathText"], g)
			}
		} else if g < 1 || g > 2 {
			t.Errorf("yellow's opening move %v gains %d rows, want 1 (a step) or 2 (a jump)", m["pathText"], g)
		}
	}
}

// Seed 000's king on its apex jumps the run of four pieces (three of its camp's rows and the
// border hole 5.5) in one hop: one jump, five rows, marked as the king's move.
func TestKingRun(t *testing.T) {
	m := moveByText(t, start(t, "diamond", "", nil).View(), "1.1-6.4")
	if m["king"] != true || m["jumps"] != 1 || m["gain"] != 5 || m["pathText"] != "1.1-6.4" {
		t.Errorf("king's run %v", m)
	}
}

// Seed 004: where two routes branch either may be chosen, and the record shows the route
// played. Red's 9.1 reaches 7.5 by two jumps two ways, over 9.2 then 8.4 (9.1-9.3-7.5) or
// over 8.2 then 7.4 (9.1-7.3-7.5); the view offers one of them and either may be played.
func TestRoutePlayedIsRecorded(t *testing.T) {
	pos := "0 9.1/9.2,8.2,8.4,7.4 0 0"
	routes := []string{"9.1-9.3-7.5", "9.1-7.3-7.5"}
	offered := moveByText(t, start(t, "chinese-checkers", pos, nil).View(), "9.1-7.5")["pathText"]
	if offered != routes[0] && offered != routes[1] {
		t.Fatalf("fewest-jump path %v, want one of %v", offered, routes)
	}
	for _, route := range routes {
		s := start(t, "chinese-checkers", pos, nil)
		if err := s.PlayText(route, false); err != nil {
			t.Fatal(err)
		}
		v := s.View()
		h := v["history"].([]any)[0].(map[string]any)
		if h["text"] != route || h["pathText"] != route || names(ints(h["path"])) != strings.ReplaceAll(route, "-", ",") || h["jumps"] != 2 {
			t.Errorf("history entry %v, want the route %s", h, route)
		}
		if last := v["last"].(map[string]any); last["pathText"] != route {
			t.Errorf("last %v", last)
		}
		// Undo and replay keep the route (the log holds the route's text).
		if err := s.Play(0, false); err != nil {
			t.Fatal(err)
		}
		if err := s.Undo(1); err != nil {
			t.Fatal(err)
		}
		if h := s.View()["history"].([]any)[0].(map[string]any); h["pathText"] != route {
			t.Errorf("after undo the entry is %v", h)
		}
	}
}

// Issue 14: the diamond-kr refusal of a move that would complete the opponent's win has its
// own code, so the page can say why (seed 002's clear refusals).
func TestHandsWinCode(t *testing.T) {
	s := session.New(Family{})
	r := jsapi.NewRequest("start")
	r.Game, r.FEN = "diamond-kr", "0 2.2,3.1,3.2,3.3,4.1,4.2,4.3,5.9/1.1,2.1 0 0"
	if a := jsapi.Handle(s, r); a["ok"] != true {
		t.Fatalf("start: %v", a)
	}
	p := jsapi.NewRequest("play")
	p.Text = "5.9-4.4"
	if a := jsapi.Handle(s, p); a["ok"] != false || a["error"] != "hands-win" {
		t.Errorf("5.9-4.4: %v, want hands-win", a)
	}
	p.Text = "5.9-1.1"
	if a := jsapi.Handle(s, p); a["error"] != "illegal-move" {
		t.Errorf("5.9-1.1: %v, want illegal-move", a)
	}
}
