package view

import (
	"testing"

	"madang/rules"
	"madang/site/wasm/jsapi"
	"madang/site/wasm/session"
)

// analyseReq is an analyse request of the star games' op.
func analyseReq(game, fen string, opts rules.Options, moves []string, text string, ms int) jsapi.Request {
	r := jsapi.NewRequest("analyse")
	r.Game, r.FEN, r.Options, r.Moves, r.Played, r.Ms = game, fen, opts, moves, text, ms
	return r
}

func analysis(t *testing.T, r jsapi.Request) map[string]any {
	t.Helper()
	a := jsapi.HandleOps(session.New(Family{}), r, []jsapi.Op{Analyse})
	if a["ok"] != true {
		t.Fatalf("%+v: %v", r, a)
	}
	return a["analysis"].(map[string]any)
}

// The ladder of ai/halma's judge_test.go: red's 4.2 climbs the rungs 5.6, 7.4, 9.2, 11.2
// to 12.2 in one move; 5.6-4.1 steps the bottom rung back home and throws the ladder
// away. The page marks a loss of 1.5 moves or more (site/src/js/halma/page.js).
const ladderFEN = "0 1.1,2.1,2.2,3.1,3.2,4.2,5.6,7.4,9.2,11.2/14.1,14.2,14.3,14.4,15.1,15.2,15.3,16.1,16.2,17.1 20 0"

func TestAnalyseMarksTheThrownLadder(t *testing.T) {
	a := analysis(t, analyseReq("chinese-checkers", ladderFEN, nil, nil, "5.6-4.1", 1000))
	best, _ := a["text"].(string)
	if a["over"] != false || a["toMove"] != 0 || best == "" || best == "5.6-4.1" {
		t.Fatalf("%v", a)
	}
	// How much the thrown ladder loses, and which move is better, depend on the depth the
	// time reaches: 1.65-2.9 moves and 4.2-12.2 at depths 3 to 5 (ai/halma's judge_test.go
	// pins them at fixed depths, over the page's 1.5-move mark); on a quiet machine this
	// second reaches deeper, where it loses 1.4 and 3.1-5.5 is named. So the op is checked
	// for a clear loss and for agreeing with itself: the move it names loses less.
	l := a["loss"].(float64)
	if l < 1 {
		t.Fatalf("5.6-4.1 loses %.1f moves, want at least one", l)
	}
	if c := analysis(t, analyseReq("chinese-checkers", ladderFEN, nil, nil, best, 1000)); c["loss"].(float64) >= l {
		t.Fatalf("the better move %s loses %v, no less than 5.6-4.1's %.1f", best, c["loss"], l)
	}
	race := a["race"].([]any)
	if len(race) != 2 || race[1] != 27.0 {
		t.Fatalf("race %v, want blue at 27 moves (its full start camp)", race)
	}
	// the position after the move: blue to move, no move played from it yet
	b := analysis(t, analyseReq("chinese-checkers", ladderFEN, nil, []string{"5.6-4.1"}, "", 300))
	if b["toMove"] != 1 || b["loss"] != 0.0 {
		t.Fatalf("%v", b)
	}
}

// The move that fills red's target ends the game: never marked; the position after it is
// over, with red's win.
func TestAnalyseGameEndingMove(t *testing.T) {
	fen := "0 13.5,14.2,14.3,14.4,15.1,15.2,15.3,16.1,16.2,17.1/1.1,2.1,2.2,3.1,3.2,3.3,4.1,4.2,5.5,9.5 100 0"
	a := analysis(t, analyseReq("chinese-checkers", fen, nil, nil, "13.5-14.1", 300))
	if a["loss"] != 0.0 || a["text"] != "13.5-14.1" {
		t.Fatalf("%v", a)
	}
	b := analysis(t, analyseReq("chinese-checkers", fen, nil, []string{"13.5-14.1"}, "", 300))
	o := b["outcome"].(map[string]any)
	if b["over"] != true || o["status"] != "win" || o["winner"] != 0 || b["best"] != -1 || b["race"].([]any)[0] != 0.0 {
		t.Fatalf("%v", b)
	}
}

// Three players of diamond: a race per seat, the mover's loss.
func TestAnalyseThreePlayers(t *testing.T) {
	a := analysis(t, analyseReq("diamond", "", rules.Options{"players": 3}, nil, "", 200))
	if race := a["race"].([]any); len(race) != 3 || a["best"].(int) < 0 {
		t.Fatalf("%v", a)
	}
}

func TestAnalyseErrors(t *testing.T) {
	for _, c := range []struct {
		r    jsapi.Request
		code string
	}{
		{analyseReq("chinese-checkers", "", nil, nil, "", 0), "bad-message"},
		{analyseReq("chinese-checkers", "", nil, nil, "", jsapi.MaxAnalyseMs+1), "bad-message"},
		{analyseReq("chinese-checkers", ladderFEN, nil, nil, "14.1-13.5", 100), "illegal-move"},
		{analyseReq("checkers", "", nil, nil, "", 100), "unknown-game"},
		{analyseReq("chinese-checkers", "", nil, []string{"1.1-9.9"}, "", 100), "illegal-move"},
	} {
		if a := jsapi.HandleOps(session.New(Family{}), c.r, []jsapi.Op{Analyse}); a["ok"] != false || a["error"] != c.code {
			t.Errorf("%+v: %v, want %s", c.r, a, c.code)
		}
	}
}
