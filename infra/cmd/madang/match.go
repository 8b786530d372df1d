package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"madang/games"
	"madang/rules"
)

func init() {
	register("match", "play two Hub protocol engines against each other (e.g. madang vs Scan)", runMatch)
}

// hubProc is an engine process spoken to over the Hub protocol: version 2 (Scan 3.x,
// `madang engine`) or version 1 (Scan 2.0: `pos <board>`, `move <m>` per move, `time <ms>`,
// `go` answered by `move <m> [ponder]`).
//
// A question that fails (no answer within the time-out, an `error` line, the engine's
// exit) forfeits the game, and then the engine process is killed and a fresh one started
// in its place (restart): an answer the old one gives late can never reach the new one's
// pipe, so it never answers a later question, whatever the protocol and however long the
// old engine goes on thinking. This asks nothing of the engine, unlike sending `stop` or
// `ping` and reading up to the answer: Hub 1 has no `ping`, and an engine stuck in its
// search (or a driver around a blocking search, such as Cake's) may answer neither.
type hubProc struct {
	name     string    // the command line
	protocol string    // hub1, hub2 or auto, for a restart
	seat     string    // a, b, ...: the prefix of its stderr lines
	stderr   io.Writer // where its stderr lines go (match's stderr, locked), for a restart
	errw     *linePrefixer
	cmd      *exec.Cmd
	in       io.WriteCloser
	lines    chan string
	version  int           // 1 or 2
	variant  string        // the value of the engine's `param name=variant` greeting line, if any
	greet    time.Duration // the handshake's time-out (0: handshakeTimeout)
	dead     error         // not nil: a restart failed, and every question fails with it
}

// noAnswer is the error of a question the engine did not answer within the time-out.
type noAnswer struct {
	name, prefix string
	timeout      time.Duration
}

func (e *noAnswer) Error() string {
	return fmt.Sprintf("%s: no %q within %v", e.name, e.prefix, e.timeout)
}

// handshakeTimeout is how long an engine has to answer `hub` with `wait` when match has
// no --timeout.
const handshakeTimeout = 30 * time.Second

// handshake sends `hub` and reads the engine's lines up to `wait`, within h.greet (match's
// --timeout) or handshakeTimeout. protocol "hub1" or "hub2" fixes the version; "auto"
// takes version 1 from an engine that introduces itself with a `name ...` line (Hub 1)
// and none of version 2's `id name=...`. A `param name=variant value=V` line is kept in
// h.variant.
func (h *hubProc) handshake(protocol string) error {
	h.send("hub")
	limit := h.greet
	if limit == 0 {
		limit = handshakeTimeout
	}
	t := time.NewTimer(limit)
	defer t.Stop()
	sawName, sawID := false, false
	for {
		select {
		case l, ok := <-h.lines:
			if !ok {
				return fmt.Errorf("%s: engine exited", h.name)
			}
			f := strings.Fields(l)
			if len(f) == 0 {
				continue
			}
			switch f[0] {
			case "name":
				sawName = true
			case "id":
				sawID = true
			case "param":
				if a := games.ParseHubLine(l).Args; a["name"] == "variant" {
					h.variant = a["value"]
				}
			case "wait":
				switch {
				case protocol == "hub1", protocol == "auto" && sawName && !sawID:
					h.version = 1
				default:
					h.version = 2
				}
				return nil
			}
		case <-t.C:
			return fmt.Errorf("%s: no \"wait\" within %v of \"hub\" (the start-up handshake; --timeout sets it)", h.name, limit)
		}
	}
}

// think1 asks a Hub 1 engine for a move in the position start followed by moves (Hub
// text), allowing movetime: `pos` (which also resets its limits), one `move` line a
// move, `depth` when depth > 0, `time`, `go`. An engine still thinking at the move time
// plus a margin is told `stop` (Scan 2.0 looks at its clock only from depth 12 on) and
// then has timeout to answer: five move times and 5 s when timeout is 0, as a Hub 2
// engine has in all.
func (h *hubProc) think1(start string, moves []string, depth int, movetime, timeout time.Duration) (string, error) {
	if start != "" {
		start = strings.ToLower(start[:1]) + start[1:] // Hub 1 writes the side to move in lower case
	}
	h.send("pos " + start)
	for _, m := range moves {
		h.send("move " + m)
	}
	if depth > 0 {
		h.send("depth " + strconv.Itoa(depth))
	}
	h.send("time " + strconv.FormatInt(movetime.Milliseconds(), 10))
	h.send("go")
	line, err := h.expect("move ", movetime+movetime/5+50*time.Millisecond)
	if na := (*noAnswer)(nil); err != nil && !errors.As(err, &na) {
		return "", err
	}
	if err != nil {
		h.send("stop")
		if timeout == 0 {
			timeout = movetime*5 + 5*time.Second
		}
		if line, err = h.expect("move ", timeout); err != nil {
			return "", err
		}
	}
	f := strings.Fields(line)
	if len(f) < 2 {
		return "", fmt.Errorf("%s: %q has no move", h.name, line)
	}
	return f[1], nil
}

