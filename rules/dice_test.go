package rules

import (
	"errors"
	"testing"
)

func TestDiceText(t *testing.T) {
	for _, d := range []Dice{{5, 3}, {1, 1}, {6, 2}, {2, 6}} {
		back, err := ParseDice(d.String())
		if err != nil || back != d {
			t.Fatalf("ParseDice(%q) = %v, %v", d.String(), back, err)
		}
	}
	if got := (Dice{5, 3}).String(); got != "5-3" {
		t.Fatalf("String = %q, want 5-3", got)
	}
	for _, bad := range []string{"", "5", "5-", "5-3 ", "0-3", "5-7", "53", "5_3", "10-3", "a-b", " 5-3"} {
		if _, err := ParseDice(bad); !errors.Is(err, ErrNotation) {
			t.Errorf("ParseDice(%q): err %v, want ErrNotation", bad, err)
		}
	}
	if !(Dice{4, 4}).Double() || (Dice{4, 3}).Double() {
		t.Fatal("Double")
	}
	if (Dice{0, 3}).Valid() || (Dice{3, 7}).Valid() || !(Dice{1, 6}).Valid() {
		t.Fatal("Valid")
	}
}

// Codes are stable: new reasons are appended.
func TestStableReasonCodes(t *testing.T) {
	if AllPassed != 15 || AllPassed.String() != "all-passed" || Abandoned != 14 {
		t.Fatalf("AllPassed = %d %q", AllPassed, AllPassed.String())
	}
	if PassText != "pass" {
		t.Fatal(PassText)
	}
}

// goalState is a nim state with n seats and fixed goal distances.
type goalState struct {
	nimState
	dist []int
}

func (s goalState) Seats() int                 { return len(s.dist) }
func (s goalState) GoalDistance(seat Seat) int { return s.dist[seat] }

type resigningState struct{ nimState }

func (resigningState) ResignOutcome(seat Seat) Outcome {
	return Outcome{Status: Win, Winner: 1 - seat, Reason: Resign, Points: 3}
}

func TestResignOutcome(t *testing.T) {
	s := nimState{pile: 5}
	if o := ResignOutcome(s, 0); o != (Outcome{Status: Win, Winner: 1, Reason: Resign, Points: 1}) {
		t.Fatalf("default: %+v", o)
	}
	if o := ResignOutcome(s, 1); o.Winner != 0 {
		t.Fatalf("default for seat 1: %+v", o)
	}
	if o := ResignOutcome(resigningState{s}, 0); o.Points != 3 || o.Winner != 1 {
		t.Fatalf("the state's own rule: %+v", o)
	}
	// Three seats without a rule of their own: the next seat wins.
	three := goalState{s, []int{5, 9, 3}}
	if o := ResignOutcome(three, 2); o.Winner != 0 {
		t.Fatalf("three seats: %+v", o)
	}
}

// Seed 000: of the others, the nearest to its goal wins; a tie goes to the seat after the
// resigner.
func TestNearestGoalWins(t *testing.T) {
	for _, c := range []struct {
		dist     []int
		resigner Seat
		want     Seat
	}{
		{[]int{5, 9, 3}, 0, 2},
		{[]int{5, 3, 9}, 0, 1},
		{[]int{1, 4, 4}, 0, 1},
		{[]int{4, 1, 4}, 1, 2},
		{[]int{4, 4, 1}, 2, 0},
		{[]int{7, 7}, 0, 1},
	} {
		if got := NearestGoalWins(goalState{nimState{pile: 5}, c.dist}, c.resigner); got != c.want {
			t.Errorf("%v resigner %d: winner %d, want %d", c.dist, c.resigner, got, c.want)
		}
	}
	if got := NearestGoalWins(nimState{pile: 5}, 1); got != 0 {
		t.Fatalf("no distances: %d", got)
	}
}
