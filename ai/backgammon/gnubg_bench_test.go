package backgammon

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"madang/ai"
	"madang/rules"
	bg "madang/rules/backgammon"
)

var (
	gnubgGames = flag.Int("gnubg0", 0, "games against GNU Backgammon 0-ply for TestGnubg0Ply (0 skips it)")
	gnubgBin   = flag.String("gnubg", "/usr/games/gnubg", "GNU Backgammon binary")
	gnubgLevel = flag.String("gnubg.level", "advanced", "our level against gnubg, or net1: the net's best play one play deep")
	gnubgNet   = flag.String("gnubg.net", "", "a net file to play with instead of net.bin")
	gnubgPlies = flag.Int("gnubg.plies", 0, "GNU Backgammon's plies in TestGnubg0Ply (0, 1, 2)")
	gnubgFirst = flag.Int("gnubg.first", 0, "the first game's number in TestGnubg0Ply, even (game n's dice come from seed n/2, our colour from n%2)")
	gnubgOut   = flag.String("gnubg.out", "", "where TestGnubg0Ply writes each game's number and our points, one game a line, to compare two runs game by game (empty: none)")
	gnubgNet2  = flag.String("gnubg.net2", "", "a second net file: net1 then plays by the mean of the two nets' equities")
)

// gnubgPlayer is GNU Backgammon choosing plays at GNUBG_PLIES (0-ply by default), cubeless,
// through its Python interface: for each line "seat PositionID d1 d2" it prints "BEST" and findbestmove's steps.
const gnubgPlayerScript = `
import gnubg, os, sys
gnubg.command('set display off')
gnubg.command('set automatic roll off')
gnubg.command('set automatic game off')
gnubg.command('new game')
gnubg.command('set evaluation chequerplay evaluation plies ' + os.environ.get('GNUBG_PLIES', '0'))
gnubg.command('set evaluation chequerplay evaluation cubeful off')
for line in sys.stdin:
    f = line.split()
    if len(f) != 4:
        break
    gnubg.command('set turn ' + f[0])
    gnubg.command('set board ' + f[1])
    gnubg.command('set dice %s %s' % (f[2], f[3]))
    sys.stdout.write('BEST ' + ' '.join(str(x) for x in gnubg.findbestmove()) + '\n')
    sys.stdout.flush()
`

// gnubgProc is GNU Backgammon running a Python script (-p) that reads questions on its
// standard input and writes answers on its standard output; env sets the script's
// variables (its plies), with LD_PRELOAD from -gnubg.preload.
type gnubgProc struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