// startHub starts an engine. Its stderr goes to stderr line by line, each line prefixed
// with "engine SEAT: ", so that the reason an engine gives for failing (a bad flag, a
// missing file) is seen and two engines' lines can be told apart. stderr must take
// writes from several goroutines (lockedWriter); the engine never waits on it beyond
// that lock, as exec copies its stderr pipe in a goroutine of its own.
func startHub(cmdline, seat string, stderr io.Writer) (*hubProc, error) {
	f := strings.Fields(cmdline)
	if len(f) == 0 {
		return nil, errors.New("empty engine command")
	}
	cmd := exec.Command(f[0], f[1:]...)
	var errw *linePrefixer
	if stderr != nil {
		errw = &linePrefixer{w: stderr, prefix: "engine " + seat + ": "}
		cmd.Stderr = errw
		// A child the engine leaves behind holding its stderr must not keep Wait waiting.
		cmd.WaitDelay = time.Second
	}
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
	lines := make(chan string, 256) // this process's lines only, whatever h holds later
	h := &hubProc{name: cmdline, seat: seat, stderr: stderr, errw: errw, cmd: cmd, in: in, lines: lines}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	return h, nil
}

// openHub starts an engine and brings it to `ready`: the handshake (protocol hub1, hub2 or
// auto), then `init`. An engine that fails on the way is killed.
func openHub(cmdline, protocol, seat string, greet time.Duration, stderr io.Writer) (*hubProc, error) {
	h, err := startHub(cmdline, seat, stderr)
	if err != nil {
		return nil, fmt.Errorf("start %q: %v", cmdline, err)
	}
	h.protocol, h.greet = protocol, greet
	if err := h.handshake(protocol); err != nil {
		h.kill()
		return nil, err
	}
	h.send("init")
	if _, err := h.expect("ready", 120*time.Second); err != nil {
		h.kill()
		return nil, err
	}
	return h, nil
}

// restart kills the engine process after a failed question and starts a fresh one in its
// place (openHub), so that nothing the old one says later answers a question of the new
// one. It is killed at once rather than told `quit`: it may be deep in a search that no
// command reaches, and it would take the CPU from the next game. When the new one cannot
// be opened h is dead: every later question fails (forfeits) with that error.
func (h *hubProc) restart() {
	h.kill()
	fresh, err := openHub(h.name, h.protocol, h.seat, h.greet, h.stderr)
	if err != nil {
		*h = hubProc{name: h.name, protocol: h.protocol, seat: h.seat, stderr: h.stderr, greet: h.greet, dead: fmt.Errorf("restart after a failed question: %w", err)}
		return
	}
	*h = *fresh
}

// kill ends the process at once and waits for it.
func (h *hubProc) kill() {
	if h.cmd == nil {
		return
	}
	h.in.Close()
	h.cmd.Process.Kill()
	h.cmd.Wait()
	h.errw.flush()
	h.cmd = nil
}

func (h *hubProc) send(s string) error {
	if h.cmd == nil {
		return fmt.Errorf("%s: no engine process", h.name)
	}
	_, err := io.WriteString(h.in, s+"\n")
	return err
}

// expect reads lines until one starts with prefix. An `error` line ends the wait at once
// with that line as the error (an engine that refuses a command does not answer it).
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
			if c := games.ParseHubLine(l); c.Cmd == "error" {
				return "", fmt.Errorf("%s: %s", h.name, l)
			}
		case <-t.C:
			return "", &noAnswer{h.name, prefix, timeout}
		}
	}
}

// drain drops the lines already received, which answer no question: lines the engine
// writes unasked. (A late answer to a question that failed cannot be among them: that
// engine process has been replaced, see restart; draining alone could not catch an
// answer that comes after it.)
func (h *hubProc) drain() {
	for {
		select {
		case _, ok := <-h.lines:
			if !ok {
				return
			}
		default:
			return
		}
	}
}

func (h *hubProc) stop() {
	if h.cmd == nil {
		return
	}
	h.send("quit")
	h.in.Close()
	done := make(chan struct{})
	go func() { h.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(3 * time.Second):
		h.cmd.Process.Kill()
		<-done // its stderr copied in full: nothing is written to stderr after the match
	}
	h.errw.flush()
}

