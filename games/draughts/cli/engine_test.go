//go:build !js

package cli

import (
	"bufio"
	"io"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	aidraughts "madang/ai/draughts"
	"madang/games"
)

// A Hub session as the protocol's own example runs it: handshake, a position with moves,
// a depth-limited search, ping during a timed search, stop, quit.
func TestHubSession(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	h := newHub(aidraughts.Draughts, 4, outW)
	finished := make(chan struct{})
	go func() { h.run(inR); outW.Close(); close(finished) }()
	out := bufio.NewScanner(outR)
	send := func(s string) { io.WriteString(inW, s+"\n") }
	expect := func(prefix string) string {
		t.Helper()
		for out.Scan() {
			if strings.HasPrefix(out.Text(), prefix) {
				return out.Text()
			}
		}
		t.Fatalf("no %q line", prefix)
		return ""
	}
	send("hub")
	expect("id name=madang")
	expect("wait")
	send("init")
	expect("ready")
	start := "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww"
	send("pos pos=" + start + ` moves="32-28 19-23 28x19"`)
	send("level depth=4")
	send("go think")
	done := expect("done move=")
	// Black must retake on 19 (14x23 or 13x24): 28x19 took the man on 23.
	p, _ := aidraughts.Draughts.ParseHub(start)
	for _, m := range []string{"32-28", "19-23", "28x19"} {
		mv, err := aidraughts.Draughts.ParseMove(&p, m)
		if err != nil {
			t.Fatal(err)
		}
		p = p.Apply(mv)
	}
	move := strings.Fields(strings.TrimPrefix(done, "done move="))[0]
	mv, err := aidraughts.Draughts.ParseMove(&p, move)
	if err != nil || !mv.IsCapture() {
		t.Fatalf("%s: not the forced recapture (%v)", done, err)
	}
	send("pos pos=" + start)
	send("level move-time=30")
	send("go think")
	send("ping")
	expect("pong")
	t0 := time.Now()
	send("stop")
	expect("done move=")
	if el := time.Since(t0); el > 5*time.Second {
		t.Fatalf("stop took %v", el)
	}
	send("pos pos=Xbad")
	expect("error message=")
	send("quit")
	select {
	case <-finished:
	case <-time.After(5 * time.Second):
		t.Fatal("quit did not end the session")
	}
	inW.Close()
}

// engine --depth: the GUI's time level is replaced by the fixed depth, so the last info
// line of a search is at that depth.
func TestHubFixedDepth(t *testing.T) {
	var out strings.Builder
	h := newHub(aidraughts.Draughts.WithWeights(nil), 1, &out)
	h.fixedDepth = 3
	h.run(strings.NewReader("hub\ninit\nlevel move-time=30\ngo think\nquit\n"))
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	var last string
	for _, l := range lines {
		if strings.HasPrefix(l, "info depth=") {
			last = l
		}
	}
	if !strings.HasPrefix(last, "info depth=3 ") || !strings.HasPrefix(lines[len(lines)-1], "done move=") {
		t.Fatalf("fixed depth 3: last info %q, output %q", last, lines)
	}
	// engine --depth holds before any level line too (not the default move time).
	out.Reset()
	if code := runEngine([]string{"--game", "checkers", "--tt", "1", "--depth", "2"},
		strings.NewReader("go think\nquit\n"), &out, io.Discard); code != 0 {
		t.Fatalf("exit %d", code)
	}
	lines = strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) < 2 || !strings.HasPrefix(lines[len(lines)-2], "info depth=2 ") {
		t.Fatalf("--depth 2 without level: %q", lines)
	}
}

// runHub runs one engine session in-process on the given input to its end and returns
// the output lines.
func runHub(t *testing.T, v *aidraughts.Variant, input string) []string {
	t.Helper()
	var out strings.Builder
	h := newHub(v, 1, &out)
	finished := make(chan struct{})
	go func() { h.run(strings.NewReader(input)); close(finished) }()
	select {
	case <-finished:
	case <-time.After(20 * time.Second):
		t.Fatalf("the session on %q did not end", input)
	}
	return strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
}

