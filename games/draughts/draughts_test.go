package draughts

import (
	"math/rand/v2"
	"testing"
	"time"

	"madang/functions/room"
	"madang/games"
	"madang/games/gamestest"
	"madang/rules"
)

// The descriptor's draw-reset rule (rules/draughts.ReopensDrawOffers) agrees with the
// rules' forty-move and twenty-five-move counters (WCDF 1.32.1, FMJD art. 6.1), which
// restart on exactly the moves seed 001 names: a man move or a capture.
func TestDrawResetAgreesWithQuietCounter(t *testing.T) {
	for _, c := range []struct {
		game  string
		quiet rules.Reason
	}{{"checkers", rules.FortyMove}, {"draughts", rules.TwentyFiveMove}} {
		g, ok := rules.Lookup(c.game)
		if !ok {
			t.Fatalf("%s not registered", c.game)
		}
		d, ok := games.Describe(c.game)
		if !ok || d.Room.DrawReset == nil {
			t.Fatalf("%s: no draw-reset rule in the descriptor", c.game)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		checked, resets, quiets := 0, 0, 0
		for game := 0; game < 30; game++ {
			s, _ := g.New(nil)
			for ply := 0; ply < 300 && !s.Outcome().Over(); ply++ {
				ms := s.Moves()
				m := ms[rng.IntN(len(ms))]
				next, err := s.Play(m)
				if err != nil {
					t.Fatal(err)
				}
				want := true
				for _, k := range next.Counters() {
					if k.Rule == c.quiet {
						want = false
					}
				}
				if got := d.Room.DrawReset(s, m); got != want {
					t.Fatalf("%s %s -> %s: reset %v, the quiet counter says %v", c.game, s.Encode(), next.Encode(), got, want)
				}
				if want {
					resets++
				} else {
					quiets++
				}
				checked++
				s = next
			}
		}
		if resets == 0 || quiets == 0 {
			t.Fatalf("%s: %d moves, %d resets, %d quiet: random games did not reach king moves", c.game, checked, resets, quiets)
		}
	}
}

// Seed 001's room rules as functions/room completes them: draw offers, the takeover after
// 2 min, the room-wide defaults.
func TestRoomPolicies(t *testing.T) {
	for _, id := range []string{"checkers", "draughts"} {
		p, ok := room.PolicyFor(id)
		if !ok {
			t.Fatalf("%s: no policy", id)
		}
		if !p.DrawOffers || p.TakeoverAfter != 2*time.Minute || p.AwayAI != 0 || p.LeaveToAI != nil {
			t.Errorf("%s: %+v", id, p)
		}
		if p.Idle != 30*time.Minute || p.MaxAge != 24*time.Hour || p.AILevel != "intermediate" {
			t.Errorf("%s: idle %v max age %v level %s, want 30m 24h intermediate", id, p.Idle, p.MaxAge, p.AILevel)
		}
	}
}

// The family's descriptor reaches the rules, the room and the site manifest.
func TestDescriptor(t *testing.T) { gamestest.Check(t, Family) }