// lockedWriter serializes the writes of several goroutines (the engines' stderr copiers
// and the match itself) to one writer.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// linePrefixer writes whole lines to w, each with prefix: one Write of w a line, so that
// lines of several engines never mix within a line. A line still without its newline at
// 4 KB is written as it stands; a last line without its newline is written by flush.
type linePrefixer struct {
	w      io.Writer
	prefix string
	buf    []byte
}

func (l *linePrefixer) Write(p []byte) (int, error) {
	l.buf = append(l.buf, p...)
	for {
		i := slices.Index(l.buf, '\n')
		if i < 0 && len(l.buf) < 4096 {
			break
		}
		piece := l.buf
		if i >= 0 {
			piece = l.buf[:i+1]
		}
		line := append([]byte(l.prefix), piece...)
		if i < 0 { // a piece of a long line, ended here
			line = append(line, '\n')
		}
		l.w.Write(line)
		l.buf = l.buf[len(piece):]
	}
	if len(l.buf) == 0 {
		l.buf = nil
	}
	return len(p), nil // an error of match's stderr must not stop the engine
}

// flush writes a last line left without its newline. l may be nil.
func (l *linePrefixer) flush() {
	if l == nil || len(l.buf) == 0 {
		return
	}
	l.w.Write(append(append([]byte(l.prefix), l.buf...), '\n'))
	l.buf = nil
}

// engineList collects repeated --engine flags.
type engineList []string

func (e *engineList) String() string     { return strings.Join(*e, "; ") }
func (e *engineList) Set(s string) error { *e = append(*e, s); return nil }

// hubGames lists, in the home page's order, the games whose family speaks the Hub protocol:
// the games match can play.
func hubGames() []string {
	var ids []string
	for _, f := range games.InOrder() {
		if f.Hub == nil {
			continue
		}
		for _, g := range f.Games {
			ids = append(ids, g.ID)
		}
	}
	return ids
}

