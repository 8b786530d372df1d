package backgammon

import (
	"context"
	"flag"
	"math"
	"math/rand/v2"
	"testing"

	"madang/ai"
	"madang/rules"
	bg "madang/rules/backgammon"
)

var pubevalGames = flag.Int("pubeval", 0, "games per level for TestPubeval (0 skips it)")

// pubeval is Gerald Tesauro's public linear evaluation for benchmarks ("pubeval", posted to
// rec.games.backgammon in 1993, public domain): score = w·x over 122 inputs of the board
// after the play, with separate weights for races (wr) and contact positions (wc), the
// choice made by the position before the play. Inputs, for each of the mover's points 24
// down to 1 (five each): an opposing blot, a single own checker, two or more, exactly
// three, (n-3)/2 for n of four or more; then the opposing checkers on the bar / 2 and the
// mover's checkers off / 15. The weights below are the published ones.
var pubevalContact = [122]float64{
	0.25696, -0.66937, -1.66135, -2.02487, -2.53398, -0.16092, -1.11725, -1.06654,
	-0.92830, -1.99558, -1.10388, -0.80802, 0.09856, -0.62086, -1.27999, -0.59220,
	-0.73667, 0.89032, -0.38933, -1.59847, -1.50197, -0.60966, 1.56166, -0.47389,
	-1.80390, -0.83425, -0.97741, -1.41371, 0.24500, 0.10970, -1.36476, -1.05572,
	1.15420, 0.11069, -0.38319, -0.74816, -0.59244, 0.81116, -0.39511, 0.11424,
	-0.73169, -0.56074, 1.09792, 0.15977, 0.13786, -1.18435, -0.43363, 1.06169,
	-0.21329, 0.04798, -0.94373, -0.22982, 1.22737, -0.13099, -0.06295, -0.75882,
	-0.13658, 1.78389, 0.30416, 0.36797, -0.69851, 0.13003, 1.23070, 0.40868,
	-0.21081, -0.64073, 0.31061, 1.59554, 0.65718, 0.25429, -0.80789, 0.08240,
	1.78964, 0.54304, 0.41174, -1.06161, 0.07851, 2.01451, 0.49786, 0.91936,
	-0.90750, 0.05941, 1.83120, 0.58722, 1.28777, -0.83711, -0.33248, 2.64983,
	0.52698, 0.82132, -0.58897, -1.18223, 3.35809, 0.62017, 0.57353, -0.07276,
	-0.36214, 4.37655, 0.45481, 0.21746, 0.10504, -0.61977, 3.54001, 0.04612,
	-0.18108, 0.63211, -0.87046, 2.47673, -0.48016, -1.27157, 0.86505, -1.11342,
	1.24612, -0.82385, -2.77082, 1.23606, -1.59529, 0.10438, -1.30206, -4.11520,
	5.62596, -2.75800,
}

var pubevalRace = [122]float64{
	0.00000, -0.17160, 0.27010, 0.29906, -0.08471, 0.00000, -1.40375, -1.05121,
	0.07217, -0.01351, 0.00000, -1.29506, -2.16183, 0.13246, -1.03508, 0.00000,
	-2.29847, -2.34631, 0.17253, 0.08302, 0.00000, -1.27266, -2.87401, -0.07456,
	-0.34240, 0.00000, -1.34640, -2.46556, -0.13022, -0.01591, 0.00000, 0.27448,
	0.60015, 0.48302, 0.25236, 0.00000, 0.39521, 0.68178, 0.05281, 0.09266,
	0.00000, 0.24855, -0.06844, -0.37646, 0.05685, 0.00000, 0.17405, 0.00430,
	0.74427, 0.00576, 0.00000, 0.12392, 0.31202, -0.91035, -0.16270, 0.00000,
	0.01418, -0.10839, -0.02781, -0.88035, 0.00000, 1.07274, 2.00366, 1.16242,
	0.22520, 0.00000, 0.85631, 1.06349, 1.49549, 0.18966, 0.00000, 0.37183,
	-0.50352, -0.14818, 0.12039, 0.00000, 0.13681, 0.13978, 1.11245, -0.12707,
	0.00000, -0.22082, 0.20178, -0.06285, -0.52728, 0.00000, -0.13597, -0.19412,
	-0.09308, -1.26062, 0.00000, 3.05454, 5.16874, 1.50680, 5.35000, 0.00000,
	2.19605, 3.85390, 0.88296, 2.30052, 0.00000, 0.92321, 1.08744, -0.11696,
	-0.78560, 0.00000, -0.09795, -0.83050, -1.09167, -4.94251, 0.00000, -1.00316,
	-3.66465, -2.56906, -9.67677, 0.00000, -2.77982, -7.26713, -3.40177, -12.32252,
	0.00000, 3.42040,
}

