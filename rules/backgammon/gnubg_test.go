//go:build !js

// The GNU Backgammon cross-check starts gnubg through a pipe, which js/wasm cannot do: this
// file is native only, so the package's other tests run under GOOS=js (make site-wasm-test).
package backgammon

import (
	"bufio"
	"bytes"
	"flag"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"madang/rules"
)

var (
	gnubgPath  = flag.String("gnubg", "/usr/games/gnubg", "GNU Backgammon binary for the cross-check")
	gnubgCount = flag.Int("gnubg.n", 300, "random positions (each with one random roll) for the gnubg cross-check")
)

// The script gnubg runs (its Python interface): for each input line "seat d1 d2 b0..b49"
// (the board as gnubg's tuple: the side not on roll's points 1..24 and bar, then the side on
// roll's) it prints gnubg's Position ID of the board, its "PositionID:MatchID" after
// `set turn`, `set board`, `set dice`, and every play of `hint 999` at 0-ply with the
// Position ID of the board after it (gnubg.parsemove, applied here).
const gnubgScript = `
import gnubg, os, sys
gnubg.command('set display off')
gnubg.command('set automatic roll off')
gnubg.command('set automatic game off')
gnubg.command('new game')
gnubg.command('set evaluation chequerplay evaluation plies 0')
out = open(os.environ['XC_OUT'], 'w')
for line in open(os.environ['XC_IN']):
    f = line.split()
    if not f:
        continue
    seat, d1, d2 = int(f[0]), int(f[1]), int(f[2])
    b = [int(x) for x in f[3:53]]
    board = (tuple(b[0:25]), tuple(b[25:50]))
    pid = gnubg.positionid(board)
    gnubg.command('set turn %d' % seat)
    gnubg.command('set board ' + pid)
    gnubg.command('set dice %d %d' % (d1, d2))
    full = gnubg.gnubgid()
    plays = []
    try:
        hints = gnubg.hint(999)['hint']
    except Exception:
        hints = []
    for h in hints:
        opp, me = list(board[0]), list(board[1])
        for fr, to in gnubg.parsemove(h['move']):
            me[fr - 1] -= 1
            if to > 0:
                me[to - 1] += 1
                if opp[24 - to] == 1:
                    opp[24 - to] = 0
                    opp[24] += 1
        plays.append(gnubg.positionid((tuple(opp), tuple(me))) + '=' + h['move'])
    out.write('XC %s %s %s\n' % (pid, full, '|'.join(plays)))
out.close()
`

