package draughts

import (
	"testing"

	"madang/rules"
)

// A flag against a side that cannot win is a draw; the cases are the lone king
// against a lone king (both rulesets) and, in international draughts, the FMJD art. 6.2-6.3
// endings with the lone king as the side that would win on the flag. Seat 0 is black in
// checkers (B in the FEN) and white in draughts (W).
func TestFlagOutcome(t *testing.T) {
	cases := []struct {
		name    string
		r       *Rules
		fen     string
		flagged rules.Seat
		want    rules.Outcome
	}{
		{"checkers K v K", &English, "B:WK18:BK5", 0, rules.DrawBy(rules.Time)},
		{"checkers K v K, white flags", &English, "W:WK18:BK5", 1, rules.DrawBy(rules.Time)},
		{"checkers 2K v K, the two kings flag: no count rule in checkers", &English, "B:WK18,K22:BK5", 1, rules.WinFor(0, rules.Time)},
		{"checkers 2K v K, the lone king flags", &English, "B:WK18,K22:BK5", 0, rules.WinFor(1, rules.Time)},
		{"checkers man v K: a man may still win", &English, "B:W18:BK5", 1, rules.WinFor(0, rules.Time)},
		{"checkers K v man", &English, "B:WK18:B5", 0, rules.WinFor(1, rules.Time)},
		{"draughts K v K", &International, "W:WK28:BK5", 0, rules.DrawBy(rules.Time)},
		{"draughts 3 v K (6.2), the three flag", &International, "W:WK28,K30,33:BK5", 0, rules.DrawBy(rules.Time)},
		{"draughts 2 v K (6.3), the two flag", &International, "W:WK28,33:BK5", 0, rules.DrawBy(rules.Time)},
		{"draughts 4 v K, the four flag", &International, "W:WK28,K30,33,34:BK5", 0, rules.WinFor(1, rules.Time)},
		{"draughts 3 men v K: no king, not a 6.2 ending", &International, "W:W28,30,33:BK5", 0, rules.WinFor(1, rules.Time)},
		{"draughts 3 v K, the lone king flags", &International, "W:WK28,K30,33:BK5", 1, rules.WinFor(0, rules.Time)},
		{"draughts start", &International, International.Start().FEN(), 0, rules.WinFor(1, rules.Time)},
	}
	for _, c := range cases {
		p, err := ParseFEN(c.r, c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		s := NewState(p)
		if got := rules.FlagOutcome(s, c.flagged); got != c.want {
			t.Errorf("%s: FlagOutcome(%d) = %+v, want %+v", c.name, c.flagged, got, c.want)
		}
	}
}
