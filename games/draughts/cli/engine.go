//go:build !js

package cli

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"madang/ai"
	aidraughts "madang/ai/draughts"
	"madang/games"
	"madang/games/draughts"
	rd "madang/rules/draughts"
)

// runEngine: madang engine [--game draughts|checkers] [--tt MB]: a Hub protocol engine
// (the protocol of Scan 3.x and the Hub GUI, version 2) on in and stdout (games.Engine).
func runEngine(args []string, in io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("engine", flag.ContinueOnError)
	fs.SetOutput(stderr)
	game := fs.String("game", rd.International.ID, "game id: draughts or checkers (Hub protocol)"+otherEngines())
	tt := fs.Int("tt", 64, "transposition table size in MB")
	eg := egdbFlag(fs)
	eval := fs.String("eval", "default", "evaluation: default (the variant's own: learned in checkers, seven eighths learned and an eighth hand-made in draughts), learned (the shipped weights alone), classic (the hand-made one) or file:PATH (weights of madang train-eval, alone); --mix blends")
	mix := fs.Int("mix", -1, "with weights: the learned score's share of the evaluation in 1/256, the rest the hand-made one's (-1: the variant's own)")
	fixed := fs.Int("depth", 0, "search every move to this many plies, whatever level the GUI sets (0: the GUI's level)")
	clock := fs.String("clock", "wall", "clock of the GUI's time levels: wall (the wall clock) or cpu (the CPU time of the engine's process, as Cake's clock(): a match on a loaded machine then gives both engines the same CPU time)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 0 {
		fmt.Fprintln(stderr, "engine: unexpected argument", fs.Arg(0))
		return 2
	}
	if err := loadEgdb(*eg, stderr); err != nil {
		fmt.Fprintln(stderr, "engine:", err)
		return 1
	}
	v, ok := aidraughts.VariantByID(*game)
	if !ok {
		fmt.Fprintf(stderr, "engine: unknown game %q (draughts or checkers)\n", *game)
		return 2
	}
	switch {
	case *eval == "default":
	case *eval == "learned":
		if v.Trained() == nil {
			fmt.Fprintln(stderr, "engine: no shipped weights for", *game)
			return 2
		}
		v = v.WithWeights(v.Trained()).WithMix(aidraughts.MixUnit)
	case *eval == "classic":
		v = v.WithWeights(nil)
	case strings.HasPrefix(*eval, "file:"):
		data, err := os.ReadFile(strings.TrimPrefix(*eval, "file:"))
		if err == nil {
			var w *aidraughts.Weights
			if w, err = v.UnmarshalWeights(data); err == nil {
				v = v.WithWeights(w).WithMix(aidraughts.MixUnit)
			}
		}
		if err != nil {
			fmt.Fprintln(stderr, "engine:", err)
			return 2
		}
	default:
		fmt.Fprintf(stderr, "engine: unknown --eval %q (default, learned, classic or file:PATH)\n", *eval)
		return 2
	}
	if *mix > aidraughts.MixUnit || *mix < -1 {
		fmt.Fprintf(stderr, "engine: --mix must be 0..%d (or -1)\n", aidraughts.MixUnit)
		return 2
	}
	if *mix >= 0 {
		v = v.WithMix(*mix)
	}
	if *fixed < 0 {
		fmt.Fprintln(stderr, "engine: --depth must not be negative")
		return 2
	}
	if *tt < 1 || *tt > 4096 {
		fmt.Fprintln(stderr, "engine: --tt must be 1..4096")
		return 2
	}
	h := newHub(v, *tt, stdout)
	if *fixed > 0 {
		h.fixedDepth = *fixed
		h.limits, h.depth = ai.Budget{}, *fixed // also before any level line
	}
	switch *clock {
	case "wall":
	case "cpu":
		if _, ok := processCPU(); !ok {
			fmt.Fprintln(stderr, "engine: --clock cpu: no process CPU clock on this system")
			return 2
		}
		h.now = cpuNow
	default:
		fmt.Fprintf(stderr, "engine: unknown --clock %q (wall or cpu)\n", *clock)
		return 2
	}
	h.run(in)
	return 0
}