// quit or the end of input right after go think still ends the search and prints its
// done line, last. A bounded search runs to its limit (its last info
// line is at the depth asked); an unbounded one stops at once with a legal move. Looped:
// the fault was a race between the search and the next input line.
func TestHubQuitAfterGo(t *testing.T) {
	start := "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww"
	for i := range 24 {
		for _, tail := range []string{"quit\n", "", "quit\nping\ngo think\n"} {
			for _, level := range []string{"level depth=3\n", "level infinite\n"} {
				in := "init\npos pos=" + start + "\n" + level + "go think\n" + tail
				lines := runHub(t, aidraughts.Draughts, in)
				last := lines[len(lines)-1]
				if !strings.HasPrefix(last, "done move=") {
					t.Fatalf("run %d on %q: last line %q, want done (output %q)", i, in, last, lines)
				}
				dones := 0
				depth := ""
				for _, l := range lines {
					if strings.HasPrefix(l, "done") {
						dones++
					}
					if f := strings.Fields(l); len(f) > 1 && f[0] == "info" {
						depth = f[1]
					}
				}
				if dones != 1 {
					t.Fatalf("run %d on %q: %d done lines, want 1 (%q)", i, in, dones, lines)
				}
				if level == "level depth=3\n" && depth != "depth=3" {
					t.Fatalf("run %d on %q: last info at %q, want the search finished at depth=3", i, in, depth)
				}
				p, _ := aidraughts.Draughts.ParseHub(start)
				move := strings.Fields(strings.TrimPrefix(last, "done move="))[0]
				if _, err := aidraughts.Draughts.ParseMove(&p, move); err != nil {
					t.Fatalf("run %d: %q is not a legal first move: %v", i, last, err)
				}
			}
		}
	}
}

// After a refused pos, go answers error (it must not search the previous position) until
// a valid pos arrives.
func TestHubGoAfterRefusedPos(t *testing.T) {
	start := "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww"
	for _, bad := range []string{
		"pos pos=Xbad",
		"pos pos=" + start + ` moves="32-28 99-1"`, // a readable position, an illegal move
		"pos pos=" + start + ` moves="32-28 32-28"`,
	} {
		in := "level depth=2\npos pos=" + start + "\n" + bad + "\ngo think\nping\ngo think\nping\n" +
			"pos pos=" + start + ` moves="32-28"` + "\ngo think\nquit\n"
		lines := runHub(t, aidraughts.Draughts, in)
		var got []string
		for _, l := range lines {
			if !strings.HasPrefix(l, "info") {
				got = append(got, strings.Fields(l)[0])
			}
		}
		want := "error error pong error pong done"
		if strings.Join(got, " ") != want {
			t.Fatalf("%s: replies %q, want %q (%q)", bad, got, want, lines)
		}
		// The answer is for the valid position: Black's move after 32-28.
		p, _ := aidraughts.Draughts.ParseHub(start)
		m, _ := aidraughts.Draughts.ParseMove(&p, "32-28")
		p = p.Apply(m)
		last := lines[len(lines)-1]
		if _, err := aidraughts.Draughts.ParseMove(&p, strings.Fields(strings.TrimPrefix(last, "done move="))[0]); err != nil {
			t.Fatalf("%s: %q is not Black's move after 32-28: %v", bad, last, err)
		}
	}
}

