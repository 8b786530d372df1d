package room_test

import (
	"context"
	cryptorand "crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"madang/functions/room"
	"madang/functions/store/memory"
	_ "madang/internal/trackgame"
	"madang/rules"

	"madang/internal/fakeclock"
)

// quiet drops the service's logs (tests provoke store failures on purpose).
var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// t0 is the fake clock's start.
var t0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// fakeNotifier records every frame per connection; connections in gone answer ErrGone.
type fakeNotifier struct {
	mu     sync.Mutex
	frames map[string][][]byte
	gone   map[string]bool
}

func (n *fakeNotifier) Post(_ context.Context, conn string, msg []byte) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.gone[conn] {
		return room.ErrGone
	}
	n.frames[conn] = append(n.frames[conn], append([]byte(nil), msg...))
	return nil
}

type invocation struct {
	room    string
	version int64
}

type fakeInvoker struct {
	mu    sync.Mutex
	calls []invocation
}

func (f *fakeInvoker) InvokeAI(_ context.Context, id string, v int64) error {
	f.mu.Lock()
	f.calls = append(f.calls, invocation{id, v})
	f.mu.Unlock()
	return nil
}

type scheduled struct {
	d time.Duration
	a room.Delayed
}

type fakeScheduler struct {
	mu   sync.Mutex
	jobs []scheduled
}

func (f *fakeScheduler) After(_ context.Context, d time.Duration, a room.Delayed) error {
	f.mu.Lock()
	f.jobs = append(f.jobs, scheduled{d, a})
	f.mu.Unlock()
	return nil
}

// fakeAI plays the first legal move; accept and offer are its draw answers.
type fakeAI struct {
	accept, offer bool
	levels        []string
	seeds         []int64
}

func (a *fakeAI) Choose(_ context.Context, s rules.State, level string, seed int64) (rules.Move, error) {
	a.levels = append(a.levels, level)
	a.seeds = append(a.seeds, seed)
	ms := s.Moves()
	if len(ms) == 0 {
		return nil, fmt.Errorf("no moves")
	}
	return ms[0], nil
}
func (a *fakeAI) AcceptDraw(rules.State) bool { return a.accept }
func (a *fakeAI) OfferDraw(rules.State) bool  { return a.offer }

// fakeRand is the service's random source: one-byte reads (the dice, one byte per attempt)
// take the scripted bytes first, everything else (tokens, room ids) comes from crypto/rand.
type fakeRand struct {
	mu     sync.Mutex
	script []byte
	read   int // one-byte reads served
}

func (r *fakeRand) Read(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(p) == 1 {
		r.read++
		if len(r.script) > 0 {
			p[0], r.script = r.script[0], r.script[1:]
			return 1, nil
		}
	}
	return cryptorand.Read(p)
}

// dice scripts the next dice values (each 1..6) as the bytes that draw them.
func (r *fakeRand) dice(vs ...int) {
	r.mu.Lock()
	for _, v := range vs {
		r.script = append(r.script, byte(v-1))
	}
	r.mu.Unlock()
}

type harness struct {
	t     testing.TB
	rand  *fakeRand
	svc   *room.Service
	store *memory.Store
	clock *fakeclock.Clock
	note  *fakeNotifier
	inv   *fakeInvoker
	sched *fakeScheduler
	ai    *fakeAI
}

func newHarness(t testing.TB) *harness {
	h := &harness{
		t:     t,
		store: memory.New(),
		clock: fakeclock.New(t0),
		note:  &fakeNotifier{frames: map[string][][]byte{}, gone: map[string]bool{}},
		inv:   &fakeInvoker{},
		sched: &fakeScheduler{},
		ai:    &fakeAI{},
		rand:  &fakeRand{},
	}
	h.svc = room.New(room.Deps{Store: h.store, Notifier: h.note, Invoker: h.inv, Scheduler: h.sched, Clock: h.clock, AI: h.ai, Log: quiet, Rand: h.rand})
	return h
}

// Wire frames as PROTOCOL.md documents them.
type frame struct {
	Type    string          `json:"type"`
	ID      json.RawMessage `json:"id"`
	Code    string          `json:"code"`
	Message string          `json:"message"`
	Seat    *int            `json:"seat"`
	Token   *string         `json:"token"`
	Room    json.RawMessage `json:"room"`
	snap    *snapshot
}

type snapshot struct {
	ID      string         `json:"id"`
	Game    string         `json:"game"`
	Options map[string]int `json:"options"`
	Version int64          `json:"version"`
	Status  string         `json:"status"`
	Phase   string         `json:"phase"`
	Dice    *[2]int        `json:"dice"`
	Ply     int            `json:"ply"`
	Moves   []string       `json:"moves"`
	ToMove  int            `json:"toMove"`
	Legal   []string       `json:"legal"`
	Seats   []struct {
		Kind         string `json:"kind"`
		Connected    bool   `json:"connected"`
		AwaySince    *int64 `json:"awaySince"`
		AI           bool   `json:"ai"`
		MayOfferDraw bool   `json:"mayOfferDraw"`
	} `json:"seats"`
	Spectators int `json:"spectators"`
	DrawOffer  *struct {
		Seat int `json:"seat"`
		Ply  int `json:"ply"`
	} `json:"drawOffer"`
	Result *struct {
		Winner *int   `json:"winner"`
		Reason string `json:"reason"`
		Points int    `json:"points"`
	} `json:"result"`
	Rematch   []int `json:"rematch"`
	GameNo    int   `json:"gameNo"`
	ExpiresAt int64 `json:"expiresAt"`
}

