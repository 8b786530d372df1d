package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"madang/games"
	"math/rand/v2"
	"net/url"
	"os"
	"runtime/debug"
	"runtime/pprof"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

func init() {
	register("loadtest", "play N rooms of two clients against a running server and report latency", func(args []string, stdout, stderr io.Writer) int {
		return loadtest(context.Background(), args, stdout, stderr)
	})
}

// loadReport is the last line of `madang loadtest`.
type loadReport struct {
	Rooms       int     `json:"rooms"`
	Moves       int64   `json:"moves"`
	MovesPerSec float64 `json:"movesPerSec"`
	P50ms       float64 `json:"p50ms"`
	P99ms       float64 `json:"p99ms"`
	Errors      int64   `json:"errors"`
	// Open loop (--pace): the pace in milliseconds; moves sent later than their slot
	// (because the room's previous move had not been answered yet).
	PaceMs int64 `json:"paceMs,omitempty"`
	Late   int64 `json:"late,omitempty"`
	// Spectators (--spectators): sockets that only watch, and the latency from a move's
	// sending to a spectator receiving its state.
	Spectators     int     `json:"spectators,omitempty"`
	SpectatorP50ms float64 `json:"spectatorP50ms,omitempty"`
	SpectatorP99ms float64 `json:"spectatorP99ms,omitempty"`
	// Server (--pid, Linux): its CPU use over the playing time as a share of one core
	// (1.0 = one core busy), and its resident set at the end and at its peak, in MiB.
	ServerCPU     float64 `json:"serverCPU,omitempty"`
	ServerRSSMiB  float64 `json:"serverRSSMiB,omitempty"`
	ServerPeakMiB float64 `json:"serverPeakMiB,omitempty"`
	// Time the server's and this client's threads waited for a CPU while runnable, per
	// second of playing (Linux schedstat): above a few ms/s the machine's other work, not
	// the server, sets the tail latency.
	ServerWaitMsPerSec float64 `json:"serverWaitMsPerSec,omitempty"`
	ClientWaitMsPerSec float64 `json:"clientWaitMsPerSec,omitempty"`
}

// loadWarmUp is how long after the rooms' goroutines start the open loop's first slot
// comes (see loadtest).
const loadWarmUp = time.Second

// loadStats collects what every client measures.
type loadStats struct {
	moves  atomic.Int64
	errors atomic.Int64
	late   atomic.Int64
	mu     sync.Mutex
	lat    []time.Duration
	latAt  []time.Time     // when each of lat's moves was sent
	watch  []time.Duration // spectators' latencies
	errMsg sync.Map        // code -> count, for the report on stderr
}

func (s *loadStats) fail(code string) {
	s.errors.Add(1)
	v, _ := s.errMsg.LoadOrStore(code, new(atomic.Int64))
	v.(*atomic.Int64).Add(1)
}

