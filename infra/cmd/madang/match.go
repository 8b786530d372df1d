package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"time"

	aidraughts "madang/ai/draughts"
	"madang/rules"
)

func init() {
	register("match", "play two Hub protocol engines against each other (e.g. madang vs Scan)", runMatch)
}

// hubProc is an engine process spoken to over the Hub protocol.
type hubProc struct {
	name  string
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
}

func startHub(cmdline string) (*hubProc, error) {
	f := strings.Fields(cmdline)
	if len(f) == 0 {
		return nil, errors.New("empty engine command")
	}
	cmd := exec.Command(f[0], f[1:]...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	h := &hubProc{name: cmdline, cmd: cmd, in: in, lines: make(chan string, 256)}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			h.lines <- sc.Text()
		}
		close(h.lines)
	}()
	return h, nil
}

func (h *hubProc) send(s string) error {
	_, err := io.WriteString(h.in, s+"\n")
	return err
}

// expect reads lines until one starts with prefix.
func (h *hubProc) expect(prefix string, timeout time.Duration) (string, error) {
	t := time.NewTimer(timeout)
	defer t.Stop()
	for {
		select {
		case l, ok := <-h.lines:
			if !ok {
				return "", fmt.Errorf("%s: engine exited", h.name)
			}
			if strings.HasPrefix(l, prefix) {
				return l, nil
			}
		case <-t.C:
			return "", fmt.Errorf("%s: no %q within %v", h.name, prefix, timeout)
		}
	}
}

func (h *hubProc) stop() {
	h.send("quit")
	h.in.Close()
	done := make(chan struct{})
	go func() { h.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(3 * time.Second):
		h.cmd.Process.Kill()
	}
}

// runMatch: madang match --game G --a "CMD" --b "CMD" [--games N] [--movetime MS]
// [--open K] [--seed S] [--max-plies P]. Each command starts a Hub engine ("madang engine
// --game draughts", "scan hub"); games alternate colours, each pair from the same random
// opening plies; the rules adjudicate. One line per game, then the JSON summary.
func runMatch(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	fs.SetOutput(stderr)
	game := fs.String("game", "draughts", "game id: draughts or checkers")
	ca := fs.String("a", "", "command of engine a")
	cb := fs.String("b", "", "command of engine b")
	n := fs.Int("games", 2, "number of games")
	movetime := fs.Int("movetime", 1000, "time per move in ms")
	open := fs.Int("open", 2, "random opening plies, shared by each pair of games")
	seed := fs.Int64("seed", 1, "seed of the openings")
	maxPlies := fs.Int("max-plies", 400, "plies after which a game counts as a draw")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	g, ok := rules.Lookup(*game)
	if _, vok := aidraughts.VariantByID(*game); !ok || !vok {
		fmt.Fprintf(stderr, "match: unknown game %q (draughts or checkers)\n", *game)
		return 2
	}
	if *ca == "" || *cb == "" || *n < 1 || *movetime < 1 || *open < 0 || *maxPlies < 1 {
		fmt.Fprintln(stderr, "match: --a and --b are required; --games, --movetime, --max-plies positive")
		return 2
	}
	var procs [2]*hubProc
	for i, c := range []string{*ca, *cb} {
		p, err := startHub(c)
		if err != nil {
			fmt.Fprintf(stderr, "match: start %q: %v\n", c, err)
			return 1
		}
		defer p.stop()
		p.send("hub")
		if _, err := p.expect("wait", 30*time.Second); err != nil {
			fmt.Fprintln(stderr, "match:", err)
			return 1
		}
		p.send("init")
		if _, err := p.expect("ready", 120*time.Second); err != nil {
			fmt.Fprintln(stderr, "match:", err)
			return 1
		}
		procs[i] = p
	}
	secs := strconv.FormatFloat(float64(*movetime)/1000, 'f', 3, 64)
	series{game: g, games: *n, seed: *seed, open: *open, maxPlies: *maxPlies,
		newGame: func(int) {
			for _, p := range procs {
				p.send("new-game")
			}
		},
		choose: func(_, who int, st rules.State) (rules.Move, error) {
			p := procs[who]
			pos, err := aidraughts.HubPosition(st)
			if err != nil {
				return nil, err
			}
			p.send("pos pos=" + pos)
			p.send("level move-time=" + secs)
			p.send("go think")
			line, err := p.expect("done", time.Duration(*movetime)*time.Millisecond*5+5*time.Second)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", p.name, err)
			}
			return aidraughts.RulesMove(st, parseHubLine(line).args["move"])
		},
	}.play("match", stdout, stderr)
	return 0
}
