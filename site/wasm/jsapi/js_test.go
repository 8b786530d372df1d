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
	r = decode(js.ValueOf(map[string]any{"op": "route", "path": []any{40, "x", 42}, "to": 60}))
	if len(r.Path) != 3 || r.Path[0] != 40 || r.Path[1] != -1 || r.Path[2] != 42 || r.To != 60 {
		t.Errorf("route's path %v to %d, want [40 -1 42] (a hole off the board for the text) to 60", r.Path, r.To)
	}
	r = decode(js.ValueOf(map[string]any{"op": "undo", "toSeat": 1, "offer": true}))
	if r.ToSeat != 1 || r.Plies != 1 || r.Index != -1 || r.Seat != -1 || !r.Offer || r.Options != nil || r.Path != nil || r.To != -1 {
		t.Errorf("defaults %+v", r)
	}
}

// decodeRecords reads the export and import fields: the file's bytes, the tags in order.
func TestDecodeRecords(t *testing.T) {
	bytes := js.Global().Get("Uint8Array").New(3)
	bytes.SetIndex(0, 0x5b)
	bytes.SetIndex(1, 0xe9) // cp1252 é: the reader decodes, not the page
	bytes.SetIndex(2, 0x5d)
	v := js.ValueOf(map[string]any{"op": "import", "status": "win", "winner": 1, "ms": 300,
		"tags": []any{[]any{"Event", "마당"}, []any{"Bad", 3}, []any{"White", "나"}}})
	v.Set("bytes", bytes)
	r := decode(v)
	decodeRecords(v, &r)
	if string(r.Data) != "[\xe9]" || r.Status != "win" || r.Winner != 1 || r.Ms != 300 {
		t.Errorf("decoded %+v", r)
	}
	if len(r.Tags) != 2 || r.Tags[0] != [2]string{"Event", "마당"} || r.Tags[1] != [2]string{"White", "나"} {
		t.Errorf("tags %q, want Event and White (the pair with a number dropped)", r.Tags)
	}
}