// loadtest: N rooms, each two clients that create/join and then play random legal moves
// (from the snapshot's legal list), starting a rematch after each game. Without --pace a
// room moves as fast as the server answers (a closed loop: capacity); with --pace D each
// room moves once every D, the rooms' first moves spread evenly over D (an open loop: the
// latency players feel at that rate). --spectators N adds N watching sockets per room.
// Latency is from sending a move to its mover (or a spectator) receiving the new state.
func loadtest(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("loadtest", flag.ContinueOnError)
	fs.SetOutput(stderr)
	if os.Getenv("GOGC") == "" {
		// The client is the measuring instrument: at 20,000 sockets its own collections
		// (~250 MB live) delayed the reading of answers by 10-25 ms each time, a burst of
		// slow moves the server did not cause. Collect a quarter as often (GOGC sets it).
		defer debug.SetGCPercent(debug.SetGCPercent(400))
	}
	url := fs.String("url", "ws://localhost:8080/ws", "WebSocket URL of the server")
	rooms := fs.Int("rooms", 100, "rooms, each with two clients")
	duration := fs.Duration("duration", 10*time.Second, "how long to play once every room is ready")
	game := fs.String("game", games.InOrder()[0].Games[0].ID, "game id")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile of the client to this file")
	pace := fs.Duration("pace", 0, "open loop: each room moves once every this long, first moves spread over it (0: as fast as the server answers)")
	spectators := fs.Int("spectators", 0, "sockets per room that only watch")
	latFile := fs.String("latencies", "", "write each answered move to this file: when it was sent (s since the playing time began) and its latency (ms), one per line after a '# t0 UNIX-SECONDS' line; to find when the slow moves happen")
	pid := fs.Int("pid", 0, "process id of the server, to report its CPU and memory (Linux /proc; 0: none)")
	clockSpec := fs.String("clock", "", "every room on a game clock: BASE+INC, minutes and seconds of Fischer increment (e.g. 10+5; PROTOCOL.md \"Clocks\"); empty: no clock")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if err := checkLoadURL(*url); err != nil {
		fmt.Fprintf(stderr, "madang loadtest: --url: %v\n", err)
		return 2
	}
	clock, err := parseLoadClock(*clockSpec)
	if err != nil {
		fmt.Fprintf(stderr, "madang loadtest: --clock: %v\n", err)
		return 2
	}
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			fmt.Fprintf(stderr, "madang loadtest: %v\n", err)
			return 1
		}
		defer f.Close()
		pprof.StartCPUProfile(f)
		defer pprof.StopCPUProfile()
	}
	if *rooms < 1 || *duration <= 0 || *pace < 0 || *spectators < 0 {
		fmt.Fprintln(stderr, "madang loadtest: --rooms must be positive, --duration > 0, --pace and --spectators not negative")
		return 2
	}
	// --pid and --latencies are read and written after the run: checked before it, so that
	// a typo is not found out only after --duration.
	if *pid < 0 {
		fmt.Fprintf(stderr, "madang loadtest: --pid %d: want a process id (0: none)\n", *pid)
		return 2
	}
	if *pid > 0 {
		if _, err := procCPU(*pid); err != nil {
			fmt.Fprintf(stderr, "madang loadtest: --pid %d: cannot read the server's CPU time: %v\n", *pid, err)
			return 2
		}
	}
	if *latFile != "" {
		if err := checkWritable(*latFile); err != nil {
			fmt.Fprintf(stderr, "madang loadtest: --latencies: %v\n", err)
			return 2
		}
	}
	st := &loadStats{}
	start := make(chan struct{})
	stop := make(chan struct{})
	var startAt time.Time // set before start is closed
	var ready, done sync.WaitGroup
	var setupMu sync.Mutex
	var setupFailed int
	var firstSetupErr string       // the first room's reason, said once rather than per room
	sem := make(chan struct{}, 32) // dial at most 32 rooms at once
	for i := 0; i < *rooms; i++ {
		ready.Add(1)
		done.Add(1)
		go func(i int) {
			defer done.Done()
			sem <- struct{}{}
			r, err := newLoadRoom(ctx, *url, *game, clock, st, uint64(i), *spectators)
			<-sem
			if err != nil {
				st.fail("setup")
				setupMu.Lock()
				setupFailed++
				if firstSetupErr == "" {
					firstSetupErr = fmt.Sprintf("room %d: %v", i, err)
				}
				setupMu.Unlock()
			}
			ready.Done()
			if err != nil {
				return
			}
			defer r.close()
			<-start
			if *pace > 0 {
				// Room i's first slot is i/rooms of the way into the first period, counted
				// from the start shared by every room (not from when this goroutine woke).
				r.pace = *pace
				r.next = startAt.Add(time.Duration(int64(*pace) * int64(i) / int64(*rooms)))
			}
			r.play(stop)
		}(i)
	}
	ready.Wait()
	if setupFailed == *rooms {
		// Nothing to play: say why now rather than after --duration.
		close(start)
		done.Wait()
		fmt.Fprintf(stderr, "madang loadtest: no room could be set up (%d of %d failed) at %s; the first reason: %s\n", setupFailed, *rooms, *url, firstSetupErr)
		fmt.Fprintf(stderr, "errors setup: %d\n", setupFailed)
		return 1
	}
	if setupFailed > 0 {
		fmt.Fprintf(stderr, "madang loadtest: %d of %d rooms failed setup; the first reason: %s\n", setupFailed, *rooms, firstSetupErr)
	}
	fmt.Fprintf(stderr, "madang loadtest: %d rooms ready, playing %s\n", *rooms-setupFailed, *duration)
	// Open loop: every room's goroutine wakes at start and reads the state it holds; the
	// first slot comes a second later, so that the client's own start-up (20,000 goroutines
	// at once) is not measured as the server's latency. The playing time starts there.
	startAt = time.Now()
	if *pace > 0 {
		startAt = startAt.Add(loadWarmUp)
	}
	close(start)
	time.Sleep(time.Until(startAt))
	var cpu0, swait0, cwait0 time.Duration
	if *pid > 0 {
		var err error
		if cpu0, err = procCPU(*pid); err != nil {
			fmt.Fprintf(stderr, "madang loadtest: server CPU: %v\n", err)
			return 1
		}
		_, swait0, _ = procRunWait(*pid)
		_, cwait0, _ = procRunWait(os.Getpid())
	}
	t0 := time.Now()
	time.Sleep(*duration)
	var cpu, swait, cwait time.Duration
	var rss, peak int64
	if *pid > 0 {
		if _, w, err := procRunWait(*pid); err == nil {
			swait = w - swait0
		}
		if _, w, err := procRunWait(os.Getpid()); err == nil {
			cwait = w - cwait0
		}
		cpu1, err := procCPU(*pid)
		if err == nil {
			rss, peak, err = procMemKB(*pid)
		}
		if err != nil {
			fmt.Fprintf(stderr, "madang loadtest: server CPU: %v\n", err)
			return 1
		}
		cpu = cpu1 - cpu0
	}
	close(stop)
	elapsed := time.Since(t0)
	done.Wait()

	st.mu.Lock()
	lat, watch := st.lat, st.watch
	if *latFile != "" {
		var sb strings.Builder
		fmt.Fprintf(&sb, "# t0 %.3f\n", float64(startAt.UnixMilli())/1000)
		for i, d := range lat {
			fmt.Fprintf(&sb, "%.3f %.3f\n", st.latAt[i].Sub(startAt).Seconds(), float64(d.Microseconds())/1000)
		}
		if err := os.WriteFile(*latFile, []byte(sb.String()), 0o644); err != nil {
			fmt.Fprintf(stderr, "madang loadtest: --latencies: %v\n", err)
		}
	}
	st.mu.Unlock()
	rep := loadReport{
		Rooms:              *rooms,
		Moves:              st.moves.Load(),
		MovesPerSec:        float64(int64(float64(st.moves.Load())/elapsed.Seconds()*10)) / 10,
		P50ms:              quantileMs(lat, 0.50),
		P99ms:              quantileMs(lat, 0.99),
		Errors:             st.errors.Load(),
		PaceMs:             pace.Milliseconds(),
		Late:               st.late.Load(),
		Spectators:         *spectators,
		SpectatorP50ms:     quantileMs(watch, 0.50),
		SpectatorP99ms:     quantileMs(watch, 0.99),
		ServerCPU:          float64(int64(cpu.Seconds()/elapsed.Seconds()*1000)) / 1000,
		ServerRSSMiB:       float64(rss*10/1024) / 10,
		ServerPeakMiB:      float64(peak*10/1024) / 10,
		ServerWaitMsPerSec: float64(int64(float64(swait.Milliseconds())/elapsed.Seconds()*10)) / 10,
		ClientWaitMsPerSec: float64(int64(float64(cwait.Milliseconds())/elapsed.Seconds()*10)) / 10,
	}
	st.errMsg.Range(func(k, v any) bool {
		fmt.Fprintf(stderr, "errors %s: %d%s\n", k, v.(*atomic.Int64).Load(), loadErrorHint(k.(string)))
		return true
	})
	b, _ := json.Marshal(rep)
	fmt.Fprintln(stdout, string(b))
	if rep.Errors > 0 {
		return 1
	}
	return 0
}