// Commands that arrive during a search (pos, level, go, new-game) are queued and handled
// in order once the search ends; stop and ping act at once. Every go gets exactly one done,
// for the position set before it. The second pos/level/go are sent while an unbounded
// search runs, and ping's pong proves they were read before stop ends it.
func TestHubQueuesCommandsDuringSearch(t *testing.T) {
	start := "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww"
	for _, tail := range []string{"", "quit\n"} {
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		h := newHub(aidraughts.Draughts, 1, outW)
		go func() { h.run(inR); outW.Close() }()
		var lines []string
		got := make(chan struct{})
		go func() {
			sc := bufio.NewScanner(outR)
			for sc.Scan() {
				lines = append(lines, sc.Text())
				if sc.Text() == "pong" {
					got <- struct{}{}
				}
			}
			close(got)
		}()
		send := func(s string) { io.WriteString(inW, s) }
		send("pos pos=" + start + "\nlevel infinite\ngo think\n")
		send("new-game\npos pos=" + start + " moves=\"32-28\"\nlevel depth=2\ngo think\nping\n")
		select {
		case <-got:
		case <-time.After(10 * time.Second):
			t.Fatal("no pong during the search")
		}
		send("stop\n" + tail)
		inW.Close()
		for range got {
		}
		var dones []string
		for _, l := range lines {
			if strings.HasPrefix(l, "done") {
				dones = append(dones, l)
			}
		}
		if len(dones) != 2 {
			t.Fatalf("tail %q: %d done lines for two go, want 2: %q", tail, len(dones), lines)
		}
		move := func(d string) string { return strings.Fields(strings.TrimPrefix(d, "done move="))[0] }
		p, _ := aidraughts.Draughts.ParseHub(start)
		if _, err := aidraughts.Draughts.ParseMove(&p, move(dones[0])); err != nil {
			t.Fatalf("%q is not White's first move: %v", dones[0], err)
		}
		m, _ := aidraughts.Draughts.ParseMove(&p, "32-28")
		p = p.Apply(m)
		if _, err := aidraughts.Draughts.ParseMove(&p, move(dones[1])); err != nil {
			t.Fatalf("%q is not Black's move after 32-28: %v", dones[1], err)
		}
	}
}

// A refused pos is one clean protocol line: the reason once, no escaped line breaks.
func TestHubErrorLine(t *testing.T) {
	lines := runHub(t, aidraughts.Draughts, "pos pos=garbage\nquit\n")
	want := `error message="draughts: bad notation: Hub position needs 51 characters: \"garbage\""`
	if len(lines) != 1 || lines[0] != want {
		t.Fatalf("got %q, want %q", lines, want)
	}
}

// engine --clock cpu: the time levels read the hub's clock (here a fake one that moves a
// millisecond a look), not the wall clock; an unknown clock is refused.
func TestHubClock(t *testing.T) {
	var out strings.Builder
	h := newHub(aidraughts.Checkers, 1, &out)
	looks := 0
	var mu sync.Mutex
	h.now = func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		looks++
		return time.Unix(0, int64(looks)*int64(time.Millisecond))
	}
	h.run(strings.NewReader("hub\ninit\nlevel move-time=0.02\ngo think\nquit\n"))
	if !strings.Contains(out.String(), "done move=") {
		t.Fatalf("no done line: %q", out.String())
	}
	mu.Lock()
	defer mu.Unlock()
	if looks < 20 {
		t.Fatalf("the search looked at the hub's clock %d times, want at least 20 (its 20 ms)", looks)
	}
	var errOut strings.Builder
	if code := runEngine([]string{"--game", "checkers", "--clock", "sundial"}, strings.NewReader(""), io.Discard, &errOut); code != 2 {
		t.Fatalf("--clock sundial: exit %d, want 2 (%s)", code, errOut.String())
	}
}

// processCPU advances while the process computes.
func TestProcessCPU(t *testing.T) {
	t0, ok := processCPU()
	if !ok {
		t.Skip("no process CPU clock on this system")
	}
	deadline := time.Now().Add(10 * time.Second)
	x := uint64(1)
	for i := 1; ; i++ {
		x = x*6364136223846793005 + 1442695040888963407
		if i%100000 != 0 {
			continue
		}
		if d, _ := processCPU(); d > t0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the CPU clock stood at %v for 10 s of computing (x %d)", t0, x)
		}
	}
}

