package backgammon

// TestGnubgJudge: where the net's plays lose equity, judged by GNU Backgammon (its output
// only). Skipped unless -judge N is given.

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"madang/ai"
	"madang/rules"
	bg "madang/rules/backgammon"
)

var (
	judgeGames = flag.Int("judge", 0, "games of net1 against gnubg 0-ply whose plays TestGnubgJudge has gnubg judge (0 skips it)")
	judgePlies = flag.Int("judge.plies", 1, "GNU Backgammon's plies for TestGnubgJudge's best play and evaluations")
	judgeOut   = flag.String("judge.out", "", "where TestGnubgJudge writes one line a decision (empty: none)")
)

// gnubgJudgeScript answers "BEST seat PositionID d1 d2" with findbestmove's steps and
// "EVAL PositionID" with the five chances of the player on roll, both cubeless at
// JUDGE_PLIES.
const gnubgJudgeScript = `
import gnubg, os, sys
plies = int(os.environ['JUDGE_PLIES'])
gnubg.command('set display off')
gnubg.command('set automatic roll off')
gnubg.command('set automatic game off')
gnubg.command('set threads 1')
gnubg.command('new game')
gnubg.command('set evaluation chequerplay evaluation plies %d' % plies)
gnubg.command('set evaluation chequerplay evaluation cubeful off')
ec = gnubg.evalcontext(0, plies, 0, 1, 0.0)
ci = gnubg.cubeinfo(1, 0, 0, 0, (0, 0), 0, 0)
for line in sys.stdin:
    f = line.split()
    if f and f[0] == 'BEST':
        gnubg.command('set turn ' + f[1])
        gnubg.command('set board ' + f[2])
        gnubg.command('set dice %s %s' % (f[3], f[4]))
        sys.stdout.write('BEST ' + ' '.join(str(x) for x in gnubg.findbestmove()) + '\n')
    elif f and f[0] == 'EVAL':
        r = gnubg.evaluate(gnubg.positionfromid(f[1]), ci, ec)
        sys.stdout.write('EVAL ' + ' '.join('%.6f' % x for x in r[:5]) + '\n')
    else:
        break
    sys.stdout.flush()
`

type gnubgJudge struct{ *gnubgProc }

func startJudge(t *testing.T) gnubgJudge {
	return gnubgJudge{startGnubgScript(t, gnubgJudgeScript, "JUDGE_PLIES="+strconv.Itoa(*judgePlies))}
}

func (j gnubgJudge) ask(t *testing.T, q, prefix string) []string {
	if _, err := io.WriteString(j.in, q+"\n"); err != nil {
		t.Fatal(err)
	}
	for j.out.Scan() {
		if line := j.out.Text(); strings.HasPrefix(line, prefix+" ") || line == prefix {
			return strings.Fields(line)[1:]
		}
	}
	t.Fatalf("gnubg stopped answering: %v", j.out.Err())
	return nil
}

// equityAfter is gnubg's cubeless equity for me after me's play gave board a (the other
// seat on roll).
func (j gnubgJudge) equityAfter(t *testing.T, a *bg.Board, me rules.Seat) float64 {
	if r, ok := final(a, me); ok {
		return equity(r)
	}
	f := j.ask(t, "EVAL "+bg.PositionID(a, 1-me), "EVAL")
	var p [Outputs]float32
	for i := range p {
		v, _ := strconv.ParseFloat(f[i], 32)
		p[i] = float32(v)
	}
	return -equity(p)
}

// phaseOf is "contact", "bearoff" (no contact, all of me's checkers home or off) or "race".
func phaseOf(b *bg.Board, me rules.Seat) string {
	if contact(&b[me], &b[1-me]) {
		return "contact"
	}
	for p := bg.Point(7); p <= bg.Bar; p++ {
		if b[me][p] > 0 {
			return "race"
		}
	}
	return "bearoff"
}