// loadErrorHint explains an error code of the report's "errors CODE: N" lines where the
// usual cause is this tool's own use: rate-limited comes from playing flat out (no --pace)
// against a server with its default per-socket limit.
func loadErrorHint(code string) string {
	if code == "rate-limited" {
		return " (the server's per-socket message limit, 50 a second by default: without --pace each room plays as fast as it can; give --pace, or serve with --rate 0 as make loadtest does)"
	}
	return ""
}

// checkLoadURL refuses a --url the WebSocket dial could not use, before any room is set up:
// it wants a ws:// or wss:// URL with a host (http:// and https:// are dialled as ws:// and
// wss://, as the WebSocket client does).
func checkLoadURL(s string) error {
	u, err := url.Parse(s)
	if err != nil {
		return fmt.Errorf("%q is not a URL: %v", s, err)
	}
	switch u.Scheme {
	case "ws", "wss", "http", "https":
	default:
		return fmt.Errorf("%q is not a WebSocket URL: want ws://HOST/PATH or wss://HOST/PATH (http:// and https:// are read as ws:// and wss://)", s)
	}
	if u.Host == "" {
		return fmt.Errorf("%q has no host: want ws://HOST/PATH or wss://HOST/PATH", s)
	}
	return nil
}

// quantileMs sorts lat and returns its p quantile (0..1) in milliseconds (0 when empty).
func quantileMs(lat []time.Duration, p float64) float64 {
	if len(lat) == 0 {
		return 0
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	k := int(p * float64(len(lat)-1))
	return float64(lat[k].Microseconds()) / 1000
}

type loadClient struct {
	c     *websocket.Conn
	token string
	seat  int
	sent  map[int]time.Time // ply -> when the move was sent
	first *loadFrame        // the state answering the setup's resume, played from first
}

type loadRoom struct {
	id       string
	clients  [2]*loadClient
	watchers []*websocket.Conn // spectators
	st       *loadStats
	mu       sync.Mutex // rng, next, sentAt
	rng      *rand.Rand
	pace     time.Duration        // open loop: one move per pace (0: closed loop)
	next     time.Time            // open loop: the next move's slot
	sentAt   map[[2]int]time.Time // (game, ply) -> when its move was sent, for spectators
}

type loadFrame struct {
	Type  string          `json:"type"`
	Code  string          `json:"code"`
	Seat  *int            `json:"seat"`
	Token string          `json:"token"`
	Room  json.RawMessage `json:"room"`
	snap  *loadSnap
	kick  bool // a state answering the setup's resume (id "kick")
}

type loadSnap struct {
	GameNo  int      `json:"gameNo"`
	Version int64    `json:"version"`
	Status  string   `json:"status"`
	Ply     int      `json:"ply"`
	ToMove  int      `json:"toMove"`
	Legal   []string `json:"legal"`
	Rematch []int    `json:"rematch"`
}

func readFrame(ctx context.Context, c *websocket.Conn) (loadFrame, error) {
	_, b, err := c.Read(ctx)
	if err != nil {
		return loadFrame{}, err
	}
	var f loadFrame
	f.kick = bytes.HasPrefix(b, []byte(`{"type":"state","id":"kick",`))
	if snap, ok := scanState(b); ok {
		f.Type, f.snap = "state", snap
		return f, nil
	}
	if bytes.HasPrefix(b, []byte(`{"type":"state"`)) {
		// The common case, decoded in one pass: the server writes "type" first.
		var st struct {
			Room loadSnap `json:"room"`
		}
		err = json.Unmarshal(b, &st)
		f.Type, f.snap = "state", &st.Room
		return f, err
	}
	err = json.Unmarshal(b, &f)
	if err == nil && f.Type == "state" {
		f.snap = &loadSnap{}
		err = json.Unmarshal(f.Room, f.snap)
	}
	return f, err
}

// expectJoined reads until a joined frame (skipping states) or an error.
func expectJoined(ctx context.Context, c *websocket.Conn) (loadFrame, error) {
	for {
		f, err := readFrame(ctx, c)
		if err != nil {
			return f, err
		}
		switch f.Type {
		case "joined":
			return f, nil
		case "error":
			return f, fmt.Errorf("refused: %s", f.Code)
		}
	}
}

func newLoadRoom(ctx context.Context, url, game string, clock map[string]any, st *loadStats, seed uint64, spectators int) (*loadRoom, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	r := &loadRoom{st: st, rng: rand.New(rand.NewPCG(seed, 1)), sentAt: map[[2]int]time.Time{}}
	for i := range r.clients {
		c, _, err := websocket.Dial(ctx, url, nil)
		if err != nil {
			r.close()
			return nil, err
		}
		c.SetReadLimit(1 << 20)
		r.clients[i] = &loadClient{c: c, sent: map[int]time.Time{}}
	}
	write := func(c *websocket.Conn, m map[string]any) error {
		b, _ := json.Marshal(m)
		return c.Write(ctx, websocket.MessageText, b)
	}
	create := map[string]any{"action": "create", "game": game, "options": map[string]any{}}
	if clock != nil {
		create["clock"] = clock
	}
	if err := write(r.clients[0].c, create); err != nil {
		r.close()
		return nil, err
	}
	j, err := expectJoined(ctx, r.clients[0].c)
	if err != nil {
		r.close()
		return nil, err
	}
	json.Unmarshal(j.Room, &r.id)
	r.clients[0].token, r.clients[0].seat = j.Token, 0
	if err := write(r.clients[1].c, map[string]any{"action": "join", "room": r.id}); err != nil {
		r.close()
		return nil, err
	}
	j, err = expectJoined(ctx, r.clients[1].c)
	if err != nil || j.Seat == nil || *j.Seat != 1 {
		r.close()
		return nil, fmt.Errorf("join: %v", err)
	}
	r.clients[1].token, r.clients[1].seat = j.Token, 1
	for range spectators {
		c, _, err := websocket.Dial(ctx, url, nil)
		if err != nil {
			r.close()
			return nil, err
		}
		c.SetReadLimit(1 << 20)
		r.watchers = append(r.watchers, c)
		if err := write(c, map[string]any{"action": "join", "room": r.id}); err != nil {
			r.close()
			return nil, err
		}
		if j, err := expectJoined(ctx, c); err != nil || j.Seat == nil || *j.Seat != -1 {
			r.close()
			if j.Code == "room-full" {
				return nil, fmt.Errorf("watch: %v (spectator %d of --spectators %d: more than the server lets watch a room, serve's --max-spectators, 50 by default)", err, len(r.watchers), spectators)
			}
			return nil, fmt.Errorf("watch: %v", err)
		}
	}
	// Kick: the first state after setup may have been read during setup; a resume makes
	// the server send a fresh one to each client. It is sent here, before the playing
	// time, so that the server does not answer every room's resumes at once just as the
	// first paced moves arrive (that burst used to set the p99 of an open-loop run); the
	// answers wait in the sockets until play reads them.
	// Its answer (the state with the id "kick") is read here and kept for play.
	for _, c := range r.clients {
		if err := write(c.c, map[string]any{"action": "resume", "room": r.id, "token": c.token, "id": "kick"}); err != nil {
			r.close()
			return nil, err
		}
	}
	for _, c := range r.clients {
		for c.first == nil {
			f, err := readFrame(ctx, c.c)
			if err == nil && f.Type == "error" {
				err = fmt.Errorf("resume refused: %s", f.Code)
			}
			if err != nil {
				r.close()
				return nil, err
			}
			if f.kick {
				c.first = &f
			}
		}
	}
	return r, nil
}

func (r *loadRoom) close() {
	for _, c := range r.clients {
		if c != nil {
			c.c.CloseNow()
		}
	}
	for _, c := range r.watchers {
		c.CloseNow()
	}
}

// play runs both clients until stop: each reads frames and moves when it is to move.
func (r *loadRoom) play(stop chan struct{}) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { <-stop; cancel() }()
	var wg sync.WaitGroup
	for _, c := range r.clients {
		wg.Add(1)
		go func(c *loadClient) {
			defer wg.Done()
			r.run(ctx, c)
		}(c)
	}
	for _, c := range r.watchers {
		wg.Add(1)
		go func(c *websocket.Conn) {
			defer wg.Done()
			r.watch(ctx, c)
		}(c)
	}
	wg.Wait()
}