type hub struct {
	v      *aidraughts.Variant
	ttMB   int
	s      *aidraughts.Searcher
	mu     sync.Mutex // guards out
	out    io.Writer
	pos    rd.Position
	hist   []uint64 // positions since the last irreversible move, before pos
	rev    int
	limits ai.Budget
	depth  int
	// fixedDepth > 0 replaces every level the GUI sets by a search to this depth
	// (engine --depth, for fixed-depth matches).
	fixedDepth int
	badPos     error // the last pos command's error; go is refused until a valid pos
	// now is the clock of the time levels (engine --clock); nil: the wall clock.
	now func() time.Time
}

// cpuNow is the process's CPU time (processCPU) as a time.Time, for ai.NewControlClock.
func cpuNow() time.Time {
	d, _ := processCPU()
	return time.Unix(0, int64(d))
}

// defaultMoveTime is the limit of a search before any level line: the protocol sends
// one before each search but sets no default, and a search without a limit would not
// end before stop.
const defaultMoveTime = time.Second

func newHub(v *aidraughts.Variant, ttMB int, out io.Writer) *hub {
	return &hub{v: v, ttMB: ttMB, out: out, pos: v.Start(), limits: ai.Budget{Time: defaultMoveTime}}
}

func (h *hub) send(line string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	io.WriteString(h.out, line+"\n")
}

// maxLine is the longest input line the engine reads (a pos line of a long game is a few
// KB); a longer one is skipped and answered by an error line (lineTooLong).
const maxLine = 1 << 20

// lineTooLong is the command of an input line longer than maxLine, its length the
// argument "bytes": no command read from input can hold a space.
const lineTooLong = "line too long"