// take returns and forgets the frames posted to conn.
func (h *harness) take(conn string) []frame {
	h.note.mu.Lock()
	raw := h.note.frames[conn]
	delete(h.note.frames, conn)
	h.note.mu.Unlock()
	var out []frame
	for _, r := range raw {
		var f frame
		if err := json.Unmarshal(r, &f); err != nil {
			h.t.Fatalf("frame %s: %v", r, err)
		}
		if f.Type == "state" {
			f.snap = &snapshot{}
			if err := json.Unmarshal(f.Room, f.snap); err != nil {
				h.t.Fatalf("snapshot %s: %v", f.Room, err)
			}
		}
		out = append(out, f)
	}
	return out
}

// send handles one message from conn and returns the frames conn received.
func (h *harness) send(conn string, msg any) []frame {
	h.t.Helper()
	var raw []byte
	switch m := msg.(type) {
	case string:
		raw = []byte(m)
	case []byte:
		raw = m
	default:
		var err error
		if raw, err = json.Marshal(m); err != nil {
			h.t.Fatal(err)
		}
	}
	h.take(conn) // only this message's answers
	if err := h.svc.Handle(context.Background(), conn, raw); err != nil {
		h.t.Fatalf("Handle: %v", err)
	}
	return h.take(conn)
}

type M = map[string]any

// lastState is the last snapshot in frames; it fails when there is none.
func (h *harness) lastState(fs []frame) *snapshot {
	h.t.Helper()
	for i := len(fs) - 1; i >= 0; i-- {
		if fs[i].snap != nil {
			return fs[i].snap
		}
	}
	h.t.Fatalf("no state in %v", describe(fs))
	return nil
}

func describe(fs []frame) string {
	var parts []string
	for _, f := range fs {
		switch f.Type {
		case "error":
			parts = append(parts, "error:"+f.Code)
		case "state":
			parts = append(parts, fmt.Sprintf("state:v%d", f.snap.Version))
		case "joined":
			parts = append(parts, fmt.Sprintf("joined:%d", *f.Seat))
		default:
			parts = append(parts, f.Type)
		}
	}
	return strings.Join(parts, ",")
}

// wantError checks that frames start with an error of code.
func (h *harness) wantError(fs []frame, code string) {
	h.t.Helper()
	if len(fs) == 0 || fs[0].Type != "error" || fs[0].Code != code {
		h.t.Fatalf("got %s, want error %s", describe(fs), code)
	}
	if fs[0].Message == "" {
		h.t.Fatalf("error %s without a message", code)
	}
}

// record is the stored room, to check that refused messages change nothing.
func (h *harness) record(id string) room.Record {
	h.t.Helper()
	r, err := h.store.GetRoom(context.Background(), id, h.clock.Now())
	if err != nil {
		h.t.Fatalf("GetRoom %s: %v", id, err)
	}
	return r
}

// unchanged fails unless the stored room equals before.
func (h *harness) unchanged(before room.Record) {
	h.t.Helper()
	after := h.record(before.ID)
	if after.Version != before.Version || string(after.Body) != string(before.Body) {
		h.t.Fatalf("a refused message changed the room: v%d -> v%d", before.Version, after.Version)
	}
}

// table is a room with seated connections "c0", "c1", ... and their tokens.
type table struct {
	id     string
	tokens []string
}

// open creates a room of game with opts from c0 and seats players-1 more people.
func (h *harness) open(game string, opts M, players int) table {
	h.t.Helper()
	return h.openTimed(game, opts, nil, players)
}

// openTimed is open with a time control (create's `clock`; nil: none).
func (h *harness) openTimed(game string, opts M, clock M, players int) table {
	h.t.Helper()
	create := M{"action": "create", "game": game, "options": opts, "id": 1}
	if clock != nil {
		create["clock"] = clock
	}
	fs := h.send("c0", create)
	if len(fs) < 2 || fs[0].Type != "joined" || fs[0].Token == nil {
		h.t.Fatalf("create: %s", describe(fs))
	}
	var id string
	json.Unmarshal(fs[0].Room, &id)
	tb := table{id: id, tokens: []string{*fs[0].Token}}
	for i := 1; i < players; i++ {
		c := fmt.Sprintf("c%d", i)
		fs := h.send(c, M{"action": "join", "room": id})
		if len(fs) < 2 || fs[0].Type != "joined" || fs[0].Token == nil || *fs[0].Seat != i {
			h.t.Fatalf("join %d: %s", i, describe(fs))
		}
		tb.tokens = append(tb.tokens, *fs[0].Token)
	}
	for i := 0; i < players; i++ {
		h.take(fmt.Sprintf("c%d", i))
	}
	return tb
}

// move sends a move of seat i at the room's current ply and returns i's frames.
func (h *harness) move(tb table, i int, mv string, extra ...any) []frame {
	h.t.Helper()
	st := h.snap(tb)
	msg := M{"action": "move", "room": tb.id, "token": tb.tokens[i], "ply": st.Ply, "move": mv}
	for k := 0; k+1 < len(extra); k += 2 {
		msg[extra[k].(string)] = extra[k+1]
	}
	return h.send(fmt.Sprintf("c%d", i), msg)
}

// snap reads the room's current snapshot without changing it.
func (h *harness) snap(tb table) *snapshot {
	h.t.Helper()
	s, err := h.svc.Snapshot(context.Background(), tb.id)
	if err != nil {
		h.t.Fatalf("Snapshot: %v", err)
	}
	raw, _ := json.Marshal(s)
	var out snapshot
	if err := json.Unmarshal(raw, &out); err != nil {
		h.t.Fatal(err)
	}
	return &out
}