// A bad level line is refused with an error line and keeps the limits set before it:
// depth 2 here, so go think ends with a last info at depth 2 (not a search without any
// limit, which only stop would end). Good lines are taken without an answer.
func TestHubBadLevel(t *testing.T) {
	start := "W" + strings.Repeat("b", 12) + strings.Repeat("e", 8) + strings.Repeat("w", 12)
	for _, bad := range []string{"level depth=-3", "level move-time=abc", "level move-time=-1",
		"level time=abc", "level depth=0", "level depth=2.5", "level move-time=0", "level move-time=NaN",
		"level time=1e300", "level moves=-2 time=10", "level time=10 inc=x", "level", "level handicap=2",
		"level depth=" + strings.Repeat("9", 500)} {
		in := "init\npos pos=" + start + "\nlevel depth=2\n" + bad + "\ngo think\nquit\n"
		lines := runHub(t, aidraughts.Checkers, in)
		var replies []string
		depth := ""
		for _, l := range lines {
			f := strings.Fields(l)
			if f[0] == "info" {
				depth = f[1]
				continue
			}
			replies = append(replies, f[0])
		}
		if strings.Join(replies, " ") != "ready error done" || depth != "depth=2" ||
			!strings.HasPrefix(lines[1], `error message="level: `) {
			t.Errorf("%q: replies %q, last info at %q, want ready, error, done at depth 2 (%q)", bad, replies, depth, lines)
		}
		if len(lines[1]) > 200 {
			t.Errorf("%q: error line of %d bytes", bad[:20], len(lines[1]))
		}
	}
	for _, good := range []string{"level depth=3", "level move-time=0.01", "level time=0.3",
		"level moves=5 time=0.1 inc=0.01", "level time=0"} {
		lines := runHub(t, aidraughts.Checkers, "pos pos="+start+"\n"+good+"\ngo think\nquit\n")
		if last := lines[len(lines)-1]; len(lines) < 1 || !strings.HasPrefix(last, "done move=") ||
			strings.Contains(strings.Join(lines, "\n"), "error") {
			t.Errorf("%q: %q", good, lines)
		}
	}
}