// TestGnubgCrossCheck compares, for random positions and rolls, the set of positions our
// plays lead to with the one GNU Backgammon lists (hint 999), our move text with gnubg's,
// our Position ID of each board with gnubg.positionid, and our "PositionID:MatchID" with
// gnubg.gnubgid after setting the turn and the dice. Skipped when gnubg is not installed
// (Debian package gnubg; games/backgammon/backgammon.mk installs it for CI).
func TestGnubgCrossCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("gnubg cross-check skipped in -short mode")
	}
	if _, err := os.Stat(*gnubgPath); err != nil {
		t.Skipf("gnubg cross-check skipped: %s not found (apt-get install gnubg, or make backgammon-gnubg)", *gnubgPath)
	}
	rng := rand.New(rand.NewPCG(15, 3))
	type item struct {
		b    Board
		seat rules.Seat
		d    rules.Dice
	}
	items := make([]item, 0, *gnubgCount)
	for len(items) < *gnubgCount {
		var b Board
		switch len(items) % 4 {
		case 0, 1:
			b = playedBoard(rng)
		case 2:
			b = scatterBoard(rng, 24)
		default:
			b = scatterBoard(rng, 6)
		}
		if b[0][Off] == Checkers || b[1][Off] == Checkers {
			continue
		}
		d := rules.Dice{int8(rng.IntN(6) + 1), int8(rng.IntN(6) + 1)}
		items = append(items, item{b, rules.Seat(rng.IntN(2)), d})
	}
	dir := t.TempDir()
	var in bytes.Buffer
	for _, it := range items {
		in.WriteString(strconv.Itoa(int(it.seat)) + " " + strconv.Itoa(int(it.d[0])) + " " + strconv.Itoa(int(it.d[1])))
		for _, r := range [2]*Row{&it.b[1-it.seat], &it.b[it.seat]} {
			for p := 1; p <= 25; p++ {
				in.WriteString(" " + strconv.Itoa(int(r[p])))
			}
		}
		in.WriteByte('\n')
	}
	inPath, outPath, script := filepath.Join(dir, "in.txt"), filepath.Join(dir, "out.txt"), filepath.Join(dir, "xc.py")
	if err := os.WriteFile(inPath, in.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(script, []byte(gnubgScript), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(*gnubgPath, "-t", "-q", "-r", "-p", script)
	cmd.Env = append(os.Environ(), "XC_IN="+inPath, "XC_OUT="+outPath)
	if log, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("gnubg: %v\n%s", err, tail(log))
	}
	f, err := os.Open(outPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<22)
	n, plays, bad, textDiff := 0, 0, 0, 0
	for sc.Scan() {
		fields := strings.SplitN(sc.Text(), " ", 4)
		if len(fields) < 3 || fields[0] != "XC" {
			continue
		}
		if n >= len(items) {
			t.Fatal("gnubg answered more lines than asked")
		}
		it := items[n]
		n++
		fail := func(msg string) {
			bad++
			if bad <= 10 {
				t.Errorf("%s seat %d dice %v: %s", PositionID(&it.b, it.seat), it.seat, it.d, msg)
			}
		}
		if id := PositionID(&it.b, it.seat); id != fields[1] {
			fail("our Position ID " + id + ", gnubg's " + fields[1])
			continue
		}
		hi, lo := max(it.d[0], it.d[1]), min(it.d[0], it.d[1])
		ours := PositionID(&it.b, it.seat) + ":" + MatchID(MatchInfo{CubeOwner: 3, OnRoll: it.seat, Turn: it.seat, State: Playing, Dice: rules.Dice{hi, lo}})
		if ours != fields[2] {
			fail("our PositionID:MatchID " + ours + ", gnubg's " + fields[2])
		}
		if s, err := Decode(fields[2]); err != nil {
			fail("Decode(" + fields[2] + "): " + err.Error())
		} else if s.Board() != it.b {
			fail("Decode(" + fields[2] + ") gives another board")
		}
		want := map[string]string{}
		if len(fields) == 4 && fields[3] != "" {
			for _, p := range strings.Split(fields[3], "|") {
				id, text, _ := strings.Cut(p, "=")
				want[id] = text
			}
		}
		got := map[string]string{}
		for _, m := range Plays(&it.b, it.seat, it.d) {
			got[m.Key().String()] = m.String()
		}
		plays += len(got)
		var missing, extra []string
		for id, text := range want {
			g, ok := got[id]
			if !ok {
				missing = append(missing, text)
			} else if g != text {
				textDiff++
				if textDiff <= 5 {
					t.Errorf("%s dice %v: our text %q, gnubg's %q", PositionID(&it.b, it.seat), it.d, g, text)
				}
			}
		}
		for id, text := range got {
			if _, ok := want[id]; !ok {
				extra = append(extra, text)
			}
		}
		if len(missing)+len(extra) > 0 {
			sort.Strings(missing)
			sort.Strings(extra)
			fail("plays gnubg has and we lack: " + strings.Join(missing, ", ") + "; plays we have and gnubg lacks: " + strings.Join(extra, ", "))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n != len(items) {
		t.Fatalf("gnubg answered %d of %d positions", n, len(items))
	}
	t.Logf("gnubg cross-check: %d positions and rolls, %d plays, %d disagreements, %d text differences", n, plays, bad, textDiff)
}

func tail(b []byte) string {
	if len(b) > 2000 {
		b = b[len(b)-2000:]
	}
	return string(b)
}

// playedBoard plays random legal plays from the start for a random number of turns.
func playedBoard(rng *rand.Rand) Board {
	b := Start
	turns := rng.IntN(120)
	seat := rules.Seat(rng.IntN(2))
	for i := 0; i < turns; i++ {
		d := rules.Dice{int8(rng.IntN(6) + 1), int8(rng.IntN(6) + 1)}
		plays := Plays(&b, seat, d)
		if len(plays) > 0 {
			m := plays[rng.IntN(len(plays))]
			next := b
			apply(&next, seat, &m)
			if next[seat][Off] == Checkers {
				break
			}
			b = next
		}
		seat = 1 - seat
	}
	return b
}

// scatterBoard places each seat's checkers at random on points 1..span of its own
// numbering, the bar (sometimes) and off, never on a point the other seat holds.
func scatterBoard(rng *rand.Rand, span int) Board {
	var b Board
	for s := 0; s < 2; s++ {
		barOdds := rng.IntN(4) // 0: no checker on the bar
		for c := 0; c < Checkers; c++ {
			for {
				var p int
				switch r := rng.IntN(20); {
				case r == 0 && barOdds > 0:
					p = int(Bar)
				case r == 1:
					p = int(Off)
				default:
					p = 1 + rng.IntN(span)
				}
				if p >= 1 && p <= 24 && b[1-s][25-p] > 0 {
					continue
				}
				b[s][p]++
				break
			}
		}
	}
	return b
}