// readLines sends in's lines to lines, without their line ends (\n or \r\n), then closes
// it at the end of input (a last line without \n included) or at a read error. A line
// longer than max is not kept: its place gets a line holding only lineTooLong and its
// length, and reading goes on after its end.
func readLines(in io.Reader, max int, lines chan<- games.HubLine) {
	defer close(lines)
	r := bufio.NewReaderSize(in, 64*1024)
	var line []byte
	n := 0 // the line's length so far, kept or not
	for {
		chunk, err := r.ReadSlice('\n')
		n += len(chunk)
		if n <= max+1 { // its \n included
			line = append(line, chunk...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil && n == 0 {
			return
		}
		size := n // without the \n
		if err == nil {
			size--
		}
		switch end := bytes.TrimSuffix(bytes.TrimSuffix(line, []byte("\n")), []byte("\r")); {
		case n > len(line) || len(end) > max:
			lines <- games.HubLine{Cmd: lineTooLong, Args: map[string]string{"bytes": strconv.Itoa(size)}}
		default:
			lines <- games.ParseHubLine(string(end))
		}
		if err != nil {
			return
		}
		line, n = line[:0], 0
	}
}

// sendError answers an `error message="..."` line; a message longer than 300 characters
// (one that would echo a long input) is cut there, with "…".
func (h *hub) sendError(msg string) {
	if r := []rune(msg); len(r) > 300 {
		msg = string(r[:300]) + "…"
	}
	h.send(fmt.Sprintf("error message=%q", msg))
}

func (h *hub) run(in io.Reader) {
	lines := make(chan games.HubLine)
	go readLines(in, maxLine, lines)
	// The search runs in its own goroutine and hands its "done" line back, so that the
	// loop prints it only once it has left the searching state: the GUI's next command
	// then always finds the engine idle. Commands that arrive during a search (pos,
	// level, go, new-game, ...) wait in pending and run in order once it has ended, so
	// every go gets exactly one done for the position set before it; stop and ping act
	// at once, and quit with nothing pending ends the search as at the end of input.
	var cancel context.CancelFunc
	var result chan string
	var pending []games.HubLine
	eof := false
	// finish waits for the running search (quit or the end of input): it runs to its
	// own limit (depth or time) and its line is printed; an unbounded search ("level
	// infinite") is stopped at once, as stop would, and its move printed.
	finish := func() {
		if !h.bounded() {
			cancel()
		}
		h.send(<-result)
		cancel()
		result, cancel = nil, nil
	}
	for {
		var c games.HubLine
		switch {
		case result == nil && len(pending) > 0:
			c, pending = pending[0], pending[1:]
		case result == nil:
			if eof {
				return
			}
			var ok bool
			if c, ok = <-lines; !ok {
				return
			}
		case eof:
			finish()
			continue
		default:
			select {
			case line, ok := <-lines:
				if !ok {
					eof = true
					continue
				}
				c = line
			case r := <-result:
				cancel()
				result, cancel = nil, nil
				h.send(r)
				continue
			}
			switch c.Cmd { // searching
			case "stop":
				cancel()
			case "ping":
				h.send("pong")
			case "quit":
				if len(pending) == 0 {
					finish()
					return
				}
				pending = append(pending, c)
			case "":
			default:
				pending = append(pending, c)
			}
			continue
		}
		switch c.Cmd {
		case "hub":
			h.send(`id name=madang version=1.0 author="madang" country=KR`)
			h.send(fmt.Sprintf("param name=variant value=%s type=enum values=\"%s\"", h.v.ID, h.v.ID))
			h.send(fmt.Sprintf("param name=tt-size value=%d type=int min=1 max=4096", h.ttMB))
			h.send("wait")
		case "set-param":
			if err := h.setParam(c.Args["name"], c.Args["value"]); err != nil {
				h.sendError(err.Error())
			}
		case "init":
			h.searcher()
			h.send("ready")
		case "new-game":
			h.searcher().Clear()
		case "ping":
			h.send("pong")
		case "pos":
			if err := h.setPos(c.Args["pos"], c.Args["moves"]); err != nil {
				h.badPos = err
				h.sendError(err.Error())
			} else {
				h.badPos = nil
			}
		case "level":
			if err := h.setLevel(c.Args); err != nil {
				h.sendError(err.Error())
			}
		case "go":
			if h.badPos != nil {
				// Searching the previous position would answer a question not asked.
				h.sendError("no position: the last pos was refused: " + h.badPos.Error())
				continue
			}
			ctx, cf := context.WithCancel(context.Background())
			cancel, result = cf, make(chan string, 1)
			go func(result chan string) { result <- h.think(ctx) }(result)
		case "quit":
			return
		case lineTooLong:
			h.sendError(fmt.Sprintf("line of %s bytes skipped: the limit is %d", c.Args["bytes"], maxLine))
		case "":
		default:
			// The protocol asks engines to ignore what they do not understand.
		}
	}
}

// setParam sets one of the parameters the hub line announces: tt-size (MB, 1–4096; the
// table is made anew when it changes after init) or variant (only the engine's own game).
// Errors: an unknown name, or a value out of the announced range, which changes nothing.
func (h *hub) setParam(name, value string) error {
	switch name {
	case "tt-size":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > 4096 {
			return fmt.Errorf("set-param: tt-size must be a whole number of MB from 1 to 4096, not %q", capped(value))
		}
		if n != h.ttMB {
			h.ttMB, h.s = n, nil
		}
	case "variant":
		if value != h.v.ID {
			return fmt.Errorf("set-param: this engine plays variant %s only, not %q (start it with --game)", h.v.ID, capped(value))
		}
	default:
		return fmt.Errorf("set-param: unknown parameter %q (this engine has tt-size and variant)", capped(name))
	}
	return nil
}

func (h *hub) searcher() *aidraughts.Searcher {
	if h.s == nil {
		h.s = aidraughts.NewSearcher(h.v, h.ttMB)
	}
	return h.s
}

func (h *hub) setPos(pos, moves string) error {
	p := h.v.Start()
	if pos != "" {
		var err error
		if p, err = h.v.ParseHub(pos); err != nil {
			return err
		}
	}
	var hist []uint64
	rev := 0
	for _, t := range strings.Fields(moves) {
		m, err := h.v.ParseMove(&p, t)
		if err != nil {
			return err
		}
		if m.ManMoveOrCapture() {
			hist, rev = nil, 0
		} else {
			hist = append(hist, p.Hash())
			rev++
		}
		p = p.Apply(m)
	}
	h.pos, h.hist, h.rev = p, hist, rev
	return nil
}

// setLevel takes a level line: depth=N, move-time=S, [moves=M] time=S [inc=S] or
// infinite (S in seconds). A line with a bad value (not a number, negative, a depth or
// move time of 0) or with none of them is refused with the reason and leaves the limits
// as they were: a search with no limit at all would never end by itself.
func (h *hub) setLevel(a map[string]string) error {
	// secs reads a number of seconds: finite, not negative, below 10^9 (30 years: a
	// time.Duration holds 292).
	secs := func(k string) (time.Duration, error) {
		f, err := strconv.ParseFloat(a[k], 64)
		if err != nil || math.IsNaN(f) || f < 0 || f >= 1e9 {
			return 0, fmt.Errorf("level: bad %s=%s: want seconds, a number from 0", k, capped(a[k]))
		}
		return time.Duration(f * float64(time.Second)), nil
	}
	count := func(k string) (int, error) {
		n, err := strconv.Atoi(a[k])
		if err != nil || n < 1 {
			return 0, fmt.Errorf("level: bad %s=%s: want a whole number from 1", k, capped(a[k]))
		}
		return n, nil
	}
	var limits ai.Budget
	depth := 0
	_, infinite := a["infinite"]
	set := infinite
	if _, ok := a["depth"]; ok {
		d, err := count("depth")
		if err != nil {
			return err
		}
		depth, set = d, true
	}
	if _, ok := a["move-time"]; ok {
		t, err := secs("move-time")
		if err == nil && t <= 0 {
			err = fmt.Errorf("level: bad move-time=%s: want seconds above 0", capped(a["move-time"]))
		}
		if err != nil {
			return err
		}
		limits.Time, set = t, true
	}
	if _, ok := a["time"]; ok {
		t, err := secs("time")
		if err != nil {
			return err
		}
		moves := 30
		if _, ok := a["moves"]; ok {
			if moves, err = count("moves"); err != nil {
				return err
			}
		}
		var inc time.Duration
		if _, ok := a["inc"]; ok {
			if inc, err = secs("inc"); err != nil {
				return err
			}
		}
		limits.Time, set = min(t/time.Duration(moves)+inc*8/10, t/3), true
		if limits.Time <= 0 {
			limits.Time = 10 * time.Millisecond
		}
	}
	if !set {
		return errors.New("level: want depth=N, move-time=S, [moves=M] time=S [inc=S] or infinite")
	}
	// "level infinite" (alone): no bound; the GUI sends stop.
	h.limits, h.depth = limits, depth
	if h.fixedDepth > 0 {
		h.limits, h.depth = ai.Budget{}, h.fixedDepth
	}
	return nil
}

// capped is s for an error line, cut after 80 characters ("…"): a long bad line is not
// echoed back whole.
func capped(s string) string {
	if len(s) <= 80 {
		return s
	}
	if r := []rune(s); len(r) > 80 {
		return string(r[:80]) + "…"
	}
	return s
}

// bounded reports whether a search ends by itself: a depth or a budget is set.
func (h *hub) bounded() bool { return h.depth > 0 || h.limits != (ai.Budget{}) }

// think searches the current position and returns the "done" (or "error") line.
func (h *hub) think(ctx context.Context) string {
	s := h.searcher()
	start := time.Now()
	s.Report = func(i aidraughts.Info) {
		el := time.Since(start).Seconds()
		pv := make([]string, len(i.PV))
		for k, m := range i.PV {
			pv[k] = h.v.HubMove(m)
		}
		nps := 0.0
		if el > 0 {
			nps = float64(i.Nodes) / el / 1e6
		}
		h.send(fmt.Sprintf("info depth=%d score=%.2f nodes=%d time=%.3f nps=%.2f pv=\"%s\"",
			i.Depth, float64(i.Score)/100, i.Nodes, el, nps, strings.Join(pv, " ")))
	}
	defer func() { s.Report = nil }()
	lim := aidraughts.Limits{Depth: h.depth, ReversiblePlies: h.rev, History: h.hist}
	ctl := ai.NewControl(ctx, h.limits)
	if h.now != nil {
		ctl = ai.NewControlClock(ctx, h.limits, h.now)
	}
	r := s.Search(h.pos, lim, ctl)
	var l rd.MoveList
	h.pos.Generate(&l)
	if l.N == 0 {
		return `error message="no legal move"`
	}
	line := "done move=" + h.v.HubMove(r.Move)
	if len(r.PV) > 1 {
		line += " ponder=" + h.v.HubMove(r.PV[1])
	}
	return line
}

// otherEngines names the games of the other families' engines for the --game flag's help,
// ", backgammon (see -game backgammon -h)".
func otherEngines() string {
	var b strings.Builder
	for _, f := range games.Families() {
		if f == draughts.Family || f.Engine == nil {
			continue
		}
		ids := f.IDs()
		fmt.Fprintf(&b, ", %s (see -game %s -h)", strings.Join(ids, " or "), ids[0])
	}
	return b.String()
}
