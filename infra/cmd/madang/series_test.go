package main

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"madang/rules"
)

// A player whose chooser fails forfeits the game: b failing gives a the win, whichever
// seat a plays, and the summary still comes last.
func TestSeriesForfeit(t *testing.T) {
	g, ok := rules.Lookup("checkers")
	if !ok {
		t.Fatal("checkers not registered")
	}
	var out, errb strings.Builder
	err := series{game: g, games: 2, seed: 1, open: 2, maxPlies: 100,
		choose: func(_, who int, rec *record) (rules.Move, error) {
			if who == 1 {
				return nil, errors.New("engine crashed")
			}
			return rec.cur.Moves()[0], nil
		},
	}.play("test", &out, &errb)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	var r selfplayReport
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &r); err != nil {
		t.Fatalf("last line %q: %v", lines[len(lines)-1], err)
	}
	if r.Games != 2 || r.AWins != 2 || r.BWins != 0 || r.Draws != 0 {
		t.Fatalf("summary %+v, want a wins both games by forfeit", r)
	}
	if strings.Count(errb.String(), "b forfeits: engine crashed") != 2 {
		t.Fatalf("stderr %q does not report both forfeits", errb.String())
	}
}