func (r *loadRoom) run(ctx context.Context, c *loadClient) {
	// What this client last did: a move at (game, ply), a rematch vote in a game. States
	// repeat a ply (another socket's resume) and may arrive out of order; act once.
	movedGame, movedPly, votedGame := 0, -1, 0
	for {
		var f loadFrame
		var err error
		if c.first != nil {
			f, c.first = *c.first, nil
		} else {
			f, err = readFrame(ctx, c.c)
		}
		if err != nil {
			if ctx.Err() == nil {
				r.st.fail("read")
			}
			return
		}
		switch f.Type {
		case "error":
			r.st.fail(f.Code)
			continue
		case "joined":
			if f.Seat != nil {
				c.seat = *f.Seat
			}
			continue
		case "state":
		default:
			continue
		}
		s := *f.snap
		if at, ok := c.sent[s.Ply-1]; ok && s.Ply > 0 {
			r.st.moves.Add(1)
			r.st.mu.Lock()
			r.st.lat = append(r.st.lat, time.Since(at))
			r.st.latAt = append(r.st.latAt, at)
			r.st.mu.Unlock()
			delete(c.sent, s.Ply-1)
		}
		var msg any
		switch {
		case s.Status == "playing" && s.ToMove == c.seat && len(s.Legal) > 0 &&
			(s.GameNo > movedGame || (s.GameNo == movedGame && s.Ply > movedPly)):
			movedGame, movedPly = s.GameNo, s.Ply
			r.mu.Lock()
			mv := s.Legal[r.rng.IntN(len(s.Legal))]
			wait := r.slot()
			r.mu.Unlock()
			if wait > 0 {
				select {
				case <-time.After(wait):
				case <-ctx.Done():
					return
				}
			}
			msg = loadMove{Action: "move", Room: r.id, Token: c.token, Ply: &s.Ply, Move: mv}
			clear(c.sent)
			now := time.Now()
			c.sent[s.Ply] = now
			if len(r.watchers) > 0 {
				r.mu.Lock()
				clear(r.sentAt)
				r.sentAt[[2]int{s.GameNo, s.Ply}] = now
				r.mu.Unlock()
			}
		case s.Status == "over" && s.GameNo > votedGame && !containsSeat(s.Rematch, c.seat):
			votedGame = s.GameNo
			msg = loadMove{Action: "rematch", Room: r.id, Token: c.token}
		default:
			continue
		}
		b, _ := json.Marshal(msg)
		if err := c.c.Write(ctx, websocket.MessageText, b); err != nil {
			if ctx.Err() == nil {
				r.st.fail("write")
			}
			return
		}
	}
}