// pubevalScore scores the board after a play for seat me.
func pubevalScore(b *bg.Board, me rules.Seat, race bool) float64 {
	my, op := &b[me], &b[1-me]
	if my[bg.Off] == bg.Checkers {
		return math.Inf(1)
	}
	w := &pubevalContact
	if race {
		w = &pubevalRace
	}
	s := 0.0
	for j := 1; j <= 24; j++ {
		p := 25 - j // block j-1 is the mover's point 25-j
		base := 5 * (j - 1)
		n := int(my[p])
		if op[25-p] == 1 {
			s += w[base]
		}
		if n == 1 {
			s += w[base+1]
		}
		if n >= 2 {
			s += w[base+2]
		}
		if n == 3 {
			s += w[base+3]
		}
		if n >= 4 {
			s += w[base+4] * float64(n-3) / 2
		}
	}
	s += w[120] * float64(op[bg.Bar]) / 2
	s += w[121] * float64(my[bg.Off]) / 15
	return s
}

// pubevalPlay is pubeval's choice among the plays of s.
func pubevalPlay(s *bg.State) bg.Move {
	b, me := s.Board(), s.ToMove()
	race := !contact(&b[me], &b[1-me])
	plays := s.LegalMoves()
	best, bestScore := plays[0], math.Inf(-1)
	for _, m := range plays {
		a := b.After(me, m)
		if v := pubevalScore(&a, me, race); v > bestScore {
			best, bestScore = m, v
		}
	}
	return best
}

func TestPubevalPrefersMakingThe5PointWith31(t *testing.T) {
	s := opening(t, rules.Dice{3, 1})
	if got := pubevalPlay(s).String(); got != "8/5 6/5" {
		t.Fatalf("pubeval plays %s with the opening 3-1", got)
	}
}

// TestPubeval plays -pubeval N games of each level against pubeval (colours alternate,
// each pair of games with the same dice) and logs points per game and standard error.
// go test ./ai/backgammon -run 'TestPubeval$' -v -args -pubeval 1000
func TestPubeval(t *testing.T) {
	if *pubevalGames <= 0 {
		t.Skip("pubeval benchmark: pass -pubeval N")
	}
	if setWeightsHook != nil {
		setWeightsHook(t)
	}
	for _, l := range pubevalLevels() {
		var sum, sq float64
		wins := 0
		for g := 0; g < *pubevalGames; g++ {
			rng := rand.New(rand.NewPCG(uint64(g/2), 99))
			ours := rules.Seat(g % 2)
			s := bg.NewState()
			for s.Phase() != rules.PhaseOver {
				if s.Phase() == rules.PhaseRoll {
					s, _ = s.RollDice(rules.Dice{int8(rng.IntN(6) + 1), int8(rng.IntN(6) + 1)})
					continue
				}
				var m bg.Move
				if s.ToMove() == ours && l == "net1" {
					b, me := s.Board(), s.ToMove()
					m = rank(&b, me, s.LegalMoves(), Shipped.Equity)[0].m
				} else if s.ToMove() == ours {
					res, err := ai.Choose(context.Background(), ai.Request{State: s, Level: l, Seed: int64(g)})
					if err != nil {
						t.Fatal(err)
					}
					m = res.Move.(bg.Move)
				} else {
					m = pubevalPlay(s)
				}
				s, _ = s.PlayMove(m)
			}
			o := s.Outcome()
			pts := o.Points
			if o.Winner != ours {
				pts = -pts
			} else {
				wins++
			}
			sum += float64(pts)
			sq += float64(pts * pts)
			if (g+1)%100 == 0 {
				k := float64(g + 1)
				t.Logf("%s: %d games, %.1f%% won, %+.3f ± %.3f points a game", l, g+1, 100*float64(wins)/k, sum/k, math.Sqrt((sq/k-sum*sum/k/k)/k))
			}
		}
		n := float64(*pubevalGames)
		mean := sum / n
		se := math.Sqrt((sq/n - mean*mean) / n)
		t.Logf("%s vs pubeval: %d games, %.1f%% won, %+.3f ± %.3f points a game", l, *pubevalGames, 100*float64(wins)/n, mean, se)
	}
}

var setWeightsHook func(*testing.T)

var pubevalLevel = flag.String("pubeval.level", "", "only this level in TestPubeval")

func pubevalLevels() []ai.Level {
	if *pubevalLevel != "" {
		return []ai.Level{ai.Level(*pubevalLevel)}
	}
	return []ai.Level{ai.Intermediate, ai.Advanced}
}
