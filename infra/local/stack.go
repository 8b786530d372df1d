package local

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"time"

	"madang/functions/room"
)

// Config is what the local stack is built from.
type Config struct {
	Store   room.Store
	AI      room.AI // nil: AI seats never move
	SiteDir string  // static files; a Korean placeholder page when it has no index.html
	// WSURL is what /config.json tells the page ("/ws" by default: same origin).
	WSURL          string
	OriginPatterns []string
	// Rate is the per-socket message rate limit (see Gateway.Rate); negative disables it,
	// 0 means the default.
	Rate float64
	// AIWorkers bounds the AI turns run at once in each lane of the pool, the short
	// searches' (beginner, intermediate) and the long ones' (advanced) (0: GOMAXPROCS, at
	// least 2).
	AIWorkers int
	// MaxSockets bounds the open sockets (Gateway.MaxSockets; 0: no limit).
	MaxSockets int
	// Limits are the room service's limits (zero fields: the defaults).
	Limits room.Limits
	// Clock is the room service's clock (nil: the system clock); tests pass a fake one to
	// reach the room's timers (ProbeAfter, the 2 min takeover) without waiting.
	Clock room.Clock
	Log   *slog.Logger
}

// Stack is the whole local system: gateway, room service, invoker and delay queue.
type Stack struct {
	Gateway *Gateway
	Service *room.Service
	inv     *invoker
	sched   *scheduler
	handler http.Handler
	store   room.Store
	clock   room.Clock
	log     *slog.Logger
}

// New assembles the local stack.
func New(cfg Config) *Stack {
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.WSURL == "" {
		cfg.WSURL = "/ws"
	}
	if cfg.Clock == nil {
		cfg.Clock = SystemClock{}
	}
	st := &Stack{store: cfg.Store, clock: cfg.Clock, log: cfg.Log, inv: newInvoker(cfg.Log, cfg.AIWorkers), sched: &scheduler{log: cfg.Log, timers: map[*time.Timer]bool{}}}
	st.Gateway = NewGateway(nil, cfg.Log)
	st.Gateway.OriginPatterns = cfg.OriginPatterns
	st.Gateway.MaxSockets = cfg.MaxSockets
	if cfg.Rate < 0 {
		st.Gateway.Rate = 0
	} else if cfg.Rate > 0 {
		st.Gateway.Rate = cfg.Rate
	}
	st.Service = room.New(room.Deps{
		Store:     cfg.Store,
		Notifier:  st.Gateway,
		Prober:    st.Gateway, // finds the sockets whose $disconnect was lost (DropDisconnect)
		Invoker:   st.inv,
		Scheduler: st.sched,
		Clock:     cfg.Clock,
		AI:        cfg.AI,
		Log:       cfg.Log,
		// One process holds every writer: a room's writes take turns instead of racing.
		SerialRooms: true,
		Limits:      cfg.Limits,
	})
	st.Gateway.SetHandler(st.Service)
	st.inv.svc, st.sched.svc = st.Service, st.Service

	mux := http.NewServeMux()
	mux.Handle("/ws", st.Gateway)
	mux.Handle("/@connections/", st.Gateway.Management())
	cfgJSON, _ := json.Marshal(map[string]string{"ws": cfg.WSURL})
	mux.HandleFunc("GET /config.json", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		w.Write(cfgJSON)
	})
	mux.Handle("/", Site(cfg.SiteDir))
	st.handler = mux
	return st
}

// ResetConnections forgets the sockets of a previous run in every live room of the store
// (none survives a restart, and no $disconnect will come for them): their seats show away
// and a room without sockets expires after its idle time. Run it once at start, before
// serving. Errors: the store cannot list its rooms (room.RoomLister), or listing failed;
// a room that fails to reset is logged and skipped.
func (st *Stack) ResetConnections(ctx context.Context) error {
	l, ok := st.store.(room.RoomLister)
	if !ok {
		return fmt.Errorf("local: the %T store cannot list its rooms", st.store)
	}
	ids, err := l.RoomIDs(ctx, st.clock.Now())
	if err != nil {
		return err
	}
	for _, id := range ids {
		if err := st.Service.ResetConnections(ctx, id); err != nil {
			st.log.Error("local: reset connections", "room", id, "err", err)
		}
	}
	return nil
}

// Handler is the HTTP handler of the stack.
func (st *Stack) Handler() http.Handler { return st.handler }

// Close closes every socket, stops the delay queue and waits for running AI invocations.
func (st *Stack) Close() {
	st.Gateway.CloseAll()
	st.sched.stop()
	st.inv.wait()
}

// SystemClock is room.Clock on the system time.
type SystemClock struct{}

// Now implements room.Clock.
func (SystemClock) Now() time.Time { return time.Now() }

// invoker is the in-process room.Invoker (a room.TurnInvoker): bounded pools of workers run
// the AI's turns, with the Lambda's 30 s limit per run, and at most one run per room at a
// time. An invocation for a room that is already waiting is folded into
// it; one for a room whose AI is running makes it run once more after (the turn may have
// moved on).
//
// Turns are served fairly: each lane takes its rooms in turn (first come,
// first served, a room waiting once however often it is invoked), and the short searches
// (beginner, intermediate: bounded depths) have a lane of their own beside the long ones
// (advanced: 1.5 s a move, or a turn of unknown level), so that no number of long searches
// holds up a short one. Each lane runs at most workers turns at once.
type invoker struct {
	svc     *room.Service
	log     *slog.Logger
	workers int // at most this many runs at once per lane

	wg     sync.WaitGroup
	mu     sync.Mutex
	closed bool
	lanes  [laneCount]lane
	rooms  map[string]*aiRun // rooms waiting or running
}

