package draughts

import (
	"context"
	"testing"

	"madang/ai"
)

func searchFEN(t *testing.T, v *Variant, fen string, depth int) SearchResult {
	t.Helper()
	p, err := v.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	s := NewSearcher(v, 4)
	return s.Search(p, Limits{Depth: depth}, ai.NewControl(context.Background(), ai.Budget{}))
}

func TestSearchFindsShot(t *testing.T) {
	// Problem A1 of shared/games/draughts/problems/Cat.A1.pdn: 46-41 wins.
	r := searchFEN(t, Draughts, "W:W7,26,28,33,44,46,50:B8,14,17,24,34,37,39", 14)
	t.Logf("best %s score %d depth %d nodes %d pv %v", Draughts.HubMove(r.Move), r.Score, r.Depth, r.Nodes, r.PV)
	if Draughts.ShortMove(r.Move) != "46-41" {
		t.Errorf("best %s, want 46-41", Draughts.ShortMove(r.Move))
	}
}
