package jsapi

import (
	"strings"
	"testing"

	backgammonrecords "madang/site/wasm/backgammon/records"
	draughtsrecords "madang/site/wasm/draughts/records"
	draughtsview "madang/site/wasm/draughts/view"
	"madang/site/wasm/session"
)

// analyse scores a position given as a log without touching the session's game, and
// refuses a missing or excessive time budget.
func TestAnalyse(t *testing.T) {
	s := session.New(draughtsview.Family{})
	r := NewRequest("start")
	r.Game = "checkers"
	ask(t, s, r)
	r = NewRequest("analyse")
	r.Game, r.Moves, r.Ms = "checkers", []string{"11-15"}, 50
	a := HandleOps(s, r, []Op{Analyse})
	an, ok := a["analysis"].(map[string]any)
	if a["ok"] != true || !ok {
		t.Fatalf("analyse: %v", a)
	}
	if an["toMove"] != 1 || an["over"] != false || an["best"].(int) < 0 || an["text"] == "" || an["move"].(map[string]any)["alg"] == "" {
		t.Errorf("analysis %v", an)
	}
	if c := code(ask(t, s, r)); c != "bad-message" {
		t.Errorf("analyse without the op: %v", c)
	}
	if v := ask(t, s, NewRequest("view"))["view"].(map[string]any); v["ply"] != 0 {
		t.Errorf("the session's game moved to ply %v", v["ply"])
	}
	// a lost position: White has no piece left
	r.FEN, r.Moves = "W:W:B1,2", nil
	if an := HandleOps(s, r, []Op{Analyse})["analysis"].(map[string]any); an["over"] != true || an["outcome"].(map[string]any)["status"] != "win" {
		t.Errorf("over: %v", an)
	}
	r.Ms = 0
	if c := code(HandleOps(s, r, []Op{Analyse})); c != "bad-message" {
		t.Errorf("no budget: %v", c)
	}
	r.Ms, r.FEN, r.Moves = 50, "", []string{"32-28"}
	if c := code(HandleOps(s, r, []Op{Analyse})); c != "illegal-move" {
		t.Errorf("bad log: %v", c)
	}
}

// export and import: through a family with records, refused (no-records) without.
func TestRecordOps(t *testing.T) {
	r := NewRequest("export")
	r.Game, r.Moves, r.Status, r.Winner = "draughts", []string{"32-28"}, "win", 0
	a := HandleRecords(draughtsrecords.Family{}, r)
	if a["ok"] != true || a["text"] == "" {
		t.Fatalf("export: %v", a)
	}
	r2 := NewRequest("import")
	r2.Game, r2.Text = "checkers", a["text"].(string)
	b := HandleRecords(draughtsrecords.Family{}, r2)
	g := b["games"].([]any)[0].(map[string]any)
	if g["game"] != "draughts" || g["result"] != "1-0" || len(g["moves"].([]any)) != 1 {
		t.Errorf("import: %v", g)
	}
	// a backgammon resignation worth a gammon keeps its points
	r = NewRequest("export")
	r.Game, r.Moves, r.Status, r.Winner, r.Points = "backgammon", []string{"5-2", "13/11 13/8"}, "win", 1, 2
	if a := HandleRecords(backgammonrecords.Family{}, r); a["ok"] != true || !strings.Contains(a["text"].(string), "Wins 2 points") {
		t.Errorf("backgammon export: %v", a)
	}
	if c := code(HandleRecords(draughtsrecords.Family{}, NewRequest("play"))); c != "bad-message" {
		t.Errorf("play on the records module: %v", c)
	}
	if c := code(HandleOps(session.New(draughtsview.Family{}), r, []Op{Analyse})); c != "bad-message" {
		t.Errorf("export on the engine module: %v", c)
	}
}
