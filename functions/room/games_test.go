package room

import (
	"testing"
	"time"
)

// The seeds' room rules as values: 001 (checkers, draughts) and 000 (the star games).
func TestGamePolicies(t *testing.T) {
	for _, c := range []struct {
		game      string
		draw      bool
		takeover  time.Duration
		awayAI    time.Duration
		resignFun bool
	}{
		{"checkers", true, 2 * time.Minute, 0, false},
		{"draughts", true, 2 * time.Minute, 0, false},
		{"chinese-checkers", false, 0, 45 * time.Second, false},
		{"diamond-kr", false, 0, 45 * time.Second, false},
		{"diamond", false, 0, 45 * time.Second, true},
		{"backgammon", false, 0, 0, false},
	} {
		p, ok := PolicyFor(c.game)
		if !ok {
			t.Fatalf("%s: no policy", c.game)
		}
		if p.DrawOffers != c.draw || p.TakeoverAfter != c.takeover || p.AwayAI != c.awayAI || (p.ResignWinner != nil) != c.resignFun {
			t.Errorf("%s: %+v", c.game, p)
		}
		if p.Idle != 30*time.Minute || p.MaxAge != 24*time.Hour || p.AILevel != "intermediate" {
			t.Errorf("%s: idle %v max age %v level %s, want 30m 24h intermediate", c.game, p.Idle, p.MaxAge, p.AILevel)
		}
	}
}

// Seed 001: after a declined offer, a man move or a capture re-opens offers; a king move
// does not. Positions are PDN FEN as rules/draughts encodes them.
func TestFenMenReset(t *testing.T) {
	for _, c := range []struct {
		before, after string
		reset         bool
	}{
		{"B:W21,22,23:B9,10,11", "W:W21,22,23:B9,10,15", true},  // a man moves
		{"B:WK21,22:BK1,10", "W:WK21,22:BK5,10", false},         // a king moves
		{"W:W21,22:B17,K9", "B:W22,13:BK9", true},               // a capture (21x14... shape irrelevant)
		{"W:WK21:BK1,K2", "B:WK21:BK2", true},                   // a king captures a king
		{"B:W21:B27", "W:W21:BK32", true},                       // a man promotes
		{"W:W31-35:B1-5", "B:W31-35:B1-5", false},               // ranges read
		{"W:W31-35:B1-5", "B:W30,32-35:B1-5", true},             // a man in a range moves
		{"W:W21,22,K30:B1,K2", "B:W21,22,K26:B1,K2", false},     // one more king move
		{"garbage", "W:W21:B1", true},                           // unreadable: lenient
		{"W:W21,22:B1,2", "B:W21,22:B1,2.", false},              // trailing period tolerated
		{"W:W21,22,23,24:B1,2", "B:W21,22,23,24:B1,2,3", true},  // count changed
		{"W:WK46,K47:BK5", "B:WK46,K41:BK5", false},             // 10x10 squares
		{"W:W46,47:B5", "B:W46,41:B5", true},                    // 10x10 man
		{"W:W46,47:B5", "B:W46,47:B5", false},                   // nothing moved
		{"W:W9-12:B21-24", "W:W9-11,15:B21-24", true},           // range broken
		{"W:W9,10,11,12:B21,22,23,24", "W:W9-12:B21-24", false}, // the same set spelled two ways
		{"W:Wk21:Bk1", "B:Wk17:Bk1", false},                     // lower-case kings
		{"W:W21:B1", "W:W21:", true},                            // one side empty
		{"W:W99:B1", "W:W21:B1", true},                          // out of range: lenient
		{"W:W21-9:B1", "W:W21:B1", true},                        // bad range: lenient
		{"W:W21:B1", "W:W21:B1", false},                         // identical
		{"B:WK1,K2,K3:BK50", "W:WK1,K2,K8:BK50", false},         // draughts king ending
		{"B:WK1,K2,K3:BK50", "W:WK1,K2:BK50", true},             // a king captured
		{"B:W1,K2,K3:BK50", "W:WK1,K2,K3:BK50", true},           // a man became a king
		{"B:W10,11:B40", "W:W10,11:B35", true},                  // men of the other colour
		{"B:W10,11:BK40", "W:W10,11:BK35", false},               // kings of the other colour
		{"B:W10,K11:B40,K45", "W:W10,K11:B40,K50", false},       // mixed, king moves
		{"B:W10,K11:B40,K45", "W:W10,K11:B34,K45", true},        // mixed, man moves
		{"B:W10,K11:B40,K45", "W:W10,K11:B40", true},            // mixed, capture
		{"B:W10,K11:B40,K45", "W:W10,K11:B40,K45,K46", true},    // count up
		{"B:W10,K11:B40,K45", "W:W10,K11:B40-40,K45", false},    // one-square range
		{"B:W10,K11:B40,K45", "W:W10,K11:B4O,K45", true},        // bad digit: lenient
		{"B:W10,K11:B40,K45", "X:W10,K11:B40,K45", false},       // turn letter not read
		{"B:W10,K11:B40,K45", "W:W10,K11:Q40,K45", true},        // bad colour: lenient
		{"B:W10,K11:B40,K45", "W:W10,,K11:B40,K45", false},      // empty item skipped
		{"B:W10,K11:B40,K45", "W: W10 , K11 :B40,K45", true},    // spaces inside: unreadable, lenient
		{"B:W10,K11:B40,K45", "W:W10,K11:B40,K45:extra", true},  // extra field: unreadable, lenient
		{"B:W10,K11:B40,K45", "W:W10,K11:B40,K45:", false},      // empty extra field skipped
		{"B:W10,K11:B40,K45", "W:W10,K11:B40,K045", true},       // three digits: lenient
		{"B:W10,K11:B40,K45", "W:W10,K11:B40,K0", true},         // square 0: lenient
		{"W:W1:B2", "B:W1:B2", false},                           // turn only
		{"W:W1:B2", "B:W3:B2", true},                            // man moved
		{"W:WK1:B2", "B:WK3:B2", false},                         // king moved
		{"W:WK1:BK2", "B:WK3:BK4", false},                       // both kings (two plies' worth)
		{"W:W1:BK2", "B:W1:BK4", false},                         // other side's king
	} {
		mb, nb, ok1 := fenMen(c.before)
		ma, na, ok2 := fenMen(c.after)
		got := !ok1 || !ok2 || nb != na || mb != ma
		if got != c.reset {
			t.Errorf("%s -> %s: reset %v, want %v", c.before, c.after, got, c.reset)
		}
	}
}
