package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"runtime/pprof"
	"sort"
	"strconv"
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
}

// loadStats collects what every client measures.
type loadStats struct {
	moves  atomic.Int64
	errors atomic.Int64
	mu     sync.Mutex
	lat    []time.Duration
	errMsg sync.Map // code -> count, for the report on stderr
}

func (s *loadStats) fail(code string) {
	s.errors.Add(1)
	v, _ := s.errMsg.LoadOrStore(code, new(atomic.Int64))
	v.(*atomic.Int64).Add(1)
}

// loadtest: N rooms, each two clients that create/join and then play random legal moves
// (from the snapshot's legal list) as fast as the server answers, starting a rematch after
// each game. Latency is from sending a move to its mover receiving the new state.
func loadtest(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("loadtest", flag.ContinueOnError)
	fs.SetOutput(stderr)
	url := fs.String("url", "ws://localhost:8080/ws", "WebSocket URL of the server")
	rooms := fs.Int("rooms", 100, "rooms, each with two clients")
	duration := fs.Duration("duration", 10*time.Second, "how long to play once every room is ready")
	game := fs.String("game", "checkers", "game id")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile of the client to this file")
	if err := fs.Parse(args); err != nil {
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
	if *rooms < 1 || *duration <= 0 {
		fmt.Fprintln(stderr, "madang loadtest: --rooms must be positive and --duration > 0")
		return 2
	}
	st := &loadStats{}
	start := make(chan struct{})
	stop := make(chan struct{})
	var ready, done sync.WaitGroup
	sem := make(chan struct{}, 32) // dial at most 32 rooms at once
	for i := 0; i < *rooms; i++ {
		ready.Add(1)
		done.Add(1)
		go func(i int) {
			defer done.Done()
			sem <- struct{}{}
			r, err := newLoadRoom(ctx, *url, *game, st, uint64(i))
			<-sem
			ready.Done()
			if err != nil {
				st.fail("setup")
				fmt.Fprintf(stderr, "room %d: %v\n", i, err)
				return
			}
			defer r.close()
			<-start
			r.play(stop)
		}(i)
	}
	ready.Wait()
	fmt.Fprintf(stderr, "madang loadtest: %d rooms ready, playing %s\n", *rooms, *duration)
	t0 := time.Now()
	close(start)
	time.Sleep(*duration)
	close(stop)
	elapsed := time.Since(t0)
	done.Wait()

	st.mu.Lock()
	lat := st.lat
	st.mu.Unlock()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	q := func(p float64) float64 {
		if len(lat) == 0 {
			return 0
		}
		k := int(p * float64(len(lat)-1))
		return float64(lat[k].Microseconds()) / 1000
	}
	rep := loadReport{
		Rooms:       *rooms,
		Moves:       st.moves.Load(),
		MovesPerSec: float64(int64(float64(st.moves.Load())/elapsed.Seconds()*10)) / 10,
		P50ms:       q(0.50),
		P99ms:       q(0.99),
		Errors:      st.errors.Load(),
	}
	st.errMsg.Range(func(k, v any) bool {
		fmt.Fprintf(stderr, "errors %s: %d\n", k, v.(*atomic.Int64).Load())
		return true
	})
	b, _ := json.Marshal(rep)
	fmt.Fprintln(stdout, string(b))
	if rep.Errors > 0 {
		return 1
	}
	return 0
}

type loadClient struct {
	c     *websocket.Conn
	token string
	seat  int
	sent  map[int]time.Time // ply -> when the move was sent
}

type loadRoom struct {
	id      string
	clients [2]*loadClient
	st      *loadStats
	rng     *rand.Rand
	mu      sync.Mutex // rng
}

type loadFrame struct {
	Type  string          `json:"type"`
	Code  string          `json:"code"`
	Seat  *int            `json:"seat"`
	Token string          `json:"token"`
	Room  json.RawMessage `json:"room"`
	snap  *loadSnap
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

func newLoadRoom(ctx context.Context, url, game string, st *loadStats, seed uint64) (*loadRoom, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	r := &loadRoom{st: st, rng: rand.New(rand.NewPCG(seed, 1))}
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
	if err := write(r.clients[0].c, map[string]any{"action": "create", "game": game, "options": map[string]any{}}); err != nil {
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
	return r, nil
}

func (r *loadRoom) close() {
	for _, c := range r.clients {
		if c != nil {
			c.c.CloseNow()
		}
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
	// Kick: the first state after setup may have been read during setup; a resume makes
	// the server send a fresh one to each client.
	for _, c := range r.clients {
		b, _ := json.Marshal(map[string]any{"action": "resume", "room": r.id, "token": c.token})
		c.c.Write(ctx, websocket.MessageText, b)
	}
	wg.Wait()
}

func (r *loadRoom) run(ctx context.Context, c *loadClient) {
	// What this client last did: a move at (game, ply), a rematch vote in a game. States
	// repeat a ply (another socket's resume) and may arrive out of order; act once.
	movedGame, movedPly, votedGame := 0, -1, 0
	for {
		f, err := readFrame(ctx, c.c)
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
			r.mu.Unlock()
			msg = loadMove{Action: "move", Room: r.id, Token: c.token, Ply: &s.Ply, Move: mv}
			clear(c.sent)
			c.sent[s.Ply] = time.Now()
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
