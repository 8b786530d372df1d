package games_test

import (
	"testing"

	"madang/games"
	"madang/internal/trackgame"
	"madang/rules"
)

// The generic walk counts the track game's tree by hand: from the start each seat has the
// three moves +1, +2, wait, so depth d has 3^d leaves while nobody can reach the end
// (length 8 needs 4 moves of +2).
func TestPerftGenericWalk(t *testing.T) {
	g, _ := rules.Lookup(trackgame.ID)
	s, err := g.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := games.Of(trackgame.ID); ok {
		t.Fatal("the track game has no family")
	}
	want := uint64(1)
	for d := 0; d <= 5; d++ {
		if n, err := games.Perft(s, d); err != nil || n != want {
			t.Errorf("depth %d: %d %v, want %d", d, n, err, want)
		}
		want *= 3
	}
}