// slot returns how long the next move waits for its slot in the open loop (0 in the closed
// loop, or when the slot has passed: that move counts as late) and books the slot after it.
// r.mu is held.
func (r *loadRoom) slot() time.Duration {
	if r.pace == 0 {
		return 0
	}
	now := time.Now()
	wait := r.next.Sub(now)
	if wait < 0 {
		// Behind: move now, and keep the room's phase (its next slot is the first one
		// still ahead). Restarting the schedule from now would give every room late at
		// the same moment the same phase, and they would then move together each period:
		// a burst the client made, not one players make.
		r.st.late.Add(1)
		for !r.next.After(now) {
			r.next = r.next.Add(r.pace)
		}
		return 0
	}
	r.next = r.next.Add(r.pace)
	return wait
}

// watch reads a spectator's frames and records, for each state after a move, the time
// since that move was sent.
func (r *loadRoom) watch(ctx context.Context, c *websocket.Conn) {
	for {
		f, err := readFrame(ctx, c)
		if err != nil {
			if ctx.Err() == nil {
				r.st.fail("read")
			}
			return
		}
		if f.Type == "error" {
			r.st.fail(f.Code)
		}
		if f.Type != "state" || f.snap.Ply == 0 {
			continue
		}
		r.mu.Lock()
		at, ok := r.sentAt[[2]int{f.snap.GameNo, f.snap.Ply - 1}]
		r.mu.Unlock()
		if ok {
			d := time.Since(at)
			r.st.mu.Lock()
			r.st.watch = append(r.st.watch, d)
			r.st.mu.Unlock()
		}
	}
}

