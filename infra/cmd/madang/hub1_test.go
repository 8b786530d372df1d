package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	aidraughts "madang/ai/draughts"
	rd "madang/rules/draughts"
)

// fakehub1 is a test-only Hub version 1 engine in the manner of Scan 2.0: `hub` gets
// `name`, `author` and `wait`; `pos <board>` sets the board, `move <m>` plays a move,
// `go` answers `move <m>` with the first legal move (with --slow only once `stop` comes;
// with --late FILE the first `go` of all its runs, the one that creates FILE, after
// --delay, deaf to `stop`). Every line it receives goes to --log.
func init() {
	register("fakehub1", "test engine (Hub 1)", func(args []string, stdout, stderr io.Writer) int {
		fs := flag.NewFlagSet("fakehub1", flag.ContinueOnError)
		logf := fs.String("log", "", "")
		slow := fs.Bool("slow", false, "")
		late := fs.String("late", "", "")
		delay := fs.Duration("delay", 0, "")
		if err := fs.Parse(args); err != nil {
			return 2
		}
		f, err := os.OpenFile(*logf, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			return 1
		}
		defer f.Close()
		v := aidraughts.Draughts
		var p rd.Position
		var l rd.MoveList
		waiting := false
		answer := func() {
			p.Generate(&l)
			fmt.Fprintln(stdout, "move "+v.HubMove(l.Moves[0]))
		}
		sc := bufio.NewScanner(os.Stdin)
		for sc.Scan() {
			line := sc.Text()
			fmt.Fprintln(f, line)
			fields := strings.Fields(line)
			if len(fields) == 0 {
				continue
			}
			switch fields[0] {
			case "hub":
				fmt.Fprintln(stdout, "name Fake 1\nauthor nobody\nwait")
			case "init":
				fmt.Fprintln(stdout, "ready")
			case "pos":
				if p, err = v.ParseHub(fields[1]); err != nil {
					fmt.Fprintln(stdout, "error bad position")
				}
			case "move":
				m, err := v.ParseMove(&p, fields[1])
				if err != nil {
					fmt.Fprintln(stdout, "error illegal move")
					continue
				}
				p = p.Apply(m)
			case "go":
				if *late != "" {
					if f, err := os.OpenFile(*late, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644); err == nil {
						f.Close()
						time.Sleep(*delay)
						answer()
						continue
					}
				}
				if *slow {
					waiting = true
					continue
				}
				answer()
			case "stop":
				if waiting {
					waiting = false
					answer()
				}
			case "quit":
				return 0
			}
		}
		return 0
	})
}

// madang match finds a Hub 1 engine by its handshake and speaks version 1 to it: the
// board with the side to move in lower case, each move of the game on its own `move`
// line, the move time in ms, `go`; an engine that overruns the move time is told `stop`.
func TestMatchHub1(t *testing.T) {
	t.Setenv("MADANG_TEST_AS_CLI", "1")
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, slow := range []bool{false, true} {
		logf := filepath.Join(t.TempDir(), "a.log")
		a := self + " fakehub1 --log " + logf
		if slow {
			a += " --slow"
		}
		code, out, errs := run(t, "match", "--game", "draughts", "--a", a, "--a-depth", "8",
			"--b", self+" engine --game draughts --tt 1", "--games", "2", "--movetime", "20", "--max-plies", "16")
		if code != 0 || strings.Contains(errs, "forfeits") {
			t.Fatalf("slow %v: exit %d: %s", slow, code, errs)
		}
		if r, _ := lastReport(t, out); r.Games != 2 {
			t.Errorf("slow %v: summary %+v", slow, r)
		}
		data, err := os.ReadFile(logf)
		if err != nil {
			t.Fatal(err)
		}
		log := string(data)
		start := aidraughts.Draughts.Hub(new(aidraughts.Draughts.Start()))
		wantPos := "pos " + strings.ToLower(start[:1]) + start[1:]
		for _, want := range []string{"new\n", wantPos + "\n", "depth 8\ntime 20\ngo\n", "\nmove "} {
			if !strings.Contains(log, want) {
				t.Errorf("slow %v: the engine never got %q:\n%s", slow, want, log)
			}
		}
		if strings.Contains(log, "pos=") || strings.Contains(log, "new-game") {
			t.Errorf("slow %v: Hub 2 lines sent to a Hub 1 engine:\n%s", slow, log)
		}
		if slow != strings.Contains(log, "stop\n") {
			t.Errorf("slow %v: stop sent %v", slow, strings.Contains(log, "stop\n"))
		}
	}
}

// A late answer waiting in the pipe is dropped before the next question.
func TestHubDrain(t *testing.T) {
	h := &hubProc{name: "late", lines: make(chan string, 4)}
	h.lines <- "move 32-28"
	h.lines <- "info depth=3"
	h.drain()
	if len(h.lines) != 0 {
		t.Fatalf("%d lines left", len(h.lines))
	}
	h.lines <- "move 33-29"
	if l, err := h.expect("move ", time.Second); err != nil || l != "move 33-29" {
		t.Errorf("after drain: %q %v", l, err)
	}
}

// A Hub 1 engine that answers after the time-out (here deaf to `stop` for 3 s, against
// --timeout 1.5s after it) forfeits that game only, as a Hub 2 engine does
// (TestMatchLateAnswer): its late `move` never answers a question of games 2 and 3.
func TestMatchHub1LateAnswer(t *testing.T) {
	t.Setenv("MADANG_TEST_AS_CLI", "1")
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	marker := filepath.Join(dir, "late")
	a := self + " fakehub1 --log " + filepath.Join(dir, "a.log") + " --late " + marker + " --delay 3s"
	code, out, errs := run(t, "match", "--game", "draughts", "--a", a,
		"--b", self+" engine --game draughts --tt 1", "--games", "3", "--open", "0",
		"--movetime", "20", "--max-plies", "16", "--timeout", "1500ms")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if _, err := os.Stat(marker); err != nil {
		t.Fatalf("a was never late: %v", err)
	}
	if strings.Count(errs, "forfeits") != 1 || !strings.Contains(errs, "game 1: a forfeits:") ||
		!strings.Contains(errs, `no "move " within 1.5s`) {
		t.Errorf("stderr %q, want a's forfeit of game 1 by its time-out and no other", errs)
	}
	if r, _ := lastReport(t, out); r.Games != 3 {
		t.Errorf("summary %+v", r)
	}
}