// TestGnubgJudge plays -judge N games of net1 (the net one play deep; -gnubg.net or
// net.bin) against gnubg 0-ply on TestGnubg0Ply's dice and, at each of our turns with two
// plays or more, asks gnubg at -judge.plies for its best play and its equity after that
// play, net1's and the advanced level's; the loss of a play is the best of those three less
// its own. gnubg 0-ply's own plays are judged the same way (its play against the judge's
// best). It logs the loss a decision and a game by phase (phaseOf the position before the
// play) and, with -judge.out, one line a decision of ours: Position ID, dice, phase, net1's
// loss, advanced's loss, the best equity, the rank of the judge's best play by the net one
// play deep (0 the first; the number of plays when it is not one) and the number of plays.
func TestGnubgJudge(t *testing.T) {
	if *judgeGames <= 0 {
		t.Skip("judge: pass -judge N")
	}
	if _, err := os.Stat(*gnubgBin); err != nil {
		t.Skipf("judge: %s not found", *gnubgBin)
	}
	defer useNet(t)()
	g := startGnubg(t)
	defer g.close()
	j := startJudge(t)
	defer j.close()
	var log *os.File
	if *judgeOut != "" {
		var err error
		if log, err = os.Create(*judgeOut); err != nil {
			t.Fatal(err)
		}
		defer log.Close()
	}
	type tally struct {
		n, errs1, errsA, diff, nG int
		loss1, lossA, gain, lossG float64
	}
	sum := map[string]*tally{}
	for _, ph := range []string{"contact", "race", "bearoff"} {
		sum[ph] = &tally{}
	}
	for n := 0; n < *judgeGames; n++ {
		rng := rand.New(rand.NewPCG(uint64(n/2), 123))
		ours := rules.Seat(n % 2)
		s := bg.NewState()
		for s.Phase() != rules.PhaseOver {
			if s.Phase() == rules.PhaseRoll {
				s, _ = s.RollDice(rules.Dice{int8(rng.IntN(6) + 1), int8(rng.IntN(6) + 1)})
				continue
			}
			if s.ToMove() != ours {
				m := g.play(t, s)
				if len(s.LegalMoves()) > 1 {
					// gnubg 0-ply's own plays, judged the same way.
					b, d := s.Board(), dice(s)
					best := gnubgAfter(b, 1-ours, j.ask(t, fmt.Sprintf("BEST %d %s %d %d", 1-ours, bg.PositionID(&b, 1-ours), d[0], d[1]), "BEST"))
					a := b.After(1-ours, m)
					eB, eG := j.equityAfter(t, &best, 1-ours), 0.0
					if a.Key(1-ours) == best.Key(1-ours) {
						eG = eB
					} else {
						eG = j.equityAfter(t, &a, 1-ours)
					}
					c := sum[phaseOf(&b, 1-ours)]
					c.nG++
					c.lossG += max(eB, eG) - eG
				}
				s, _ = s.PlayMove(m)
				continue
			}
			b := s.Board()
			plays := s.LegalMoves()
			ranked := rank(&b, ours, plays, Shipped.Equity)
			m1 := ranked[0].m
			if len(plays) > 1 {
				res, err := ai.Choose(context.Background(), ai.Request{State: s, Level: ai.Advanced, Seed: int64(n)})
				if err != nil {
					t.Fatal(err)
				}
				mA := res.Move.(bg.Move)
				d := dice(s)
				best := gnubgAfter(b, ours, j.ask(t, fmt.Sprintf("BEST %d %s %d %d", ours, bg.PositionID(&b, ours), d[0], d[1]), "BEST"))
				a1, aA := b.After(ours, m1), b.After(ours, mA)
				eB := j.equityAfter(t, &best, ours)
				e1, eA := eB, eB
				if a1.Key(ours) != best.Key(ours) {
					e1 = j.equityAfter(t, &a1, ours)
				}
				switch aA.Key(ours) {
				case best.Key(ours):
					eA = eB
				case a1.Key(ours):
					eA = e1
				default:
					eA = j.equityAfter(t, &aA, ours)
				}
				top := max(eB, e1, eA)
				at := len(ranked) // the rank of gnubg's best play by the net one play deep
				for i := range ranked {
					if ranked[i].after.Key(ours) == best.Key(ours) {
						at = i
						break
					}
				}
				ph := phaseOf(&b, ours)
				c := sum[ph]
				c.n++
				c.loss1 += top - e1
				c.lossA += top - eA
				if top-e1 > 0.001 {
					c.errs1++
				}
				if top-eA > 0.001 {
					c.errsA++
				}
				if a1.Key(ours) != aA.Key(ours) {
					c.diff++
					c.gain += e1 - eA
				}
				if log != nil {
					fmt.Fprintf(log, "%s %d %d %s %.4f %.4f %.4f %d %d\n", bg.PositionID(&b, ours), d[0], d[1], ph, top-e1, top-eA, top, at, len(ranked))
				}
			}
			s, _ = s.PlayMove(m1)
		}
	}
	games := float64(*judgeGames)
	for _, ph := range []string{"contact", "race", "bearoff"} {
		c := sum[ph]
		k := float64(max(c.n, 1))
		t.Logf("%-7s %5d decisions (%.1f a game): net1 loses %.4f a decision (%.1f%% of them lose > 0.001), %.4f a game; advanced %.4f a decision (%.1f%%), %.4f a game; the two differ in %d",
			ph, c.n, float64(c.n)/games, c.loss1/k, 100*float64(c.errs1)/k, c.loss1/games, c.lossA/k, 100*float64(c.errsA)/k, c.lossA/games, c.diff)
		t.Logf("%-7s gnubg 0-ply: %5d decisions, loses %.4f a decision, %.4f a game", ph, c.nG, c.lossG/float64(max(c.nG, 1)), c.lossG/games)
	}
}