// loadMove is a move or rematch message (a struct encodes faster than a map).
type loadMove struct {
	Action string `json:"action"`
	Room   string `json:"room"`
	Token  string `json:"token"`
	Ply    *int   `json:"ply,omitempty"`
	Move   string `json:"move,omitempty"`
}

func containsSeat(xs []int, s int) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// scanState reads the few snapshot fields a load client needs from a state frame without
// decoding the rest (the move list, seats, position): the server writes each key once, and
// no value before them can contain a key's quoted text (moves and legal moves are plain
// notation). Anything unexpected reports !ok, and the caller decodes the frame in full.
func scanState(b []byte) (*loadSnap, bool) {
	if !bytes.HasPrefix(b, []byte(`{"type":"state"`)) {
		return nil, false
	}
	var s loadSnap
	num := func(key string) (int64, bool) {
		v, ok := scanValue(b, key, ",}")
		if !ok {
			return 0, false
		}
		n, err := strconv.ParseInt(string(v), 10, 64)
		return n, err == nil
	}
	var ok bool
	var n int64
	if n, ok = num("gameNo"); !ok {
		return nil, false
	}
	s.GameNo = int(n)
	if s.Version, ok = num("version"); !ok {
		return nil, false
	}
	if n, ok = num("ply"); !ok {
		return nil, false
	}
	s.Ply = int(n)
	if n, ok = num("toMove"); !ok {
		return nil, false
	}
	s.ToMove = int(n)
	v, ok := scanValue(b, "status", ",")
	if !ok || len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' || bytes.IndexByte(v[1:len(v)-1], '\\') >= 0 {
		return nil, false
	}
	s.Status = string(v[1 : len(v)-1])
	if v, ok = scanValue(b, "legal", "]"); !ok || json.Unmarshal(append(v, ']'), &s.Legal) != nil {
		return nil, false
	}
	if v, ok = scanValue(b, "rematch", "]"); !ok || json.Unmarshal(append(v, ']'), &s.Rematch) != nil {
		return nil, false
	}
	return &s, true
}

// scanValue returns the bytes after "key": up to (not including) the first of end, when
// the key occurs exactly once.
func scanValue(b []byte, key, end string) ([]byte, bool) {
	k := `"` + key + `":`
	i := bytes.Index(b, []byte(k))
	if i < 0 || bytes.Contains(b[i+len(k):], []byte(k)) {
		return nil, false
	}
	v := b[i+len(k):]
	j := bytes.IndexAny(v, end)
	if j < 0 {
		return nil, false
	}
	return v[:j:j], true
}

// parseLoadClock reads --clock: "BASE+INC", minutes and seconds (whole numbers), as the
// create message's time control; nil for "".
func parseLoadClock(spec string) (map[string]any, error) {
	if spec == "" {
		return nil, nil
	}
	b, i, ok := strings.Cut(spec, "+")
	base, err1 := strconv.Atoi(b)
	inc, err2 := strconv.Atoi(i)
	if !ok || err1 != nil || err2 != nil || base < 1 || inc < 0 {
		return nil, fmt.Errorf("%q is not BASE+INC (minutes + seconds, e.g. 10+5)", spec)
	}
	return map[string]any{"baseMs": base * 60000, "incrementMs": inc * 1000}, nil
}
