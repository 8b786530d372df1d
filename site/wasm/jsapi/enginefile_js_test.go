//go:build js && wasm

package jsapi

import (
	"context"
	"os"
	"syscall/js"
	"testing"

	"madang/ai"
	ad "madang/ai/draughts"
	"madang/rules"
	rd "madang/rules/draughts"
	draughtsview "madang/site/wasm/draughts/view"
	"madang/site/wasm/session"
)

// fileMessage is the worker's engineFile message for the file at path (a Uint8Array of it).
func fileMessage(t *testing.T, game, kind, path string) Request {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	u := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(u, b)
	v := js.ValueOf(map[string]any{"op": "engineFile", "game": game, "kind": kind})
	v.Set("bytes", u)
	return decode(v)
}

// advancedScore is the score of the advanced level's search of st at a fixed depth (the
// engine the session's "ai" and "analyse" ask; a depth budget makes it repeatable).
func advancedScore(t *testing.T, st rules.State) int {
	t.Helper()
	r, err := ai.Choose(context.Background(), ai.Request{State: st, Level: ai.Advanced, Budget: ai.Budget{Depth: 6}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return r.Score
}

// directScore is a depth-6 search of st's position by v.
func directScore(st rules.State, v *ad.Variant) int {
	rs, _ := rd.AsState(st)
	p, lim := ad.StateLimits(rs)
	lim.Depth = 6
	return ad.NewSearcher(v, 1).Search(p, lim, ai.NewControl(context.Background(), ai.Budget{Depth: 6})).Score
}

// The browser's draughts module embeds neither the learned weights nor the opening books
// (the module's size limit): the advanced level searches with the hand-made evaluation and no book
// until the worker hands the files over (op engineFile, the bytes of ai/draughts/weights
// and book as the page's asset files hold them); then checkers' advanced level evaluates
// with the learned weights and plays from the book, and draughts has its book and its
// learned weights (blended with the hand-made evaluation, as in the native build). A bad or unknown file is refused and
// changes nothing.
func TestEngineFiles(t *testing.T) {
	v := ad.Checkers
	if v.Weights() != nil || v.Trained() != nil || v.Book() != nil || ad.Draughts.Book() != nil {
		t.Fatal("the WebAssembly build embeds weights or a book")
	}
	s := session.New(draughtsview.Family{})
	ops := []Op{Analyse, EngineFile}
	g, _ := rules.Lookup("checkers")
	st, _ := g.New(nil)
	// A position out of the book: eight plies of first moves.
	for range 8 {
		st, _ = st.Play(st.Moves()[0])
	}
	rs, _ := rd.AsState(st)
	if p := rs.Position(); len(v.Book().Moves(&p)) != 0 {
		t.Fatal("the test position is in the book")
	}
	hand := advancedScore(t, st)
	if want := directScore(st, v.WithWeights(nil)); hand != want {
		t.Fatalf("before the files: advanced scores %d, the hand-made evaluation's search %d", hand, want)
	}

	bad := NewRequest("engineFile")
	bad.Game, bad.Kind, bad.Data = "checkers", "weights", []byte("MDEVAL2\nbroken")
	if a := HandleOps(s, bad, ops); a["ok"] != false || v.Trained() != nil {
		t.Errorf("broken weights: %v", a)
	}
	bad.Kind = "tables"
	if a := HandleOps(s, bad, ops); a["error"] != "bad-message" {
		t.Errorf("unknown kind: %v", a)
	}
	bad.Game, bad.Kind = "backgammon", "weights"
	if a := HandleOps(s, bad, ops); a["error"] != "unknown-game" {
		t.Errorf("another family's game: %v", a)
	}

	for _, f := range []struct{ game, kind, path string }{
		{"checkers", "weights", "../../../ai/draughts/weights/checkers.bin"},
		{"checkers", "book", "../../../ai/draughts/book/checkers.txt"},
		{"draughts", "weights", "../../../ai/draughts/weights/draughts.bin"},
		{"draughts", "book", "../../../ai/draughts/book/draughts.txt"},
	} {
		if a := HandleOps(s, fileMessage(t, f.game, f.kind, f.path), ops); a["ok"] != true {
			t.Fatalf("%s %s: %v", f.game, f.kind, a)
		}
	}
	if v.Weights() == nil || v.Weights() != v.Trained() || ad.Draughts.Trained() == nil || ad.Draughts.Weights() != ad.Draughts.Trained() {
		t.Fatal("checkers or draughts does not evaluate with the loaded weights")
	}
	learned := advancedScore(t, st)
	if want := directScore(st, v); learned != want {
		t.Errorf("after the files: advanced scores %d, the learned evaluation's search %d", learned, want)
	}
	if learned == hand {
		t.Errorf("the learned and hand-made searches agree (%d): the test shows nothing", learned)
	}
	// The advanced level plays from the books now: the start position is in both.
	for _, game := range []string{"checkers", "draughts"} {
		r := NewRequest("start")
		r.Game = game
		if a := HandleOps(s, r, ops); a["ok"] != true {
			t.Fatal(a)
		}
		vv, _ := ad.VariantByID(game)
		start := vv.Start()
		book := vv.Book().Moves(&start)
		if len(book) == 0 {
			t.Fatalf("%s: the loaded book lacks the start", game)
		}
		gs, _ := rules.Lookup(game)
		st0, _ := gs.New(nil)
		res, err := ai.Choose(context.Background(), ai.Request{State: st0, Level: ai.Advanced, Seed: 3})
		m, _ := rd.AsMove(res.Move)
		in := false
		for _, bm := range book {
			in = in || bm == m
		}
		if err != nil || res.Depth != 0 || !in {
			t.Errorf("%s: advanced at the start played %v at depth %d (%v), not a book move of %v", game, res.Move, res.Depth, err, book)
		}
		r = NewRequest("ai")
		r.Level = "advanced"
		if a := HandleOps(s, r, ops); a["ok"] != true {
			t.Errorf("%s: the session's advanced AI: %v", game, a)
		}
	}
}
