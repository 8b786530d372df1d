package view

import (
	"testing"

	"madang/rules"
	bg "madang/rules/backgammon"
	"madang/site/wasm/jsapi"
	"madang/site/wasm/session"
)

// analyse asks the op as the records panel does: the position after log, the entry played
// next, ms of budget.
func analyse(t *testing.T, fen string, log []string, played string, ms int) map[string]any {
	t.Helper()
	r := jsapi.NewRequest("analyse")
	r.Game, r.FEN, r.Moves, r.Played, r.Ms = "backgammon", fen, log, played, ms
	a := jsapi.HandleOps(session.New(Family{}), r, []jsapi.Op{Analyse})
	if a["ok"] != true {
		t.Fatalf("analyse %q %q: %v", log, played, a)
	}
	if err := plain(a, "analyse"); err != nil {
		t.Fatal(err)
	}
	return a["analysis"].(map[string]any)
}

// The opening 3-1 played 8/7 8/5 — two blots, no point — is a blunder by GNU Backgammon's
// thresholds (a loss of 0.16 or more): the analysis names the better play 8/5 6/5 (seed
// 003 "좋은 칸을 먼저 만든다", gnubg's opening play), in every setting; the best play itself
// loses nothing; the roll before it loses nothing and scores the position for the roller.
func TestAnalyseMarksTheBlunder(t *testing.T) {
	for _, ms := range []int{200, 500, 1500} {
		an := analyse(t, "", []string{"3-1"}, "8/7 8/5", ms)
		if an["text"] != "8/5 6/5" || an["toMove"] != 0 || an["best"].(int) < 0 {
			t.Fatalf("%d ms: best %v (%v)", ms, an["text"], an)
		}
		if an["loss"].(int) < 160 || an["skill"] != "verybad" {
			t.Fatalf("%d ms: 8/7 8/5 loses %v (%v)", ms, an["loss"], an["skill"])
		}
		wantPly := 1
		if ms < 300 {
			wantPly = 0
		}
		if an["depth"] != wantPly {
			t.Fatalf("%d ms: rated at ply %v", ms, an["depth"])
		}
		if w := an["win"].(int); w < 500 || w > 650 {
			t.Fatalf("%d ms: win %d‰ after the best 3-1", ms, w)
		}
	}
	if an := analyse(t, "", []string{"3-1"}, "6/5 8/5", 500); an["loss"] != 0 || an["skill"] != "" {
		t.Fatalf("the best play: %v", an)
	}
	an := analyse(t, "", []string{"3-1", "8/5 6/5"}, "4-2", 500)
	if an["loss"] != 0 || an["best"] != -1 || an["toMove"] != 1 || an["text"] != "" {
		t.Fatalf("a roll: %v", an)
	}
	// seat 1 to roll against the made 5-point is behind
	if w := an["win"].(int); w >= 500 || an["score"].(int) >= 0 {
		t.Fatalf("seat 1 before its roll: win %d‰, equity %v", w, an["score"])
	}
	// at the start either seat may begin: even chances
	if an := analyse(t, "", nil, "3-1", 500); an["score"] != 0 || an["win"] != 500 || an["loss"] != 0 {
		t.Fatalf("the opening roll: %v", an)
	}
	// the end of the log: no played entry, no loss
	if an := analyse(t, "", []string{"3-1"}, "", 500); an["text"] != "8/5 6/5" || an["loss"] != nil {
		t.Fatalf("the end of the log: %v", an)
	}
}

// A forced play loses nothing: seat 0 on the bar against a five-point board, only its
// 6-point entry open, rolls 6-6 and must play bar/19/13/7/1 (its other checkers cannot
// move: bearing off needs all of them home).
func TestAnalyseForcedPlayLosesNothing(t *testing.T) {
	var b bg.Board
	b[0][bg.Bar], b[0][6] = 1, 14
	for p := 1; p <= 5; p++ {
		b[1][p] = 2
	}
	b[1][13] = 5
	s, err := bg.NewPosition(b, 0)
	if err != nil {
		t.Fatal(err)
	}
	st, err := s.RollDice(rules.Dice{6, 6})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(st.LegalMoves()); n != 1 {
		t.Fatalf("%d plays", n)
	}
	only := st.LegalMoves()[0].String()
	an := analyse(t, st.Encode(), nil, only, 1500)
	if an["loss"] != 0 || an["skill"] != "" || an["text"] != only || an["best"] != 0 || an["nodes"] != 1 {
		t.Fatalf("the only play %s: %v", only, an)
	}
	if seen, _ := an["seen"].([]any); len(seen) != 2 || seen[0] != only || seen[1] != Renumber(only) {
		t.Errorf("the only play %s seen as %v", only, an["seen"])
	}
}

// Bad input: a played text that is no legal play is refused with its code; a log the rules
// refuse names the move; the analysis of a finished game is over.
func TestAnalyseErrors(t *testing.T) {
	r := jsapi.NewRequest("analyse")
	r.Game, r.Moves, r.Played, r.Ms = "backgammon", []string{"3-1"}, "24/10", 500
	if a := jsapi.HandleOps(session.New(Family{}), r, []jsapi.Op{Analyse}); a["error"] != "illegal-move" {
		t.Fatalf("an illegal played play: %v", a)
	}
	r.Played = "what"
	if a := jsapi.HandleOps(session.New(Family{}), r, []jsapi.Op{Analyse}); a["error"] != "bad-notation" {
		t.Fatalf("bad played text: %v", a)
	}
	r.Moves, r.Played = []string{"3-1", "24/10"}, ""
	if a := jsapi.HandleOps(session.New(Family{}), r, []jsapi.Op{Analyse}); a["error"] != "illegal-move" {
		t.Fatalf("a bad log: %v", a)
	}
	if s := Skill(39); s != "" || Skill(40) != "doubtful" || Skill(80) != "bad" || Skill(159) != "bad" || Skill(160) != "verybad" {
		t.Fatalf("Skill thresholds")
	}
}
