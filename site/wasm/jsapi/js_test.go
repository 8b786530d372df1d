//go:build js && wasm

package jsapi

import (
	"syscall/js"
	"testing"
)

// decode reads the worker's message objects (run by make site-wasm-test under node).
func TestDecode(t *testing.T) {
	r := decode(js.ValueOf(map[string]any{
		"op": "load", "game": "draughts", "fen": "W:W31:B1", "seed": 12,
		"options": map[string]any{"players": 3, "name": "x"},
		"moves":   []any{"32-28", 5},
	}))
	if r.Op != "load" || r.Game != "draughts" || r.FEN != "W:W31:B1" || r.Seed != 12 || r.DiceSeed != 12 {
		t.Errorf("decoded %+v", r)
	}
	if len(r.Options) != 1 || r.Options["players"] != 3 {
		t.Errorf("options %v, want only the number players=3", r.Options)
	}
	if len(r.Moves) != 2 || r.Moves[0] != "32-28" || r.Moves[1] != "" {
		t.Errorf("moves %q, want the text and an empty (refused) entry for the number", r.Moves)
	}
	r = decode(js.ValueOf(map[string]any{"op": "undo", "toSeat": 1, "offer": true}))
	if r.ToSeat != 1 || r.Plies != 1 || r.Index != -1 || r.Seat != -1 || !r.Offer || r.Options != nil {
		t.Errorf("defaults %+v", r)
	}
}