func dice(s *bg.State) rules.Dice {
	d, _ := s.Dice()
	return d
}

// Phases by hand: the start is in contact; with each side's checkers past the other's
// (mine on my 1..8, the other's on its 1..6) a race, which is my bear-off once my last two
// checkers, on my 8-point, are home.
func TestPhaseOf(t *testing.T) {
	var race bg.Board
	race[0][8], race[0][3], race[0][1] = 2, 8, 5
	race[1][6], race[1][2] = 10, 5
	home := race
	home[0][8], home[0][6] = 0, 2
	for _, c := range []struct {
		name string
		b    bg.Board
		want string
	}{{"start", bg.Start, "contact"}, {"race", race, "race"}, {"bear-off", home, "bearoff"}} {
		if got := phaseOf(&c.b, 0); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}

var judgeFrom = flag.String("judge.from", "", "a -judge.out file whose decisions TestGnubgJudgeDiff judges again (empty skips it)")

// TestGnubgJudgeDiff takes the decisions of a -judge.out file (-judge.from) where net1 and
// the advanced level play differently, plays each again with the same seed and has gnubg at
// -judge.plies evaluate both plays; it logs the mean of the advanced play's equity less
// net1's with its standard error, by phase.
func TestGnubgJudgeDiff(t *testing.T) {
	if *judgeFrom == "" {
		t.Skip("judge diff: pass -judge.from FILE")
	}
	if _, err := os.Stat(*gnubgBin); err != nil {
		t.Skipf("judge diff: %s not found", *gnubgBin)
	}
	defer useNet(t)()
	data, err := os.ReadFile(*judgeFrom)
	if err != nil {
		t.Fatal(err)
	}
	j := startJudge(t)
	defer j.close()
	type tally struct {
		n, better, worse int
		sum, sq          float64
	}
	sum := map[string]*tally{"contact": {}, "race": {}, "bearoff": {}}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		f := strings.Fields(line)
		if len(f) < 6 || f[4] == f[5] {
			continue // the same loss: in all likelihood the same play
		}
		d1, _ := strconv.Atoi(f[1])
		d2, _ := strconv.Atoi(f[2])
		b, err := bg.ParsePositionID(f[0], 0)
		if err != nil {
			t.Fatal(err)
		}
		s, err := bg.NewPosition(b, 0)
		if err != nil {
			t.Fatal(err)
		}
		if s, err = s.RollDice(rules.Dice{int8(d1), int8(d2)}); err != nil {
			t.Fatal(err)
		}
		ranked := rank(&b, 0, s.LegalMoves(), Shipped.Equity)
		res, err := ai.Choose(context.Background(), ai.Request{State: s, Level: ai.Advanced, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		a1, aA := ranked[0].after, b.After(0, res.Move.(bg.Move))
		if a1.Key(0) == aA.Key(0) {
			continue
		}
		diff := j.equityAfter(t, &aA, 0) - j.equityAfter(t, &a1, 0)
		c := sum[f[3]]
		c.n++
		c.sum += diff
		c.sq += diff * diff
		if diff > 0 {
			c.better++
		} else if diff < 0 {
			c.worse++
		}
	}
	for _, ph := range []string{"contact", "race", "bearoff"} {
		c := sum[ph]
		k := float64(max(c.n, 1))
		mean := c.sum / k
		t.Logf("%-7s %4d decisions where the plays differ: advanced − net1 at gnubg %d-ply %+.4f ± %.4f a decision (advanced better %d, worse %d)",
			ph, c.n, *judgePlies, mean, math.Sqrt(max(c.sq/k-mean*mean, 0)/k), c.better, c.worse)
	}
}
