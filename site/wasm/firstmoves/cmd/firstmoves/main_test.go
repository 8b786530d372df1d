package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"madang/games"
	"madang/site/wasm/firstmoves"
)

// Every game of every family gets its table, one setup per start its descriptor names.
func TestEveryGameHasItsTable(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every table")
	}
	dir := t.TempDir()
	if err := run(dir); err != nil {
		t.Fatal(err)
	}
	for _, f := range games.Families() {
		for _, g := range f.Games {
			b, err := os.ReadFile(filepath.Join(dir, g.ID+".json"))
			if err != nil {
				t.Fatal(err)
			}
			var tb firstmoves.Table
			if err := json.Unmarshal(b, &tb); err != nil {
				t.Fatal(err)
			}
			want := max(len(g.Starts), 1)
			if tb.Game != g.ID || len(tb.Setups) != want {
				t.Fatalf("%s: table of %q with %d setups, want %d", g.ID, tb.Game, len(tb.Setups), want)
			}
			for _, s := range tb.Setups {
				if len(s.Root.Next) == 0 && len(s.Root.Rolls) == 0 {
					t.Fatalf("%s %v: nothing tabled after the start", g.ID, s.Options)
				}
			}
		}
	}
}