// runMatch: madang match --game G [--players N] [--opt k=v] --a "CMD" --b "CMD" | --engine
// "CMD" (one per seat) [--games N] [--movetime MS] [--open K] [--seed S] [--max-plies P]
// [--a-protocol|--b-protocol hub2|hub1|auto] [--a-depth|--b-depth N (Hub 1 engines)]
// [--timeout D].
// Each command starts a Hub engine ("madang engine --game draughts", "scan hub") for a
// game whose family speaks the Hub protocol (games.Family.Hub). Every question gives the
// game's start and all its moves (`pos pos=... moves="..."`), so each engine sees the
// repetitions. The start-up handshake (`hub` answered by `wait`) has --timeout too, or 30 s
// without it; an engine whose greeting names another game madang knows
// (`param name=variant value=draughts` in a checkers match) is refused, exit 2. An engine's `error` line, its exit or its silence past the time-out (5 ×
// movetime + 5 s, or --timeout) forfeits the game at once, reported on stderr, and the
// engine is restarted (hubProc.restart), so that a late answer never answers a later
// question. An engine's stderr lines go to stderr, prefixed "engine SEAT: " (startHub).
// Seats rotate, each round of games from the same random opening plies; the
// rules adjudicate. One line per game, then the JSON summary.
func runMatch(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gf := addGameFlags(fs, defaultEngineGame())
	hubIDs := strings.Join(hubGames(), ", ")
	fs.Lookup("game").Usage = "game id, one with an engine protocol: " + hubIDs
	ca := fs.String("a", "", "command of engine a")
	cb := fs.String("b", "", "command of engine b")
	var more engineList
	fs.Var(&more, "engine", "command of the next engine (repeatable; instead of --a and --b)")
	pa := fs.String("a-protocol", "auto", "engine a's protocol: hub2, hub1 (Scan 2.0) or auto (from its answer to `hub`)")
	pb := fs.String("b-protocol", "auto", "engine b's protocol: hub2, hub1 or auto")
	da := fs.Int("a-depth", 0, "a Hub 1 engine a's depth limit in plies, sent after every pos (0: none)")
	db := fs.Int("b-depth", 0, "a Hub 1 engine b's depth limit (0: none)")
	n := fs.Int("games", 2, "number of games")
	movetime := fs.Int("movetime", 1000, "time per move in ms")
	open := fs.Int("open", 2, "random opening plies, shared by each round of games")
	seed := fs.Int64("seed", 1, "seed of the openings and the dice")
	maxPlies := fs.Int("max-plies", 0, "plies after which a game counts as a draw (0: only the rules end games)")
	timeout := fs.Duration("timeout", 0, "time-out of a move, a Go duration (90s): an engine silent this long forfeits the game (0: 5 × movetime + 5 s)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	stderr = &lockedWriter{w: stderr} // the engines' stderr lines come from their own goroutines
	g, opts, err := gf.resolve()
	if err != nil {
		fmt.Fprintln(stderr, "match:", err)
		return 2
	}
	fam, ok := games.Of(g.ID())
	if !ok || fam.Hub == nil {
		fmt.Fprintf(stderr, "match: no engine protocol for game %q (match plays %s)\n", g.ID(), hubIDs)
		return 2
	}
	cmds := []string{*ca, *cb}
	if len(more) > 0 {
		cmds = more
	}
	protocols := []string{*pa, *pb}
	for len(protocols) < len(cmds) {
		protocols = append(protocols, "auto")
	}
	depths := []int{*da, *db}
	for _, p := range protocols {
		if p != "auto" && p != "hub1" && p != "hub2" {
			fmt.Fprintf(stderr, "match: protocol %q: want hub2, hub1 or auto\n", p)
			return 2
		}
	}
	if *timeout < 0 {
		fmt.Fprintf(stderr, "match: --timeout %v: want a positive duration (0: 5 × movetime + 5 s)\n", *timeout)
		return 2
	}
	st0, err := g.New(opts)
	if err != nil || st0.Seats() != len(cmds) || slices.Contains(cmds, "") || *n < 1 || *movetime < 1 || *open < 0 || *maxPlies < 0 {
		fmt.Fprintln(stderr, "match: one engine per seat (--a and --b, or --engine per seat); --games, --movetime positive")
		return 2
	}
	procs := make([]*hubProc, len(cmds))
	for i, c := range cmds {
		p, err := openHub(c, protocols[i], playerName(i), *timeout, stderr)
		if err != nil {
			fmt.Fprintln(stderr, "match:", err)
			return 1
		}
		defer p.stop() // the process p holds at the end: a restart replaces it in place
		procs[i] = p
		// An engine that names another game madang knows (madang engine --game draughts
		// says variant=draughts) would answer with moves of that game; a variant name
		// madang does not know (Scan's "normal") is left to the moves to tell.
		if _, known := games.Of(p.variant); known && p.variant != g.ID() {
			fmt.Fprintf(stderr, "match: engine %s (%s) plays %s (its greeting says variant=%s), not %s (--game %s)\n",
				playerName(i), c, p.variant, p.variant, g.ID(), g.ID())
			return 2
		}
	}
	wait := *timeout // a Hub 2 engine's time-out
	if wait == 0 {
		wait = time.Duration(*movetime)*time.Millisecond*5 + 5*time.Second
	}
	secs := strconv.FormatFloat(float64(*movetime)/1000, 'f', 3, 64)
	var texts []string // Hub text of the current game's moves so far
	err = series{game: g, opts: opts, games: *n, seed: *seed, open: *open, maxPlies: *maxPlies,
		newGame: func(int) {
			texts = texts[:0]
			for _, p := range procs {
				if p.version == 1 {
					p.send("new")
				} else {
					p.send("new-game")
				}
			}
		},
		choose: func(_, who int, rec *record) (rules.Move, error) {
			p := procs[who]
			pos, err := hubPos(fam.Hub, rec, &texts)
			if err != nil {
				return nil, err
			}
			if p.dead != nil {
				return nil, p.dead
			}
			p.drain()
			var text string
			if p.version == 1 {
				start, _ := fam.Hub.Position(rec.start) // hubPos has written it once already
				depth := 0
				if who < len(depths) {
					depth = depths[who]
				}
				text, err = p.think1(start, texts, depth, time.Duration(*movetime)*time.Millisecond, *timeout)
			} else {
				p.send(pos)
				p.send("level move-time=" + secs)
				p.send("go think")
				var line string
				if line, err = p.expect("done", wait); err == nil {
					text = games.ParseHubLine(line).Args["move"]
				}
			}
			if err != nil {
				p.restart() // whatever it answers late must not answer the next question
				return nil, err
			}
			return fam.Hub.ParseMove(rec.cur, text)
		},
	}.play("match", stdout, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "match:", err)
		return 1
	}
	return 0
}

// hubPos is the `pos` line of a game: its start and every move since, in Hub text. texts
// holds the moves already written (the game's log only grows), so each move is written once.
func hubPos(c *games.HubCodec, rec *record, texts *[]string) (string, error) {
	start, err := c.Position(rec.start)
	if err != nil {
		return "", err
	}
	moves := 0
	for _, s := range rec.steps {
		if s.move == nil {
			return "", errors.New("the Hub protocol has no dice")
		}
		if moves++; moves <= len(*texts) {
			continue
		}
		t, err := c.MoveText(s.before, s.move)
		if err != nil {
			return "", err
		}
		*texts = append(*texts, t)
	}
	line := "pos pos=" + start
	if len(*texts) > 0 {
		line += ` moves="` + strings.Join(*texts, " ") + `"`
	}
	return line, nil
}
