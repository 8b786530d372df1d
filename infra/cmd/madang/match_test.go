package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	aidraughts "madang/ai/draughts"
	"madang/games"
)

// TestMain lets the test binary act as `madang` itself, so match tests can start engines.
func TestMain(m *testing.M) {
	if os.Getenv("MADANG_TEST_AS_CLI") == "1" {
		os.Exit(dispatch(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

func TestMatchTwoEngines(t *testing.T) {
	t.Setenv("MADANG_TEST_AS_CLI", "1")
	self, err := os.Executable()
	if err != nil {
		t.Skip("no executable path:", err)
	}
	for _, game := range []string{"checkers", "draughts"} {
		eng := self + " engine --game " + game + " --tt 1"
		var out, errb strings.Builder
		code := dispatch([]string{"match", "--game", game, "--a", eng, "--b", eng, "--games", "2",
			"--movetime", "5", "--max-plies", "40"}, &out, &errb)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", game, code, errb.String())
		}
		if strings.Contains(errb.String(), "forfeits") {
			t.Fatalf("%s: %s", game, errb.String())
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		var r selfplayReport
		if err := json.Unmarshal([]byte(lines[len(lines)-1]), &r); err != nil || r.Games != 2 ||
			r.AWins+r.BWins+r.Draws != 2 {
			t.Fatalf("%s: summary %q: %v", game, lines[len(lines)-1], err)
		}
	}
}

// fakehub is a test-only command: --mode error answers `go` with an error line (an engine
// that refuses); --mode log runs the real engine and appends every line it receives to
// --log; --mode late runs the real engine and holds its first `done` line back for
// --delay, once over all its runs (the file --marker records that it has been late).
func init() {
	register("fakehub", "test engine", func(args []string, stdout, stderr io.Writer) int {
		fs := flag.NewFlagSet("fakehub", flag.ContinueOnError)
		mode := fs.String("mode", "error", "")
		logf := fs.String("log", "", "")
		game := fs.String("game", "checkers", "")
		marker := fs.String("marker", "", "")
		delay := fs.Duration("delay", 0, "")
		if err := fs.Parse(args); err != nil {
			return 2
		}
		if *mode == "late" {
			fam, _ := games.Of(*game) // the family's engine, its first answer held back
			w := &lateWriter{w: stdout, marker: *marker, delay: *delay}
			return fam.Engine.Run([]string{"--game", *game, "--tt", "1"}, os.Stdin, w, stderr)
		}
		if *mode == "log" {
			f, err := os.OpenFile(*logf, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
			if err != nil {
				return 1
			}
			defer f.Close()
			fam, _ := games.Of(*game) // the family's engine, its input logged
			return fam.Engine.Run([]string{"--game", *game, "--tt", "1"}, io.TeeReader(os.Stdin, f), stdout, stderr)
		}
		sc := bufio.NewScanner(os.Stdin)
		for sc.Scan() {
			switch games.ParseHubLine(sc.Text()).Cmd {
			case "hub":
				fmt.Fprintln(stdout, "id name=fake\nwait")
			case "init":
				fmt.Fprintln(stdout, "ready")
			case "go":
				fmt.Fprintln(stdout, `error message="fake failure"`)
			case "quit":
				return 0
			}
		}
		return 0
	})
}

// An engine's error line forfeits the game at once and is reported with its message: b
// thinks 3 s once (it opens game 2), while waiting for a's timeout would take 20 s a game.
func TestMatchEngineError(t *testing.T) {
	t.Setenv("MADANG_TEST_AS_CLI", "1")
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	code, out, errs := run(t, "match", "--game", "checkers", "--a", self+" fakehub --mode error",
		"--b", self+" engine --game checkers --tt 1", "--games", "2", "--movetime", "3000")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if el := time.Since(start); el > 15*time.Second {
		t.Errorf("match took %v: the error line was not taken at once", el)
	}
	if strings.Count(errs, `a forfeits:`) != 2 || !strings.Contains(errs, `error message="fake failure"`) {
		t.Errorf("stderr %q, want two forfeits by a with the engine's message", errs)
	}
	r, _ := lastReport(t, out)
	if r.BWins != 2 || r.AWins != 0 {
		t.Errorf("summary %+v, want b to win both", r)
	}
}

// Each question gives the game's start and every move since, so the engine sees the
// repetitions: a plays seat 0 after 2 opening plies, so its k-th pos (from 0) carries
// 2+2k moves, each list extending the one before, from the start position.
func TestMatchSendsMoves(t *testing.T) {
	t.Setenv("MADANG_TEST_AS_CLI", "1")
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	logf := filepath.Join(t.TempDir(), "a.log")
	code, _, errs := run(t, "match", "--game", "checkers", "--a", self+" fakehub --mode log --log "+logf,
		"--b", self+" engine --game checkers --tt 1", "--games", "1", "--movetime", "5", "--max-plies", "24")
	if code != 0 || strings.Contains(errs, "forfeits") {
		t.Fatalf("exit %d: %s", code, errs)
	}
	data, err := os.ReadFile(logf)
	if err != nil {
		t.Fatal(err)
	}
	startPos := aidraughts.Checkers.Hub(new(aidraughts.Checkers.Start()))
	var prev []string
	k := 0
	for _, l := range strings.Split(string(data), "\n") {
		c := games.ParseHubLine(l)
		if c.Cmd != "pos" {
			continue
		}
		moves := strings.Fields(c.Args["moves"])
		if c.Args["pos"] != startPos || len(moves) != 2+2*k || !slices.Equal(moves[:len(prev)], prev) {
			t.Fatalf("pos %d: %q (previous moves %q)", k, l, prev)
		}
		prev = moves
		k++
	}
	if k != 11 {
		t.Errorf("%d pos lines, want 11 (a's moves at plies 2, 4, ..., 22)", k)
	}
}

// lateWriter passes an engine's lines on, the first `done` line of all the engine's runs
// (none has created marker yet) after delay.
type lateWriter struct {
	w      io.Writer
	marker string
	delay  time.Duration
}

func (l *lateWriter) Write(p []byte) (int, error) {
	if strings.HasPrefix(string(p), "done ") {
		if f, err := os.OpenFile(l.marker, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644); err == nil {
			f.Close()
			time.Sleep(l.delay)
		}
	}
	return l.w.Write(p)
}

// An engine that answers after the time-out forfeits that game only: its late answer
// never answers a later question. a's first answer (game 1, its first move) comes after
// 3 s against a time-out of 1.5 s, in the middle of its wait in game 2; every later
// answer comes at once. a forfeits game 1 and plays games 2 and 3 to their end. (The late `done`
// taken as a's answer in game 2, where a moves second, is an illegal move, and a's answer
// to that question then answers the next: a forfeited every game.)
func TestMatchLateAnswer(t *testing.T) {
	t.Setenv("MADANG_TEST_AS_CLI", "1")
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	marker := filepath.Join(t.TempDir(), "late")
	code, out, errs := run(t, "match", "--game", "checkers",
		"--a", self+" fakehub --mode late --delay 3s --marker "+marker,
		"--b", self+" engine --game checkers --tt 1", "--games", "3", "--open", "0",
		"--movetime", "5", "--max-plies", "20", "--timeout", "1500ms")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if _, err := os.Stat(marker); err != nil {
		t.Fatalf("a was never late: %v", err)
	}
	if strings.Count(errs, "forfeits") != 1 || !strings.Contains(errs, "game 1: a forfeits:") ||
		!strings.Contains(errs, `no "done" within 1.5s`) {
		t.Errorf("stderr %q, want a's forfeit of game 1 by its time-out and no other", errs)
	}
	if r, _ := lastReport(t, out); r.Games != 3 || r.BWins < 1 {
		t.Errorf("summary %+v", r)
	}
}

// --timeout takes a Go duration; a bad or negative one is refused with exit 2 and a
// message naming the flag, before any engine starts.
func TestMatchTimeoutFlag(t *testing.T) {
	for _, bad := range []string{"abc", "5", "-1s", "1e400s"} {
		code, out, errs := run(t, "match", "--game", "checkers", "--a", "no-such-engine", "--b", "no-such-engine",
			"--timeout", bad)
		if code != 2 || out != "" || !strings.Contains(errs, "timeout") {
			t.Errorf("--timeout %s: exit %d, stdout %q, stderr %q", bad, code, out, errs)
		}
	}
}

// match plays only the games whose family speaks the Hub protocol (checkers and draughts):
// another game is refused before any engine starts, naming those it plays, and its help
// lists only them.
func TestMatchGameWithoutHub(t *testing.T) {
	for _, game := range []string{"backgammon", "chinese-checkers", "diamond"} {
		code, out, errs := run(t, "match", "--game", game, "--a", "no-such-engine", "--b", "no-such-engine")
		if code != 2 || out != "" || !strings.Contains(errs, "no engine protocol") || !strings.Contains(errs, "match plays checkers, draughts") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", game, code, out, errs)
		}
	}
	_, _, help := run(t, "match", "-h")
	if !strings.Contains(help, "one with an engine protocol: checkers, draughts") || strings.Contains(help, "backgammon") {
		t.Errorf("match -h lists games it cannot play:\n%s", help)
	}
}

// An engine that fails to start says why on its stderr, and match passes that on, each
// line prefixed with the engine's seat: b's bad --clock is named, not only "engine exited".
func TestMatchEngineStderr(t *testing.T) {
	t.Setenv("MADANG_TEST_AS_CLI", "1")
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	code, _, errs := run(t, "match", "--game", "checkers", "--games", "2", "--movetime", "5",
		"--a", self+" engine --game checkers --tt 1", "--b", self+" engine --game checkers --tt 1 --clock bogus")
	if code != 1 || !strings.Contains(errs, "engine b: engine: unknown --clock \"bogus\" (wall or cpu)\n") ||
		!strings.Contains(errs, "engine exited") {
		t.Errorf("exit %d, stderr %q: want b's own message, prefixed with its seat", code, errs)
	}
}

// linePrefixer writes whole lines with the prefix, however the writes split them; a long
// line without its newline in pieces of 4 KB or more; a last line without newline at flush.
func TestLinePrefixer(t *testing.T) {
	var b strings.Builder
	l := &linePrefixer{w: &b, prefix: "engine a: "}
	l.Write([]byte("one\ntw"))
	l.Write([]byte("o\nthr"))
	if b.String() != "engine a: one\nengine a: two\n" {
		t.Fatalf("%q", b.String())
	}
	l.flush()
	if b.String() != "engine a: one\nengine a: two\nengine a: thr\n" {
		t.Fatalf("%q", b.String())
	}
	b.Reset()
	l.Write([]byte(strings.Repeat("x", 5000))) // not held back until its newline
	l.Write([]byte("y\n"))
	if b.String() != "engine a: "+strings.Repeat("x", 5000)+"\nengine a: y\n" {
		t.Fatalf("long line: %d bytes", b.Len())
	}
}

// The start-up handshake has --timeout, not a fixed 30 s: an engine that never says
// `wait` (cat echoes `hub`) fails within it, and the error names the time-out.
func TestMatchHandshakeTimeout(t *testing.T) {
	var out, errb strings.Builder
	begin := time.Now()
	code := dispatch([]string{"match", "--game", "checkers", "--a", "cat", "--b", "cat", "--timeout", "1s"}, &out, &errb)
	if took := time.Since(begin); code != 1 || took > 10*time.Second || !strings.Contains(errb.String(), `no "wait" within 1s`) {
		t.Errorf("exit %d after %v, stderr %q; want 1 within a few seconds, naming the 1s time-out", code, took, errb.String())
	}
}

// An engine whose Hub greeting names another game (madang engine --game draughts says
// variant=draughts) is refused before the first game of a checkers match, exit 2.
func TestMatchEngineVariant(t *testing.T) {
	t.Setenv("MADANG_TEST_AS_CLI", "1")
	self, err := os.Executable()
	if err != nil {
		t.Skip("no executable path:", err)
	}
	var out, errb strings.Builder
	code := dispatch([]string{"match", "--game", "checkers", "--a", self + " engine --game checkers --tt 1",
		"--b", self + " engine --game draughts --tt 1", "--games", "2", "--movetime", "5", "--max-plies", "20"}, &out, &errb)
	if code != 2 || out.Len() != 0 || !strings.Contains(errb.String(), "engine b") ||
		!strings.Contains(errb.String(), "variant=draughts") || !strings.Contains(errb.String(), "not checkers") {
		t.Errorf("exit %d, stdout %q, stderr %q; want 2, no game, engine b named as a draughts engine", code, out.String(), errb.String())
	}
}
