//go:build js && wasm

package jsapi_test

import (
	"bytes"
	"context"
	"os"
	"syscall/js"
	"testing"

	"madang/ai"
	bgai "madang/ai/backgammon"
	"madang/rules"
	bg "madang/rules/backgammon"
	backgammonview "madang/site/wasm/backgammon/view"
	"madang/site/wasm/jsapi"
	"madang/site/wasm/session"
)

// netPath is the shipped net as the page's asset file holds it (games/backgammon's engine
// file).
const netPath = "../../../ai/backgammon/net.bin"

// netMessage is the worker's engineFile message for the file at path (a Uint8Array of it).
func netMessage(t *testing.T, game, kind, path string) jsapi.Request {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	u := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(u, b)
	v := js.ValueOf(map[string]any{"op": "engineFile", "game": game, "kind": kind})
	v.Set("bytes", u)
	return jsapi.Decode(v)
}

// advancedPlay is the advanced level's play of st (the engine the session's "ai" asks).
func advancedPlay(t *testing.T, st rules.State) ai.Result {
	t.Helper()
	r, err := ai.Choose(context.Background(), ai.Request{State: st, Level: ai.Advanced, Seed: 1})
	if err != nil {
		t.Fatalf("advanced: %v", err)
	}
	legal := false
	for _, m := range st.(*bg.State).LegalMoves() {
		legal = legal || m.String() == r.Move.String()
	}
	if !legal {
		t.Fatalf("advanced played %v, not a legal play", r.Move)
	}
	return r
}

// The browser's backgammon module does not embed the advanced level's net
// (ai/backgammon/net.bin; the module's 620,000-byte budget): until the worker hands it over
// (op engineFile, kind "net", the bytes of the page's asset file) the advanced level plays
// legal plays with the hand-made evaluation and the analysis answers no-engine; then the
// advanced level evaluates with the net (its score changes, and is the hand-made one again
// without the net) and the analysis rates with it. A bad or unknown file is refused and
// changes nothing.
func TestBackgammonNetFile(t *testing.T) {
	if bgai.Shipped != nil {
		t.Fatal("the WebAssembly build embeds the net")
	}
	defer func() { bgai.Shipped = nil }()
	s := session.New(backgammonview.Family{})
	ops := []jsapi.Op{backgammonview.Analyse, jsapi.EngineFile}
	g, _ := rules.Lookup(bg.ID)
	st0, _ := g.New(nil)
	st, err := st0.(*bg.State).Roll(rules.Dice{3, 1})
	if err != nil || st.Phase() != rules.PhaseMove {
		t.Fatalf("the opening 3-1: %v", err)
	}
	an := jsapi.NewRequest("analyse")
	an.Game, an.Moves, an.Played, an.Ms = bg.ID, []string{"3-1"}, "8/7 8/5", 500
	if a := jsapi.HandleOps(s, an, ops); a["error"] != "no-engine" {
		t.Fatalf("analysis without the net: %v", a)
	}
	hand := advancedPlay(t, st)

	bad := jsapi.NewRequest("engineFile")
	bad.Game, bad.Kind, bad.Data = bg.ID, "net", []byte("BGN1broken")
	if a := jsapi.HandleOps(s, bad, ops); a["ok"] != false || bgai.Shipped != nil {
		t.Errorf("a broken net: %v", a)
	}
	bad.Kind = "weights"
	if a := jsapi.HandleOps(s, bad, ops); a["error"] != "bad-message" {
		t.Errorf("unknown kind: %v", a)
	}
	bad.Game, bad.Kind = "checkers", "net"
	if a := jsapi.HandleOps(s, bad, ops); a["error"] != "unknown-game" {
		t.Errorf("another family's game: %v", a)
	}

	if a := jsapi.HandleOps(s, netMessage(t, bg.ID, "net", netPath), ops); a["ok"] != true {
		t.Fatalf("net.bin: %v", a)
	}
	file, _ := os.ReadFile(netPath)
	if bgai.Shipped == nil || !bytes.Equal(bgai.Shipped.Marshal(), file) {
		t.Fatal("the engine does not hold the net handed over")
	}
	net := advancedPlay(t, st)
	if net.Score == hand.Score {
		t.Errorf("the net and the hand-made evaluation agree (%d): the test shows nothing", net.Score)
	}
	a := jsapi.HandleOps(s, an, ops)
	if a["ok"] != true {
		t.Fatalf("analysis with the net: %v", a)
	}
	if got := a["analysis"].(map[string]any); got["text"] != "8/5 6/5" || got["skill"] != "verybad" {
		t.Errorf("the net's analysis of 8/7 8/5: %v", got)
	}
	// the advanced level's evaluation is the net's: without it the hand-made one again
	loaded := bgai.Shipped
	bgai.Shipped = nil
	if again := advancedPlay(t, st); again.Score != hand.Score || again.Move.String() != hand.Move.String() {
		t.Errorf("without the net again: %v %d, before %v %d", again.Move, again.Score, hand.Move, hand.Score)
	}
	bgai.Shipped = loaded
	if again := advancedPlay(t, st); again.Score != net.Score {
		t.Errorf("with the net again: %d, before %d", again.Score, net.Score)
	}
}
