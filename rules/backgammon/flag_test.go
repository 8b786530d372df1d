package backgammon

import (
	"testing"

	"madang/rules"
)

// A flag scores the flagged seat's position as a finished game would (seed 003):
// single when it has borne off, gammon when not, backgammon with a checker on the bar or in
// the winner's home board.
func TestFlagOutcome(t *testing.T) {
	single := Start
	single[1] = Row{}
	single[1][Off] = 1
	single[1][6] = 14
	gammon := Start
	gammon[1] = Row{}
	gammon[1][6] = 15
	bar := gammon
	bar[1][6], bar[1][Bar] = 14, 1
	home := gammon
	home[1][6], home[1][20] = 14, 1
	cases := []struct {
		name   string
		b      Board
		points int
	}{
		{"single", single, 1},
		{"gammon", gammon, 2},
		{"backgammon, bar", bar, 3},
		{"backgammon, home", home, 3},
		{"start position: gammon and a back checker in the winner's home", Start, 3},
	}
	for _, c := range cases {
		s, err := NewPosition(c.b, 1)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		want := rules.Outcome{Status: rules.Win, Winner: 0, Reason: rules.Time, Points: c.points}
		if got := rules.FlagOutcome(s, 1); got != want {
			t.Errorf("%s: FlagOutcome(1) = %+v, want %+v", c.name, got, want)
		}
	}
}