// go think before any level line searches for a default time (defaultMoveTime), not
// until stop: its done comes without stop.
func TestHubGoWithoutLevel(t *testing.T) {
	inR, inW := io.Pipe()
	var out strings.Builder
	var mu sync.Mutex
	h := newHub(aidraughts.Checkers, 1, writerFunc(func(p []byte) (int, error) {
		mu.Lock()
		defer mu.Unlock()
		return out.Write(p)
	}))
	// the hub's clock moves a millisecond a look, so the default second ends after 1,000
	// looks however busy the machine; the deadline below only guards against a hang
	var looks int64
	h.now = func() time.Time { return time.Unix(0, atomic.AddInt64(&looks, 1)*int64(time.Millisecond)) }
	finished := make(chan struct{})
	go func() { h.run(inR); close(finished) }()
	io.WriteString(inW, "init\ngo think\n")
	deadline := time.Now().Add(60 * time.Second)
	for {
		mu.Lock()
		got := out.String()
		mu.Unlock()
		if strings.Contains(got, "done move=") {
			break
		}
		if time.Now().After(deadline) {
			inW.Close()
			<-finished
			t.Fatalf("no done after go think without level (%d looks at the clock): %q", atomic.LoadInt64(&looks), got)
		}
		time.Sleep(10 * time.Millisecond)
	}
	inW.Close()
	<-finished
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// An input line longer than maxLine is answered by an error line and the session goes on
// (it used to end without a word); the error about a long line under the limit does not
// echo it back whole.
func TestHubLongLine(t *testing.T) {
	in := "pos pos=" + strings.Repeat("x", 2_000_000) + "\nping\n" +
		"pos pos=" + strings.Repeat("b", 500_000) + "\nping\n" +
		"pos pos=W" + strings.Repeat("e", 32) + ` moves="` + strings.Repeat("9", 300_000) + `"` + "\nping\nquit\n"
	lines := runHub(t, aidraughts.Checkers, in)
	if len(lines) != 6 || lines[1] != "pong" || lines[3] != "pong" || lines[5] != "pong" ||
		lines[0] != `error message="line of 2000008 bytes skipped: the limit is 1048576"` {
		t.Fatalf("replies %.300q", lines)
	}
	for _, l := range []string{lines[2], lines[4]} {
		if !strings.HasPrefix(l, "error message=") || len(l) > 300 || !strings.Contains(l, "…") {
			t.Errorf("error line of %d bytes: %.300q", len(l), l)
		}
	}
}

// readLines: line ends \n and \r\n, a last line without one, a line at the limit kept,
// one byte more skipped (also when it is the last, without \n), reading going on after it.
func TestReadLines(t *testing.T) {
	const max = 70_000 // above the reader's 64 KB buffer: the long lines come in pieces
	at, over := strings.Repeat("a", max), strings.Repeat("b", max+1)
	in := "ping\r\n" + at + "\n" + over + "\nstop\n" + over
	lines := make(chan games.HubLine)
	go readLines(strings.NewReader(in), max, lines)
	var got []string
	for l := range lines {
		got = append(got, l.Cmd+" "+l.Args["bytes"])
	}
	want := []string{"ping ", at + " ", lineTooLong + " 70001", "stop ", lineTooLong + " 70001"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %d lines %.200q", len(got), got)
	}
}

// Arguments after the flags are refused (exit 2, the first named), as the backgammon engine
// does: they were ignored.
func TestEngineExtraArgs(t *testing.T) {
	var errOut strings.Builder
	if code := runEngine([]string{"--game", "checkers", "extra", "args"}, strings.NewReader(""), io.Discard, &errOut); code != 2 || !strings.Contains(errOut.String(), "unexpected argument extra") {
		t.Fatalf("extra arguments: exit %d (%s), want 2 naming the first", code, errOut.String())
	}
}

// set-param takes the two parameters the hub line announces, within their range, and
// answers anything else with an error line that changes nothing: the next go still
// searches with the engine's own game.
func TestHubSetParam(t *testing.T) {
	start := "W" + strings.Repeat("b", 12) + strings.Repeat("e", 8) + strings.Repeat("w", 12)
	for _, c := range []struct {
		line, err string
	}{
		{"set-param name=tt-size value=0", "tt-size must be"},
		{"set-param name=tt-size value=4097", "tt-size must be"},
		{"set-param name=tt-size value=abc", "tt-size must be"},
		{"set-param name=tt-size", "tt-size must be"},
		{"set-param name=variant value=draughts", "plays variant checkers only"},
		{"set-param name=hash value=16", `unknown parameter \"hash\"`},
		{"set-param", `unknown parameter \"\"`},
		{"set-param name=tt-size value=2", ""},
		{"set-param name=variant value=checkers", ""},
	} {
		for _, order := range []string{"before init", "after init"} {
			in := c.line + "\ninit\n"
			if order == "after init" {
				in = "init\n" + c.line + "\n"
			}
			lines := runHub(t, aidraughts.Checkers, in+"pos pos="+start+"\nlevel depth=2\ngo think\nquit\n")
			var errs []string
			for _, l := range lines {
				if strings.HasPrefix(l, "error ") {
					errs = append(errs, l)
				}
			}
			switch last := lines[len(lines)-1]; {
			case !strings.HasPrefix(last, "done move="):
				t.Errorf("%q %s: the search did not answer: %q", c.line, order, lines)
			case c.err == "" && len(errs) > 0:
				t.Errorf("%q %s: refused: %q", c.line, order, errs)
			case c.err != "" && (len(errs) != 1 || !strings.Contains(errs[0], c.err)):
				t.Errorf("%q %s: errors %q, want one with %q", c.line, order, errs, c.err)
			}
		}
	}
	// A new tt-size after init makes the table anew, at that size; the same size keeps it.
	var out strings.Builder
	h := newHub(aidraughts.Checkers, 1, &out)
	h.run(strings.NewReader("init\n"))
	first := h.s
	h.run(strings.NewReader("set-param name=tt-size value=3\ninit\n"))
	if h.ttMB != 3 || h.s == nil || h.s == first {
		t.Fatalf("after init, set-param tt-size 3 and init: ttMB %d, searcher made anew %v", h.ttMB, h.s != first)
	}
	second := h.s
	h.run(strings.NewReader("set-param name=tt-size value=3\ninit\n"))
	if h.s != second {
		t.Errorf("set-param of the size in use made the table anew")
	}
}