// The lanes of the AI pool.
const (
	laneShort = iota // beginner and intermediate: depth-bounded searches
	laneLong         // advanced (timed searches) and turns of unknown level
	laneCount
)

// laneOf is the lane of a turn at an AI level.
func laneOf(level string) int {
	if level == "beginner" || level == "intermediate" {
		return laneShort
	}
	return laneLong
}

type lane struct {
	queue  []string // rooms waiting, oldest first
	active int      // running workers
}

type aiRun struct {
	version int64 // the newest version invoked
	lane    int   // the lane of the newest invocation
	running bool
	again   bool // invoked again while running
}

func newInvoker(log *slog.Logger, workers int) *invoker {
	if workers <= 0 {
		workers = max(2, runtime.GOMAXPROCS(0))
	}
	return &invoker{log: log, workers: workers, rooms: map[string]*aiRun{}}
}

// InvokeAI implements room.Invoker: a turn of unknown level, in the long lane.
func (i *invoker) InvokeAI(_ context.Context, roomID string, version int64) error {
	i.invoke(roomID, version, laneLong)
	return nil
}

// InvokeTurn implements room.TurnInvoker: the turn waits in its level's lane.
func (i *invoker) InvokeTurn(_ context.Context, t room.AITurn) error {
	i.invoke(t.Room, t.Version, laneOf(t.Level))
	return nil
}

func (i *invoker) invoke(roomID string, version int64, ln int) {
	i.mu.Lock()
	defer i.mu.Unlock()
	if i.closed {
		return
	}
	r := i.rooms[roomID]
	switch {
	case r == nil:
		r = &aiRun{version: version, lane: ln}
		i.rooms[roomID] = r
		i.lanes[ln].queue = append(i.lanes[ln].queue, roomID)
	case r.running:
		r.again, r.lane = true, ln
	}
	r.version = max(r.version, version)
	i.start(r.lane)
}

// start starts a worker in lane ln when rooms wait there and it has room for one (the
// caller holds mu).
func (i *invoker) start(ln int) {
	l := &i.lanes[ln]
	if l.active < i.workers && len(l.queue) > 0 {
		l.active++
		i.wg.Add(1)
		go i.work(ln)
	}
}

// work runs the rooms queued in lane ln until none is left.
func (i *invoker) work(ln int) {
	defer i.wg.Done()
	for {
		i.mu.Lock()
		l := &i.lanes[ln]
		if len(l.queue) == 0 || i.closed {
			l.active--
			i.mu.Unlock()
			return
		}
		id := l.queue[0]
		l.queue = l.queue[1:]
		r := i.rooms[id]
		r.running, r.again = true, false
		version := r.version
		i.mu.Unlock()

		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		if err := i.svc.RunAI(ctx, id, version); err != nil {
			i.log.Error("local: ai", "room", id, "version", version, "err", err)
		}
		cancel()

		i.mu.Lock()
		r.running = false
		if r.again {
			i.lanes[r.lane].queue = append(i.lanes[r.lane].queue, id)
			i.start(r.lane)
		} else {
			delete(i.rooms, id)
		}
		i.mu.Unlock()
	}
}

func (i *invoker) wait() {
	i.mu.Lock()
	i.closed = true
	i.mu.Unlock()
	i.wg.Wait()
}

// scheduler is the in-process delay queue (SQS with a delay on AWS).
type scheduler struct {
	svc    *room.Service
	log    *slog.Logger
	mu     sync.Mutex
	timers map[*time.Timer]bool
	closed bool
}

func (s *scheduler) After(_ context.Context, d time.Duration, a room.Delayed) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil
	}
	var t *time.Timer
	t = time.AfterFunc(d, func() {
		s.mu.Lock()
		delete(s.timers, t)
		s.mu.Unlock()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if err := s.svc.RunDelayed(ctx, a); err != nil {
			s.log.Error("local: delayed", "room", a.Room, "kind", a.Kind, "err", err)
		}
	})
	s.timers[t] = true
	return nil
}

func (s *scheduler) stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	for t := range s.timers {
		t.Stop()
	}
}

// Site serves the built site from dir (precompressed copies, caching and the 404 page: see
// static.ServeHTTP), or a Korean placeholder page when dir has no index.html (the site is
// not built yet).
func Site(dir string) http.Handler {
	if _, err := os.Stat(filepath.Join(dir, "index.html")); err == nil {
		if s, err := newStatic(dir); err == nil {
			return s // static.go
		}
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" && r.URL.Path != "/index.html" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(placeholder))
	})
}

const placeholder = `<!doctype html>
<html lang="ko">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>마당</title></head>
<body>
<main>
<h1>마당</h1>
<p>아직 사이트가 빌드되지 않았습니다. 저장소에서 <code>make run</code>으로 사이트를 빌드한 뒤 다시 열어 주세요.</p>
<p>게임 서버는 작동 중입니다. 웹소켓 주소는 <code>/ws</code>입니다.</p>
</main>
</body>
</html>
`