func startGnubgScript(t *testing.T, script string, env ...string) *gnubgProc {
	file := filepath.Join(t.TempDir(), "script.py")
	if err := os.WriteFile(file, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(*gnubgBin, "-t", "-q", "-r", "-p", file)
	cmd.Env = append(os.Environ(), env...)
	if *gnubgPreload != "" {
		cmd.Env = append(cmd.Env, "LD_PRELOAD="+*gnubgPreload)
	}
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return &gnubgProc{cmd: cmd, in: in, out: bufio.NewScanner(out)}
}

// close ends the script's input and waits for gnubg to exit.
func (g *gnubgProc) close() {
	g.in.Close()
	g.cmd.Wait()
}

type gnubgPlayer struct{ *gnubgProc }

func startGnubg(t *testing.T) gnubgPlayer {
	return gnubgPlayer{startGnubgScript(t, gnubgPlayerScript, "GNUBG_PLIES="+strconv.Itoa(*gnubgPlies))}
}

// play asks gnubg for its play in s and finds ours with the same resulting position.
func (g gnubgPlayer) play(t *testing.T, s *bg.State) bg.Move {
	b, me := s.Board(), s.ToMove()
	d, _ := s.Dice()
	if _, err := io.WriteString(g.in, strconv.Itoa(int(me))+" "+bg.PositionID(&b, me)+" "+strconv.Itoa(int(d[0]))+" "+strconv.Itoa(int(d[1]))+"\n"); err != nil {
		t.Fatal(err)
	}
	for g.out.Scan() {
		line := g.out.Text()
		if !strings.HasPrefix(line, "BEST") {
			continue
		}
		after := gnubgAfter(b, me, strings.Fields(line)[1:])
		key := after.Key(me)
		for _, m := range s.LegalMoves() {
			if m.Key() == key {
				return m
			}
		}
		t.Fatalf("gnubg's play %q in %s with %v is not one of ours", line, s.Encode(), d)
	}
	t.Fatalf("gnubg stopped answering: %v", g.out.Err())
	return bg.Move{}
}

// gnubgAfter is board b after seat me plays gnubg's findbestmove steps f ("from to" pairs
// in me's numbering, 25 the bar and 0 off; a from of 0 ends the list).
func gnubgAfter(b bg.Board, me rules.Seat, f []string) bg.Board {
	my, op := &b[me], &b[1-me]
	for i := 0; i+1 < len(f); i += 2 {
		from, _ := strconv.Atoi(f[i])
		to, _ := strconv.Atoi(f[i+1])
		if from == 0 {
			break
		}
		my[from]--
		my[to]++
		if to > 0 && op[25-to] == 1 {
			op[25-to] = 0
			op[bg.Bar]++
		}
	}
	return b
}

// useNet makes -gnubg.net, when given, the Shipped net until the returned function is
// called; it fails the test when there is no net.
func useNet(t *testing.T) func() {
	old := Shipped
	if *gnubgNet != "" {
		data, err := os.ReadFile(*gnubgNet)
		if err != nil {
			t.Fatal(err)
		}
		n, err := UnmarshalNet(data)
		if err != nil {
			t.Fatal(err)
		}
		Shipped = n
	}
	if Shipped == nil {
		t.Fatal("no net")
	}
	return func() { Shipped = old }
}

// TestGnubg0Ply plays -gnubg0 N games of our level against GNU Backgammon at 0-ply (or
// -gnubg.plies) (colours alternate, each pair with the same dice) and logs points per game and how many
// games each side won by a gammon or a backgammon.
// go test ./ai/backgammon -run Gnubg0Ply -timeout 0 -v -args -gnubg0 1000
func TestGnubg0Ply(t *testing.T) {
	if *gnubgGames <= 0 {
		t.Skip("gnubg benchmark: pass -gnubg0 N")
	}
	if _, err := os.Stat(*gnubgBin); err != nil {
		t.Skipf("gnubg benchmark: %s not found", *gnubgBin)
	}
	defer useNet(t)()
	net1 := Shipped.Equity
	if *gnubgNet2 != "" {
		data, err := os.ReadFile(*gnubgNet2)
		if err != nil {
			t.Fatal(err)
		}
		n2, err := UnmarshalNet(data)
		if err != nil {
			t.Fatal(err)
		}
		n1 := Shipped
		net1 = func(b *bg.Board, me rules.Seat) float64 { return (n1.Equity(b, me) + n2.Equity(b, me)) / 2 }
	}
	g := startGnubg(t)
	defer g.close()
	level := ai.Level(*gnubgLevel)
	var sum, sq float64
	wins := 0
	var won, lost [4]int // by points: single, gammon, backgammon
	var perGame strings.Builder
	for n := *gnubgFirst; n < *gnubgFirst+*gnubgGames; n++ {
		rng := rand.New(rand.NewPCG(uint64(n/2), 123))
		ours := rules.Seat(n % 2)
		s := bg.NewState()
		for s.Phase() != rules.PhaseOver {
			if s.Phase() == rules.PhaseRoll {
				s, _ = s.RollDice(rules.Dice{int8(rng.IntN(6) + 1), int8(rng.IntN(6) + 1)})
				continue
			}
			var m bg.Move
			if s.ToMove() == ours && level == "net1" {
				b := s.Board()
				m = rank(&b, ours, s.LegalMoves(), net1)[0].m
			} else if s.ToMove() == ours {
				res, err := ai.Choose(context.Background(), ai.Request{State: s, Level: level, Seed: int64(n)})
				if err != nil {
					t.Fatal(err)
				}
				m = res.Move.(bg.Move)
			} else {
				m = g.play(t, s)
			}
			s, _ = s.PlayMove(m)
		}
		o := s.Outcome()
		pts := o.Points
		if o.Winner != ours {
			lost[pts]++
			pts = -pts
		} else {
			won[pts]++
			wins++
		}
		sum += float64(pts)
		sq += float64(pts * pts)
		fmt.Fprintf(&perGame, "%d %d\n", n, pts)
		if played := n + 1 - *gnubgFirst; played%100 == 0 {
			t.Logf("%d games: %+.3f points a game", played, sum/float64(played))
		}
	}
	if *gnubgOut != "" {
		if err := os.WriteFile(*gnubgOut, []byte(perGame.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	k := float64(*gnubgGames)
	mean := sum / k
	se := math.Sqrt((sq/k - mean*mean) / k)
	t.Logf("%s vs gnubg %d-ply: %d games, %.1f%% won, %+.3f ± %.3f points a game; gammons won %.1f%%, lost %.1f%%; backgammons won %.1f%%, lost %.1f%%",
		level, *gnubgPlies, *gnubgGames, 100*float64(wins)/k, mean, se, 100*float64(won[2])/k, 100*float64(lost[2])/k, 100*float64(won[3])/k, 100*float64(lost[3])/k)
}
