package backgammon

import (
	"slices"
	"testing"

	"madang/rules"
)

// The tables of ../shared/cases/backgammon.md, every row checked there against GNU
// Backgammon 1.07 (hint 999 at 0-ply). Positions are Position IDs from the view of the
// player on roll.

func TestCasesLegalPlays(t *testing.T) {
	cases := []struct {
		name  string
		id    string
		dice  rules.Dice
		count int
		plays []string // nil: only the count is given
	}{
		{"both dice must be used, only one order works", "wMAA/B//PwAAIA", rules.Dice{6, 5}, 1, []string{"24/13"}},
		{"only one die playable, either could be: the larger", "ABgA/x//PwAAIA", rules.Dice{6, 5}, 1, []string{"24/18"}},
		{"the larger cannot be played: the smaller", "wGAA/B//PwAAIA", rules.Dice{6, 5}, 1, []string{"24/19"}},
		{"the smaller first makes bearing off legal", "/x8AADDg/xcAAA", rules.Dice{6, 1}, 1, []string{"7/off"}},
		{"the last checker off ends the game; the other die is lost", "sP8PAAACAAAAAA", rules.Dice{6, 5}, 1, []string{"2/off"}},
		{"doubles, only two of four playable", "ADAA/x//PwAAIA", rules.Dice{4, 4}, 1, []string{"24/16"}},
		{"bar first; only the 5 enters, then the 6 anywhere", "22YAAD7gc+gDQA", rules.Dice{6, 5}, 4, []string{"bar/14", "bar/20 12/6", "bar/20 13/7", "bar/20 8/2"}},
		{"closed board: no play", "27YBADjgc/ADQA", rules.Dice{6, 5}, 0, []string{}},
		{"a higher die bears off only when no checker stands higher", "sP8PAAD/zwgAAA", rules.Dice{5, 4}, 2, []string{"6/1 3/off", "6/2 3/off"}},
		{"bearing off becomes legal in the middle of the turn", "sP8PAAD/DxYAAA", rules.Dice{6, 1}, 2, []string{"7/1 6/5", "7/off"}},
		{"opening 3-1", "4HPwATDgc/ABMA", rules.Dice{3, 1}, 16, nil},
		{"opening 6-6", "4HPwATDgc/ABMA", rules.Dice{6, 6}, 11, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, d := range []rules.Dice{c.dice, {c.dice[1], c.dice[0]}} {
				b, err := ParsePositionID(c.id, 0)
				if err != nil {
					t.Fatal(err)
				}
				plays := Plays(&b, 0, d)
				var got []string
				for _, m := range plays {
					got = append(got, m.String())
				}
				if len(plays) != c.count {
					t.Fatalf("dice %v: %d plays %q, want %d", d, len(plays), got, c.count)
				}
				if c.plays != nil {
					want := slices.Clone(c.plays)
					slices.Sort(want)
					slices.Sort(got)
					if !slices.Equal(got, want) {
						t.Fatalf("dice %v: plays %q, want %q", d, got, want)
					}
				}
				// Seat 1 on roll sees the same.
				b1, err := ParsePositionID(c.id, 1)
				if err != nil {
					t.Fatal(err)
				}
				if n := len(Plays(&b1, 1, d)); n != c.count {
					t.Fatalf("seat 1: %d plays, want %d", n, c.count)
				}
			}
		})
	}
}

func TestCasesResults(t *testing.T) {
	cases := []struct {
		id     string
		reason rules.Reason
		points int
	}{
		{"h+8DAIQAAAAAAA", rules.Single, 1},
		{"+L4PAAABAAAAAA", rules.Gammon, 2},
		{"APj/AwABAAAAAA", rules.Gammon, 2},
		{"eN8HAAgBAAAAAA", rules.Backgammon, 3},
		{"eN8HAEABAAAAAA", rules.Backgammon, 3},
	}
	for _, c := range cases {
		for seat := rules.Seat(0); seat < 2; seat++ {
			b, err := ParsePositionID(c.id, seat)
			if err != nil {
				t.Fatal(err)
			}
			s, err := NewPosition(b, seat)
			if err != nil {
				t.Fatal(err)
			}
			// 1/off is legal with any die; the winner's last checker stands on its 1-point.
			rolled, err := s.RollDice(rules.Dice{1, 2})
			if err != nil {
				t.Fatal(err)
			}
			if rolled.Phase() != rules.PhaseMove {
				t.Fatalf("%s: no play after rolling", c.id)
			}
			m, err := rolled.ParseMove("1/off")
			if err != nil {
				t.Fatalf("%s: %v (plays %v)", c.id, err, rolled.Moves())
			}
			end, err := rolled.Play(m)
			if err != nil {
				t.Fatal(err)
			}
			o := end.Outcome()
			want := rules.Outcome{Status: rules.Win, Winner: seat, Reason: c.reason, Points: c.points}
			if o != want || end.Phase() != rules.PhaseOver || end.ToMove() != rules.NoSeat {
				t.Fatalf("%s seat %d: outcome %+v phase %d, want %+v", c.id, seat, o, end.Phase(), want)
			}
			if _, err := end.Roll(rules.Dice{3, 4}); err != rules.ErrPhase {
				t.Fatalf("roll after the end: %v, want ErrPhase", err)
			}
		}
	}
}

func TestStartPositionID(t *testing.T) {
	if got := PositionID(&Start, 0); got != "4HPwATDgc/ABMA" {
		t.Fatalf("start Position ID %q, want 4HPwATDgc/ABMA (gnubg manual)", got)
	}
	if got := NewState().Pips(); got != [2]int{167, 167} {
		t.Fatalf("start pips %v, want 167 each", got)
	}
}
