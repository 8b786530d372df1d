package backgammon

import (
	"context"
	"errors"
	"flag"
	"math"
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"madang/ai"
	"madang/rules"
	bg "madang/rules/backgammon"
)

var (
	selfplayGames = flag.Int("selfplay", 0, "games per pairing for TestSelfplay (0 skips it)")
	selfplayPair  = flag.String("selfplay.pair", "", "only this pairing, e.g. advanced-intermediate")
)

func opening(t *testing.T, d rules.Dice) *bg.State {
	t.Helper()
	s, err := bg.NewState().RollDice(d)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Seed 003, "좋은 칸을 먼저 만든다": with an opening 3-1 make the 5-point from the 8 and the
// 6; with 6-1 the bar point from the 13 and the 8.
func TestOpeningPlaysOfSeed003(t *testing.T) {
	for _, l := range []ai.Level{ai.Intermediate, ai.Advanced} {
		for _, c := range []struct {
			d    rules.Dice
			want string
		}{{rules.Dice{3, 1}, "8/5 6/5"}, {rules.Dice{6, 1}, "13/7 8/7"}} {
			res, err := ai.Choose(context.Background(), ai.Request{State: opening(t, c.d), Level: l})
			if err != nil {
				t.Fatal(err)
			}
			if got := res.Move.String(); got != c.want {
				t.Errorf("%s with %v plays %s, want %s", l, c.d, got, c.want)
			}
		}
	}
}

// Hitting a blot on the opponent's side while making no new blot of one's own: with 6-4
// from the start against a blot on our 9-point (seat 1 ran a back checker 24/16 - its
// 16 is our 9), 13/9* hits.
func TestHitsTheObviousBlot(t *testing.T) {
	b := bg.Start
	b[1][24], b[1][16] = 1, 1
	s, err := bg.NewPosition(b, 0)
	if err != nil {
		t.Fatal(err)
	}
	r, _ := s.RollDice(rules.Dice{4, 2})
	res, err := ai.Choose(context.Background(), ai.Request{State: r, Level: ai.Intermediate})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Move.String(); got != "13/9* 11/9" && got != "13/9*/7" && got != "13/11/9*" && got != "13/9*" {
		t.Logf("intermediate plays %s", got)
	}
	m := res.Move.(bg.Move)
	hit := false
	for _, st := range m.Steps() {
		hit = hit || st.Hit
	}
	if !hit {
		t.Fatalf("intermediate does not hit: %s", m)
	}
}

func TestLevelsPlayLegalDeterministicPlays(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 5))
	s := bg.NewState()
	for i := 0; i < 60 && s.Phase() != rules.PhaseOver; i++ {
		if s.Phase() == rules.PhaseRoll {
			s, _ = s.RollDice(rules.Dice{int8(rng.IntN(6) + 1), int8(rng.IntN(6) + 1)})
			continue
		}
		for _, l := range []ai.Level{ai.Beginner, ai.Intermediate, ai.Advanced} {
			a, err := ai.Choose(context.Background(), ai.Request{State: s, Level: l, Seed: 9})
			if err != nil {
				t.Fatal(err)
			}
			b, _ := ai.Choose(context.Background(), ai.Request{State: s, Level: l, Seed: 9})
			if a.Move != b.Move {
				t.Fatalf("%s: %s then %s for one seed", l, a.Move, b.Move)
			}
			if _, err := s.Play(a.Move); err != nil {
				t.Fatalf("%s plays %s: %v", l, a.Move, err)
			}
		}
		res, _ := ai.Choose(context.Background(), ai.Request{State: s, Level: ai.Beginner, Seed: int64(i)})
		s, _ = s.PlayMove(res.Move.(bg.Move))
	}
	if _, err := ai.Choose(context.Background(), ai.Request{State: bg.NewState(), Level: ai.Advanced}); !errors.Is(err, ai.ErrNoMove) {
		t.Fatalf("a state waiting for dice: %v, want ErrNoMove", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ai.Choose(ctx, ai.Request{State: opening(t, rules.Dice{5, 2}), Level: ai.Advanced}); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
}

// playGame plays one game between levels a (seat 0) and b (seat 1) with dice from rng and
// returns seat 0's points (negative when seat 1 wins).
func playGame(t testing.TB, a, b ai.Level, rng *rand.Rand, seed int64) int {
	s := bg.NewState()
	levels := [2]ai.Level{a, b}
	for s.Phase() != rules.PhaseOver {
		if s.Phase() == rules.PhaseRoll {
			s, _ = s.RollDice(rules.Dice{int8(rng.IntN(6) + 1), int8(rng.IntN(6) + 1)})
			continue
		}
		res, err := ai.Choose(context.Background(), ai.Request{State: s, Level: levels[s.ToMove()], Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		if s, err = s.PlayMove(res.Move.(bg.Move)); err != nil {
			t.Fatal(err)
		}
	}
	o := s.Outcome()
	if o.Winner == 0 {
		return o.Points
	}
	return -o.Points
}

// TestSelfplay plays -selfplay N games for each pairing of levels (colours alternate, the
// same dice for both colours of a pair) and logs the points per game of the first level
// with its standard error. go test ./ai/backgammon -run Selfplay -v -args -selfplay 1000
func TestSelfplay(t *testing.T) {
	if *selfplayGames <= 0 {
		t.Skip("selfplay: pass -selfplay N")
	}
	pairs := [][2]ai.Level{{ai.Intermediate, ai.Beginner}, {ai.Advanced, ai.Beginner}, {ai.Advanced, ai.Intermediate}}
	for _, p := range pairs {
		if *selfplayPair != "" && *selfplayPair != string(p[0])+"-"+string(p[1]) {
			continue
		}
		var sum, sq float64
		wins := 0
		for g := 0; g < *selfplayGames; g++ {
			rng := rand.New(rand.NewPCG(uint64(g/2), 77))
			var pts int
			if g%2 == 0 {
				pts = playGame(t, p[0], p[1], rng, int64(g))
			} else {
				pts = -playGame(t, p[1], p[0], rng, int64(g))
			}
			sum += float64(pts)
			sq += float64(pts * pts)
			if pts > 0 {
				wins++
			}
			if (g+1)%100 == 0 {
				k := float64(g + 1)
				t.Logf("%s vs %s: %d games, %.1f%% won, %+.3f ± %.3f points a game", p[0], p[1], g+1, 100*float64(wins)/k, sum/k, math.Sqrt((sq/k-sum*sum/k/k)/k))
			}
		}
		n := float64(*selfplayGames)
		mean := sum / n
		se := math.Sqrt((sq/n - mean*mean) / n)
		t.Logf("%s vs %s: %d games, %.1f%% won, %+.3f ± %.3f points a game", p[0], p[1], *selfplayGames, 100*float64(wins)/n, mean, se)
	}
}

// BenchmarkAdvancedPlay is the advanced level's time a play over the plays of ten seeded
// games of advanced self-play (the net and the opponent's 21 rolls): the native figure
// behind the browser's (README). go test ./ai/backgammon -run '^$' -bench AdvancedPlay;
// under GOOS=js GOARCH=wasm (node) it loads net.bin as the browser's worker hands it over.
func BenchmarkAdvancedPlay(b *testing.B) {
	if Shipped == nil {
		data, err := os.ReadFile("net.bin")
		if err != nil {
			b.Fatal(err)
		}
		if err := LoadNet(data); err != nil {
			b.Fatal(err)
		}
		defer func() { Shipped = nil }()
	}
	var states []*bg.State
	rng := rand.New(rand.NewPCG(5, 5))
	for g := 0; g < 10; g++ {
		s := bg.NewState()
		for s.Phase() != rules.PhaseOver {
			if s.Phase() == rules.PhaseRoll {
				s, _ = s.RollDice(rules.Dice{int8(rng.IntN(6) + 1), int8(rng.IntN(6) + 1)})
				continue
			}
			states = append(states, s)
			res, err := ai.Choose(context.Background(), ai.Request{State: s, Level: ai.Advanced})
			if err != nil {
				b.Fatal(err)
			}
			s, _ = s.PlayMove(res.Move.(bg.Move))
		}
	}
	b.ResetTimer()
	worst := 0.0
	for i := 0; i < b.N; i++ {
		for _, s := range states {
			start := time.Now()
			if _, err := ai.Choose(context.Background(), ai.Request{State: s, Level: ai.Advanced}); err != nil {
				b.Fatal(err)
			}
			worst = max(worst, time.Since(start).Seconds())
		}
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N*len(states)), "ms/play")
	b.ReportMetric(worst*1000, "worst-ms")
}

// The advanced level's time (seed 001: at most 1.5 s a move) cuts the candidates short:
// stopped at its first reply it plays the best play one play deep; stopped by the clock at
// the 1,024th reply (where the control first looks at it) it plays the best of the
// candidates whose replies all came before, as a search of those alone would. Over the
// opening rolls, some must have a different best when searched whole, or the case would
// test nothing.
func TestExpectimaxStops(t *testing.T) {
	differs := 0
	for d1 := int8(1); d1 <= 6; d1++ {
		for d2 := d1 + 1; d2 <= 6; d2++ {
			s := opening(t, rules.Dice{d1, d2})
			b, me := s.Board(), s.ToMove()
			scored := rank(&b, me, s.LegalMoves(), Evaluate)
			first := expectimax(ai.NewControl(context.Background(), ai.Budget{Nodes: 1}), &b, me, scored, Evaluate)
			if first.m.Key() != scored[0].m.Key() {
				t.Errorf("%d-%d stopped at once: %v, want the best one play deep %v", d1, d2, first.m, scored[0].m)
			}
			// Replies each candidate's search evaluates: how many candidates end before 1,024.
			done, total := 0, 0
			for _, c := range scored[:min(len(scored), Candidates)] {
				for r1 := int8(1); r1 <= 6; r1++ {
					for r2 := r1; r2 <= 6; r2++ {
						total += len(bg.Plays(&c.after, 1-me, rules.Dice{r1, r2}))
					}
				}
				if total >= 1024 {
					break
				}
				done++
			}
			if done == 0 {
				continue
			}
			clock := time.Unix(0, 0)
			late := func() time.Time { clock = clock.Add(time.Hour); return clock }
			got := expectimax(ai.NewControlClock(context.Background(), ai.Budget{Time: time.Second}, late), &b, me, scored, Evaluate)
			want := expectimax(ai.NewControl(context.Background(), ai.Budget{}), &b, me, scored[:done], Evaluate)
			if got.m.Key() != want.m.Key() || got.score != want.score {
				t.Errorf("%d-%d stopped by the clock: %v (%.4f), want the best of the %d candidates done %v (%.4f)", d1, d2, got.m, got.score, done, want.m, want.score)
			}
			if full := expectimax(ai.NewControl(context.Background(), ai.Budget{}), &b, me, scored, Evaluate); full.score != want.score {
				differs++
			}
		}
	}
	if differs == 0 {
		t.Fatal("no opening roll whose whole search differs from the one cut short")
	}
}
