package room

import (
	"encoding/json"
	"testing"
)

func TestStateWithIDMatchesEncoding(t *testing.T) {
	snap := &Snapshot{ID: "r", Moves: []string{"a1-b2"}, Legal: []string{}}
	plain := mustJSON(outState{Type: "state", Room: snap})
	for _, id := range []string{``, `7`, `-1.5e3`, `"x"`, `"<a&b>"`, `"\u2028"`} {
		want := mustJSON(outState{Type: "state", ID: json.RawMessage(id), Room: snap})
		if got := stateWithID(plain, json.RawMessage(id)); string(got) != string(want) {
			t.Errorf("id %s: got %s, want %s", id, got, want)
		}
	}
}
