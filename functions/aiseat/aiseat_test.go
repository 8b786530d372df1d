package aiseat_test

import (
	"context"
	"testing"

	"madang/functions/aiseat"
	"madang/functions/room"
	_ "madang/games/all"
	_ "madang/internal/trackgame"
	"madang/rules"
)

var _ room.AI = aiseat.Engines{}

func legal(s rules.State, m rules.Move) bool {
	for _, x := range s.Moves() {
		if x == m {
			return true
		}
	}
	return false
}

func TestCheckersEngineMoves(t *testing.T) {
	g, ok := rules.Lookup("checkers")
	if !ok {
		t.Fatal("checkers not registered")
	}
	s, _ := g.New(nil)
	for _, level := range []string{"beginner", "intermediate"} {
		m, err := aiseat.Engines{}.Choose(context.Background(), s, level, 1)
		if err != nil || !legal(s, m) {
			t.Fatalf("%s: %v %v", level, m, err)
		}
	}
	if _, err := (aiseat.Engines{}).Choose(context.Background(), s, "grandmaster", 1); err == nil {
		t.Fatal("unknown level accepted")
	}
}

// A game without an engine gets seeded random legal moves.
func TestNoEngineFallsBackToLegalMoves(t *testing.T) {
	g, _ := rules.Lookup("track")
	s, _ := g.New(nil)
	a, err := aiseat.Engines{}.Choose(context.Background(), s, "intermediate", 7)
	b, _ := aiseat.Engines{}.Choose(context.Background(), s, "intermediate", 7)
	if err != nil || !legal(s, a) || a != b {
		t.Fatalf("%v %v %v", a, b, err)
	}
}
