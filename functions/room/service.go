package room

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"log/slog"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"madang/rules"
)

// AI is the room service's port to the game engines: the local stack and the Lambda mains
// wire in the real engines (package functions/aiseat); tests use a fake.
type AI interface {
	// Choose picks a legal move of s for the seat to move at the named level
	// ("beginner", "intermediate", "advanced"), deterministically for seed.
	Choose(ctx context.Context, s rules.State, level string, seed int64) (rules.Move, error)
	// AcceptDraw reports whether the seat to move accepts the opponent's draw offer.
	AcceptDraw(s rules.State) bool
	// OfferDraw reports whether the seat to move offers a draw with its next move.
	OfferDraw(s rules.State) bool
}

// MaxConnection is the longest a socket lives: API Gateway closes any WebSocket connection
// after 2 h (the local gateway too).
const MaxConnection = 2 * time.Hour

// ConnLifetime is how long a connection record lives: MaxConnection and a margin of 1 h,
// so that the $disconnect sent at the cutoff, even a late one, still finds the record and
// marks the seat away. A record outliving its socket costs nothing but its bytes.
const ConnLifetime = MaxConnection + time.Hour

// Deps are the ports a Service uses. Store, Notifier and Clock are required; Invoker,
// Scheduler and AI may be nil when a deployment runs without AI seats or timers (the
// corresponding features then do nothing).
type Deps struct {
	Store    Store
	Notifier Notifier
	// Prober finds sockets whose $disconnect was lost; nil: the Notifier when it is a
	// Prober too (the local gateway, the management API notifier), else no probing.
	Prober    Prober
	Invoker   Invoker
	Scheduler Scheduler
	Clock     Clock
	AI        AI
	Log       *slog.Logger // nil: slog.Default()
	Rand      io.Reader    // nil: crypto/rand; tokens and room ids come from it
	// SerialRooms makes the writes of one room in this process take turns instead of
	// racing (the local stack, where every writer shares one process); the conditional
	// write still guards against writers in other processes (Lambda instances).
	SerialRooms bool
	// Limits are the service's limits on a public server; zero fields take the defaults.
	Limits Limits
}

// Limits bound what one socket or room may take (PROTOCOL.md, "Limits").
type Limits struct {
	// CreatesPerMinute is how many rooms one socket may create in a minute (a fixed window
	// from its first create); more answer rate-limited. 0: DefaultCreatesPerMinute;
	// negative: no limit. Counted per process (per Lambda instance on AWS).
	CreatesPerMinute int
	// MaxSpectators is how many spectator sockets one room takes; a join beyond answers
	// room-full. 0: DefaultMaxSpectators; never more than MaxConns.
	MaxSpectators int
}

// Default limits.
const (
	DefaultCreatesPerMinute = 10
	DefaultMaxSpectators    = 50
	// MaxSeatSockets is how many sockets one seat keeps (tabs of one person): binding one
	// more drops the seat's oldest socket from the room.
	MaxSeatSockets = 4
)

// Service is the room service. Its methods are safe for concurrent use; all room state is in
// the Store, so many Services (Lambda instances) may share one store.
type Service struct {
	d       Deps
	cache   stateCache
	locks   *roomLocks // nil unless Deps.SerialRooms
	creates createCounter
}

// New makes a Service.
func New(d Deps) *Service {
	if d.Log == nil {
		d.Log = slog.Default()
	}
	if d.Rand == nil {
		d.Rand = cryptoRand
	}
	if d.Limits.CreatesPerMinute == 0 {
		d.Limits.CreatesPerMinute = DefaultCreatesPerMinute
	}
	if d.Limits.MaxSpectators <= 0 {
		d.Limits.MaxSpectators = DefaultMaxSpectators
	}
	d.Limits.MaxSpectators = min(d.Limits.MaxSpectators, MaxConns)
	if p, ok := d.Notifier.(Prober); ok && d.Prober == nil {
		d.Prober = p
	}
	s := &Service{d: d, creates: createCounter{m: map[string]createWindow{}}}
	if d.SerialRooms {
		s.locks = &roomLocks{m: map[string]*roomLock{}}
	}
	return s
}

// effects are what a successful change sends and starts after it is stored.
type effects struct {
	sender    string          // the connection whose message this is
	id        json.RawMessage // echoed to the sender
	joined    []outJoined     // posted before the state, each to its connection (ID field = conn)
	joinedTo  []string
	bind      []Conn   // connection records to write
	replaced  []string // sockets the room let go for a newer one of their seat (CodeReplaced)
	broadcast bool     // post the state to every socket of the room
	kick      bool     // the AI's turn may have begun: ask the Invoker (set by update)
	noWrite   bool     // nothing changed; only reply
	// awayArrived: this change is the arrival of the room's pending away check (RunDelayed).
	awayArrived bool
	// away: ask the Scheduler for an away check after awayWait (set by update, planAway).
	away     bool
	awayWait time.Duration
}

// Retries of a lost conditional write: they back off with full jitter from retryBase,
// doubling up to retryMax, until retryBudget has passed since the first attempt (or the
// context ends, if sooner).
const (
	retryBudget = 10 * time.Second
	retryBase   = time.Millisecond
	retryMax    = 100 * time.Millisecond
)

// update runs fn on the current room and writes the result conditionally on the version it
// read, re-reading and re-running fn after a lost race (fn re-validates on the fresh room).
// On a refusal it returns the room as read with fn's error, and stores nothing. When fn
// changes nothing (effects.noWrite) nothing is written. With Deps.SerialRooms the writes of
// one room in this process take turns; the conditional write still guards against other
// processes.
func (s *Service) update(ctx context.Context, id string, fn func(l *loaded) (*effects, *Error)) (*loaded, *effects, *Error) {
	return s.updateFrom(ctx, id, Record{}, fn)
}

// updateFrom is update starting from known, the room as its caller read it (zero: read it
// now): a caller that has just read the room (RunAI, before its search) saves the second
// read, and the conditional write still refuses it when the room has moved since.
func (s *Service) updateFrom(ctx context.Context, id string, known Record, fn func(l *loaded) (*effects, *Error)) (*loaded, *effects, *Error) {
	if !validRoomID(id) {
		return nil, nil, errf(CodeRoomNotFound, "")
	}
	var unlock func() // the room's lock, while held
	if s.locks != nil {
		var err error
		if unlock, err = s.locks.lock(ctx, id); err != nil {
			return nil, nil, s.ended(ctx, id, "wait for the room's turn")
		}
		defer func() {
			if unlock != nil {
				unlock()
			}
		}()
	}
	// With the lock, a store that orders its writes before they are durable lets the next
	// writer in before the disk has the write (OrderedPutter).
	ordered, _ := s.d.Store.(OrderedPutter)
	if unlock == nil {
		ordered = nil
	}
	fresh := known // the current room as a lost write returned it, when the store could tell
	deadline := time.Now().Add(retryBudget)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	backoff := retryBase
	for attempt := 0; ; attempt++ {
		if attempt > 0 {
			wait := rand.N(backoff + 1) // full jitter
			if backoff < retryMax {
				backoff *= 2
			}
			if time.Now().Add(wait).After(deadline) {
				break
			}
			t := time.NewTimer(wait)
			select {
			case <-ctx.Done():
				t.Stop()
				return nil, nil, s.ended(ctx, id, "retry")
			case <-t.C:
			}
		}
		now := s.d.Clock.Now()
		rec, err := fresh, error(nil)
		if rec.Version == 0 || (!rec.ExpiresAt.IsZero() && !now.Before(rec.ExpiresAt)) {
			rec, err = s.d.Store.GetRoom(ctx, id, now)
		}
		fresh = Record{}
		if errors.Is(err, ErrNotFound) {
			return nil, nil, errf(CodeRoomNotFound, "")
		}
		if err != nil {
			s.d.Log.Error("room: get", "room", id, "err", err)
			return nil, nil, errf(CodeInternal, "")
		}
		l, err := s.decode(rec)
		if err != nil {
			s.d.Log.Error("room: decode", "room", id, "err", err)
			return nil, nil, errf(CodeInternal, "")
		}
		before := l.turnKey()
		eff, e := fn(l)
		if e != nil {
			return l, nil, e
		}
		if l.turnKey() != before {
			eff.kick = true
			l.b.TurnSince = ms(now) // in this write: no write of its own
		}
		s.planAway(l, eff, ms(now))
		if eff.noWrite {
			return l, eff, nil
		}
		if len(l.b.Conns) == 0 {
			if l.b.IdleSince == 0 {
				l.b.IdleSince = ms(now)
			}
		} else {
			l.b.IdleSince = 0
		}
		next := Record{ID: id, Version: rec.Version + 1, ExpiresAt: l.expiresAt(), Body: encodeBody(&l.b)}
		var cur Record
		var durable func() error
		if ordered != nil {
			cur, durable, err = ordered.PutRoomOrdered(ctx, next, rec.Version, now)
		} else {
			cur, err = s.d.Store.PutRoom(ctx, next, rec.Version, now)
		}
		if errors.Is(err, ErrConflict) {
			if cur.ID == id && cur.Version > rec.Version {
				fresh = cur // resync without a second read (DynamoDB ReturnValuesOnConditionCheckFailure)
			}
			continue
		}
		if err != nil {
			s.d.Log.Error("room: put", "room", id, "err", err)
			return nil, nil, errf(CodeInternal, "")
		}
		l.version = next.Version
		s.cache.put(id, next.Version, next.Body, l)
		if durable != nil {
			unlock()
			unlock = nil
			if err := durable(); err != nil {
				s.d.Log.Error("room: put (durable)", "room", id, "err", err)
				return nil, nil, errf(CodeInternal, "")
			}
		}
		return l, eff, nil
	}
	s.d.Log.Error("room: conflicts until the retry deadline", "room", id)
	return nil, nil, errf(CodeInternal, "")
}

// ended is update's answer when ctx ended while the write waited (for the room's turn, or
// to retry): internal. A cancelled context is its caller going away (the socket closed, or
// the server is stopping), nobody is left to answer, and it is no fault of the server: it
// is logged at debug level. A deadline that passed is the server being too slow: an error.
func (s *Service) ended(ctx context.Context, id, what string) *Error {
	if err := ctx.Err(); errors.Is(err, context.Canceled) {
		s.d.Log.Debug("room: caller gone during "+what, "room", id)
	} else {
		s.d.Log.Error("room: "+what, "room", id, "err", err)
	}
	return errf(CodeInternal, "")
}

// roomLocks lets the writes of one room in this process take turns (Deps.SerialRooms).
type roomLocks struct {
	mu sync.Mutex
	m  map[string]*roomLock
}

type roomLock struct {
	ch   chan struct{} // holds one token while the room is locked
	refs int
}

// lock waits for the room's turn, or for ctx to end.
func (r *roomLocks) lock(ctx context.Context, id string) (func(), error) {
	r.mu.Lock()
	e := r.m[id]
	if e == nil {
		e = &roomLock{ch: make(chan struct{}, 1)}
		r.m[id] = e
	}
	e.refs++
	r.mu.Unlock()
	release := func() {
		r.mu.Lock()
		if e.refs--; e.refs == 0 {
			delete(r.m, id)
		}
		r.mu.Unlock()
	}
	select {
	case e.ch <- struct{}{}:
		return func() { <-e.ch; release() }, nil
	case <-ctx.Done():
		release()
		return nil, ctx.Err()
	}
}

// updateQuietly is update for actions no client waits on (delayed checks, AI moves,
// resets): a room that is gone or expired is not an error, and l is nil then.
func (s *Service) updateQuietly(ctx context.Context, id string, fn func(l *loaded) (*effects, *Error)) (*loaded, *effects, error) {
	return s.updateQuietlyFrom(ctx, id, Record{}, fn)
}

// updateQuietlyFrom is updateQuietly starting from known (see updateFrom).
func (s *Service) updateQuietlyFrom(ctx context.Context, id string, known Record, fn func(l *loaded) (*effects, *Error)) (*loaded, *effects, error) {
	l, eff, e := s.updateFrom(ctx, id, known, fn)
	if e != nil {
		if e.Code == CodeRoomNotFound {
			return nil, nil, nil
		}
		return nil, nil, e
	}
	return l, eff, nil
}

// decode reads a stored room and replays its moves.
func (s *Service) decode(rec Record) (*loaded, error) {
	l := &loaded{id: rec.ID, version: rec.Version}
	if e, ok := s.cache.get(rec); ok {
		l.b, l.state, l.prev, l.steps = e.b, e.state, e.prev, e.steps
		g, ok1 := rules.Lookup(l.b.Game)
		pol, ok2 := PolicyFor(l.b.Game)
		if ok1 && ok2 {
			l.game, l.pol = g, pol
			return l, nil
		}
	}
	if err := json.Unmarshal(rec.Body, &l.b); err != nil {
		return nil, err
	}
	g, ok := rules.Lookup(l.b.Game)
	if !ok {
		return nil, rules.ErrUnknown
	}
	pol, ok := PolicyFor(l.b.Game)
	if !ok {
		return nil, rules.ErrUnknown
	}
	l.game, l.pol = g, pol
	st, err := g.New(l.b.Options)
	if err != nil {
		return nil, err
	}
	l.state = st
	l.steps = make([]step, 0, len(l.b.Moves))
	for _, text := range l.b.Moves {
		sp := stepOf(st)
		next, err := rules.PlayText(st, text)
		if err != nil {
			return nil, err
		}
		l.steps = append(l.steps, sp)
		l.prev, st = st, next
	}
	l.state = st
	s.cache.put(rec.ID, rec.Version, rec.Body, l)
	return l, nil
}

// stateCacheSize bounds the replayed states kept in memory: more than the rooms one
// process serves at once (a local server holds 10,000 rooms within its 20,000 sockets),
// since a room that misses is replayed from its first move, each move parsed against the
// legal moves (BenchmarkCheckersMoveRooms). An entry takes a few KB.
const stateCacheSize = 1 << 14

// stateCache keeps the decoded body and replayed game state of recently used rooms, keyed
// by room id, version and the stored bytes, so that a message neither
// decodes JSON nor replays the whole game. A stored version's body never changes (a reused
// id after expiry differs in its bytes), so a hit is right.
type stateCache struct {
	mu sync.Mutex
	m  map[string]cachedState
}

type cachedState struct {
	version int64
	raw     []byte // the stored bytes, never written to (encodeBody or the store made them)
	b       body
	state   rules.State
	prev    rules.State
	steps   []step // capacity == length, so an append copies it
}

func (c *stateCache) get(rec Record) (cachedState, bool) {
	c.mu.Lock()
	e, ok := c.m[rec.ID]
	c.mu.Unlock()
	// Comparing the bytes is exact and cheaper than any checksum of them.
	if !ok || e.version != rec.Version || !bytes.Equal(e.raw, rec.Body) {
		return cachedState{}, false
	}
	e.b = e.b.clone()
	return e, true
}

func (c *stateCache) put(id string, version int64, raw []byte, l *loaded) {
	e := cachedState{version: version, raw: raw, b: l.b.clone(), state: l.state, prev: l.prev, steps: slices.Clip(l.steps)}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[string]cachedState{}
	}
	if _, ok := c.m[id]; !ok && len(c.m) >= stateCacheSize {
		for k := range c.m { // drop an arbitrary entry
			delete(c.m, k)
			break
		}
	}
	c.m[id] = e
}

// clone copies everything a change may write to, so that a cached body is never changed.
func (b body) clone() body {
	b.Moves = append([]string(nil), b.Moves...)
	b.Seats = append([]seat(nil), b.Seats...)
	b.Conns = append([]connRef(nil), b.Conns...)
	b.Rematch = append([]int(nil), b.Rematch...)
	if b.DrawOffer != nil {
		d := *b.DrawOffer
		b.DrawOffer = &d
	}
	if b.Result != nil {
		r := *b.Result
		b.Result = &r
	}
	return b
}

// awayLost is how long after its due time an away check that never came is taken for lost
// (a failed delivery, a restart of the local delay queue): the next change of the room asks
// for another. SQS redelivers a failed one after its visibility timeout (template.yaml).
const awayLost = 10 * time.Minute

// planAway decides, on every change update runs (written or not), whether to ask the
// Scheduler for an away check: when a person waits to be played by the AI (awayDue) and no
// check is on its way for that time (body.AwayCheck), or the one on its way is lost. So
// however many messages a room gets while someone is away (a spectator's repeated joins,
// moves of the others), one check is asked per due time. A new request is recorded in the
// body, which turns a change that wrote nothing into a write.
func (s *Service) planAway(l *loaded, eff *effects, now int64) {
	if s.d.Scheduler == nil {
		return
	}
	pending := l.b.AwayCheck
	if eff.awayArrived {
		pending = 0
	}
	due := l.awayDue()
	if due == 0 {
		if l.b.AwayCheck != 0 && (!eff.noWrite || eff.awayArrived) {
			l.b.AwayCheck = 0
			eff.noWrite = false
		}
		return
	}
	at := max(due, now)
	if pending != 0 && pending <= at && now <= pending+awayLost.Milliseconds() {
		return // one is on its way, in time
	}
	eff.away, eff.awayWait = true, time.Duration(at-now)*time.Millisecond
	if l.b.AwayCheck != at {
		l.b.AwayCheck = at
		if eff.noWrite {
			eff.noWrite, eff.broadcast = false, true
		}
	}
}

// after delivers a change: connection records, joined frames, the state to every socket,
// the AI's turn and timers.
func (s *Service) after(ctx context.Context, l *loaded, eff *effects) {
	if eff.away {
		d := Delayed{Room: l.id, Version: l.version, Kind: DelayedAway, Due: l.b.AwayCheck}
		if err := s.d.Scheduler.After(ctx, eff.awayWait, d); err != nil {
			s.d.Log.Error("room: schedule", "room", l.id, "err", err)
		}
	}
	// A socket is in one room at a time: binding it here detaches it from the room its
	// record named before, whatever action bound it (create, join, resume, or any seated
	// action sent from a socket of another room).
	for _, c := range eff.bind {
		old, err := s.d.Store.GetConn(ctx, c.ID, s.d.Clock.Now())
		if err != nil && !errors.Is(err, ErrNotFound) {
			s.d.Log.Warn("room: get conn", "conn", c.ID, "err", err)
		}
		if err := s.d.Store.PutConn(ctx, c); err != nil {
			s.d.Log.Error("room: put conn", "conn", c.ID, "err", err)
		}
		if old.Room != "" && old.Room != c.Room {
			s.detach(ctx, old.Room, c.ID)
		}
	}
	for i, j := range eff.joined {
		s.post(ctx, eff.joinedTo[i], mustJSON(j))
	}
	for _, c := range eff.replaced {
		s.post(ctx, c, ErrorFrame(CodeReplaced, nil))
	}
	if eff.noWrite {
		if eff.sender != "" {
			s.post(ctx, eff.sender, mustJSON(outState{Type: "state", ID: eff.id, Room: l.snapshot(s.d.Clock.Now())}))
		}
		if eff.kick {
			s.kickAI(ctx, l)
		}
		return
	}
	if eff.broadcast {
		s.broadcast(ctx, l, eff)
	}
	if eff.kick {
		s.kickAI(ctx, l)
	}
}

// turnKey identifies whose turn it is, who plays it and whether anybody watches: a write
// that changes it may start the AI's turn. Writes that leave it alone (a second watcher
// joins, one of several sockets closes) do not invoke the AI again, so a running AI move is
// not wasted; the write that brings the first socket back to a room nobody watched does.
type turnKey struct {
	status    string
	game, ply int
	toMove    int
	aiPlays   bool
	watched   bool
}

func (l *loaded) turnKey() turnKey {
	return turnKey{l.b.Status, l.b.GameNo, len(l.b.Moves), l.toMove(), l.aiPlays(l.toMove()), l.watched()}
}

// watched reports whether any socket is in the room (a seat's or a spectator's): the AI
// plays only rooms somebody watches, so rooms everybody left do not keep it busy until they
// expire (issue 28 item 8); it picks up when a socket comes back.
func (l *loaded) watched() bool { return len(l.b.Conns) > 0 }

// kickAI asks the Invoker to move when the AI plays the seat to move of a watched room.
func (s *Service) kickAI(ctx context.Context, l *loaded) {
	if s.d.Invoker == nil || l.b.Status != StatusPlaying || !l.aiPlays(l.toMove()) || !l.watched() {
		return
	}
	var err error
	if ti, ok := s.d.Invoker.(TurnInvoker); ok {
		err = ti.InvokeTurn(ctx, AITurn{Room: l.id, Version: l.version, Level: l.aiLevel(l.toMove())})
	} else {
		err = s.d.Invoker.InvokeAI(ctx, l.id, l.version)
	}
	if err != nil {
		s.d.Log.Error("room: invoke ai", "room", l.id, "err", err)
	}
}

// broadcast posts the room's state to its sockets (the sender with its id, even when it is
// not in the room) and drops the sockets that are gone.
func (s *Service) broadcast(ctx context.Context, l *loaded, eff *effects) {
	snap := l.snapshot(s.d.Clock.Now())
	plain := mustJSON(outState{Type: "state", Room: snap})
	var withID []byte
	sent := false
	var mu sync.Mutex
	var gone []string
	var wg sync.WaitGroup
	send := func(conn string, msg []byte) {
		if err := s.d.Notifier.Post(ctx, conn, msg); err != nil {
			if errors.Is(err, ErrGone) {
				mu.Lock()
				gone = append(gone, conn)
				mu.Unlock()
				return
			}
			s.d.Log.Warn("room: post", "conn", conn, "err", err)
		}
	}
	for _, c := range l.b.Conns {
		msg := plain
		if eff != nil && c.ID == eff.sender {
			if withID == nil {
				withID = stateWithID(plain, eff.id)
			}
			msg, sent = withID, true
		}
		wg.Add(1)
		go func(id string, m []byte) { defer wg.Done(); send(id, m) }(c.ID, msg)
	}
	wg.Wait()
	if eff != nil && eff.sender != "" && !sent {
		send(eff.sender, stateWithID(plain, eff.id))
	}
	// A gone socket leaves this room even when its connection record is already gone
	// (e.g. sockets of a previous run of the local stack).
	s.dropGone(ctx, l.id, gone)
}

// dropGone handles sockets found gone (a post or a probe answered ErrGone) as their
// $disconnect would have: the connection record is deleted and they leave the room
// (their seats away from now, an away check asked) in one write.
func (s *Service) dropGone(ctx context.Context, roomID string, gone []string) {
	if len(gone) == 0 {
		return
	}
	for _, c := range gone {
		s.creates.forget(c)
		if err := s.d.Store.DeleteConn(ctx, c); err != nil {
			s.d.Log.Warn("room: drop gone conn", "conn", c, "err", err)
		}
	}
	s.detach(ctx, roomID, gone...)
}

// statePrefix is how an encoded outState without an id begins ("type" is its first field).
const statePrefix = `{"type":"state",`

// stateWithID is plain (an encoded outState without id) with the id added, byte for byte
// what encoding outState with that id gives, without encoding the snapshot again.
func stateWithID(plain []byte, id json.RawMessage) []byte {
	if len(id) == 0 {
		return plain
	}
	enc := mustJSON(id) // as encoding outState would write it (compacted, HTML-escaped)
	out := make([]byte, 0, len(plain)+len(enc)+6)
	out = append(out, statePrefix...)
	out = append(out, `"id":`...)
	out = append(out, enc...)
	out = append(out, ',')
	return append(out, plain[len(statePrefix):]...)
}

func (s *Service) post(ctx context.Context, conn string, msg []byte) {
	if err := s.d.Notifier.Post(ctx, conn, msg); err != nil && !errors.Is(err, ErrGone) {
		s.d.Log.Warn("room: post", "conn", conn, "err", err)
	}
}

func (s *Service) replyError(ctx context.Context, conn string, id json.RawMessage, e *Error) {
	s.post(ctx, conn, mustJSON(outError{Type: "error", ID: id, Code: e.Code, Message: e.Message}))
}

// Connect records a new connection ($connect). It cannot post to it (API Gateway refuses
// posts until $connect has returned).
func (s *Service) Connect(ctx context.Context, connID string) error {
	return s.d.Store.PutConn(ctx, Conn{ID: connID, Seat: -1, ExpiresAt: s.d.Clock.Now().Add(ConnLifetime)})
}

// Disconnect forgets a connection ($disconnect, or a post that found it gone): its seat is
// marked away and the room's idle clock starts when it was the last socket.
func (s *Service) Disconnect(ctx context.Context, connID string) error {
	s.creates.forget(connID)
	c, err := s.d.Store.GetConn(ctx, connID, s.d.Clock.Now())
	if errors.Is(err, ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := s.d.Store.DeleteConn(ctx, connID); err != nil {
		return err
	}
	if c.Room != "" {
		s.detach(ctx, c.Room, connID)
	}
	return nil
}

// detach removes connections from a room's sockets and tells the others, in one write.
func (s *Service) detach(ctx context.Context, roomID string, connIDs ...string) {
	l, eff, e := s.update(ctx, roomID, func(l *loaded) (*effects, *Error) {
		var seats []int
		kept := l.b.Conns[:0:0]
		for _, c := range l.b.Conns {
			if slices.Contains(connIDs, c.ID) {
				seats = append(seats, c.Seat)
			} else {
				kept = append(kept, c)
			}
		}
		if len(seats) == 0 {
			return &effects{noWrite: true}, nil
		}
		l.b.Conns = kept
		for _, seatIdx := range seats {
			if seatIdx >= 0 && l.b.Seats[seatIdx].Kind == KindHuman && !l.connected(seatIdx) {
				l.b.Seats[seatIdx].AwaySince = ms(s.d.Clock.Now())
			}
		}
		return &effects{broadcast: true}, nil
	})
	if e != nil {
		return
	}
	s.after(ctx, l, eff)
}

// Delayed kinds.
const (
	// DelayedAway: let the AI play for persons away at least Policy.AwayAI.
	DelayedAway = "away"
)

// RunDelayed runs a delayed action (from the Scheduler). It re-checks the room: a stale
// or unknown action does nothing.
func (s *Service) RunDelayed(ctx context.Context, d Delayed) error {
	if d.Kind != DelayedAway {
		return nil
	}
	l, eff, err := s.updateQuietly(ctx, d.Room, func(l *loaded) (*effects, *Error) {
		// This is the check the room waits for (or one from before checks carried their
		// due time): planAway asks for the next one when someone is still waiting.
		arrived := d.Due == 0 || d.Due == l.b.AwayCheck
		if l.b.Status != StatusPlaying || l.pol.AwayAI == 0 {
			return &effects{noWrite: true, awayArrived: arrived}, nil
		}
		now := ms(s.d.Clock.Now())
		changed := false
		for i := range l.b.Seats {
			st := &l.b.Seats[i]
			if st.Kind == KindHuman && st.AwaySince != 0 && !st.AIActive && now-st.AwaySince >= l.pol.AwayAI.Milliseconds() {
				st.AIActive = true
				changed = true
			}
		}
		if !changed {
			return &effects{noWrite: true, awayArrived: arrived}, nil
		}
		return &effects{broadcast: true, awayArrived: arrived}, nil
	})
	if err != nil || l == nil {
		return err
	}
	s.after(ctx, l, eff) // and planAway asked for persons away but not yet long enough
	return nil
}

// RunAI lets the AI act for the seat to move in a room (from the Invoker, which names the
// version that started the turn). It acts on the room as it is now: writes that left the
// turn alone since that version (a socket closing, a spectator joining, a resume) do not
// cancel the AI's move, and it does nothing when the room is not playing, nobody watches it
// (no socket at all) or a person plays the seat to act. It claims the turn before thinking
// (Store.ClaimTurn), so a duplicated invocation stops before it searches, and its write is
// conditional on the turn it thought about (game number, ply, seat to act, AI seat), so a
// duplicate or late invocation never moves twice.
func (s *Service) RunAI(ctx context.Context, roomID string, version int64) error {
	if s.d.AI == nil {
		return nil
	}
	rec, err := s.d.Store.GetRoom(ctx, roomID, s.d.Clock.Now())
	if errors.Is(err, ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	l, err := s.decode(rec)
	if err != nil {
		return err
	}
	seatIdx := l.toMove()
	if !l.aiPlays(seatIdx) || !l.watched() {
		return nil // the socket that comes back invokes the AI again (turnKey)
	}
	// Claim the turn before a costly search: a second copy of this invocation (async
	// invocation is at least once) stops here instead of running a second one. Only the
	// level that searches for a time budget claims: the other levels answer in a few ms,
	// and their search costs less than the claim's write (README, "What a game costs").
	turn := fmt.Sprintf("%d/%d/%d", l.b.GameNo, len(l.b.Moves), seatIdx)
	now := s.d.Clock.Now()
	until := now.Add(claimLease)
	if d, ok := ctx.Deadline(); ok {
		until = now.Add(time.Until(d)) // the run's deadline, on the service's clock
	}
	claimed, err := true, error(nil)
	costly := l.aiLevel(seatIdx) == claimLevel
	if costly {
		claimed, err = s.d.Store.ClaimTurn(ctx, roomID, turn, until, now)
	}
	if err != nil {
		// The claim only saves work: the move's conditional write still keeps one move.
		s.d.Log.Warn("room: claim ai turn", "room", roomID, "err", err)
	} else if !claimed {
		s.d.Log.Info("room: ai turn claimed by another run", "room", roomID, "turn", turn)
		return nil
	}
	moved := false
	if costly && claimed {
		defer func() {
			if !moved { // let a retry (or the next invocation of this turn) think at once
				rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
				defer cancel()
				if err := s.d.Store.ReleaseTurn(rctx, roomID, turn); err != nil {
					s.d.Log.Warn("room: release ai turn", "room", roomID, "err", err)
				}
			}
		}()
	}
	// Think outside the write: the write below is conditional on this version. A turn that
	// waits for a roll is rolled here and then moved, in one write.
	st := l.state
	var dice *rules.Dice
	if st.Phase() == rules.PhaseRoll {
		d, err := drawDice(s.d.Rand)
		if err != nil {
			return err
		}
		if st, err = st.Roll(d); err != nil {
			return err
		}
		dice = &d
	}
	accept := false
	if dice == nil && l.b.DrawOffer != nil && l.b.DrawOffer.Seat != seatIdx {
		accept = s.d.AI.AcceptDraw(st)
	}
	var mv rules.Move
	offer := false
	if !accept && st.Phase() == rules.PhaseMove && int(st.ToMove()) == seatIdx {
		mv, err = s.d.AI.Choose(ctx, st, l.aiLevel(seatIdx), aiSeed(roomID, rec.Version))
		if err != nil {
			return err
		}
		offer = l.mayOfferDraw(seatIdx) && s.d.AI.OfferDraw(st)
	}
	// Write on the current room if the turn is still the one the AI thought about (a
	// watcher may have joined meanwhile); otherwise drop the move.
	// The write starts from the room read above (one read per AI move): a change since
	// makes the conditional write fail, and update re-reads then.
	game, ply := l.b.GameNo, len(l.b.Moves)
	l2, eff, err := s.updateQuietlyFrom(ctx, roomID, rec, func(l *loaded) (*effects, *Error) {
		if l.b.Status != StatusPlaying || l.b.GameNo != game || len(l.b.Moves) != ply ||
			l.toMove() != seatIdx || !l.aiPlays(seatIdx) {
			return &effects{noWrite: true}, nil
		}
		if accept && (l.b.DrawOffer == nil || l.b.DrawOffer.Seat == seatIdx) {
			return &effects{noWrite: true}, nil
		}
		if accept {
			l.b.Result = &result{Reason: rules.Agreement.String()}
			l.b.Status = StatusOver
			l.b.DrawOffer = nil
			return &effects{broadcast: true}, nil
		}
		if dice != nil {
			if e := l.rollDice(*dice); e != nil {
				return nil, e
			}
		}
		if mv != nil && l.b.Status == StatusPlaying {
			if e := l.play(seatIdx, mv, offer); e != nil {
				return nil, e
			}
		}
		return &effects{broadcast: true}, nil
	})
	if err != nil || l2 == nil {
		return err
	}
	moved = !eff.noWrite
	if moved {
		s.after(ctx, l2, eff)
	}
	return nil
}

// claimLease is how long an AI turn's claim holds when the run has no deadline of its own;
// with one (the AI function's timeout, template.yaml; the local pool's 30 s) the claim
// ends with it.
const claimLease = 60 * time.Second

// claimLevel is the AI level whose turns are claimed before the search (RunAI): the one
// that searches for a time budget (seed 001: up to 1.5 s a move).
const claimLevel = "advanced"

// aiLevel is the level the AI plays seat i at: the seat's own, else the game's default.
func (l *loaded) aiLevel(i int) string {
	if i >= 0 && i < len(l.b.Seats) && l.b.Seats[i].Level != "" {
		return l.b.Seats[i].Level
	}
	return l.pol.AILevel
}

// aiSeed is the AI's seed for a room at a version: rooms at the same version get different
// seeds (FNV-1a of the room id).
func aiSeed(roomID string, version int64) int64 {
	h := fnv.New64a()
	h.Write([]byte(roomID))
	return int64(h.Sum64()) ^ version
}

// play applies a legal move of seat i with its draw-offer rules (seed 001): a standing offer
// of another seat is declined by the move and blocks that seat's offers until a later
// draw-reset move; the move itself may carry a new offer.
func (l *loaded) play(i int, m rules.Move, offer bool) *Error {
	return l.playRoute(i, m, m.String(), offer)
}

// playRoute is play with the text the log records for the move: its canonical text, or
// the route it took (rules.ParseRoute).
func (l *loaded) playRoute(i int, m rules.Move, route string, offer bool) *Error {
	before := l.state
	next, err := before.Play(m)
	if err != nil {
		return errf(CodeIllegalMove, "")
	}
	k := len(l.b.Moves)
	l.enter(route, next)
	if l.pol.DrawOffers && l.pol.drawReset(before, next) {
		for j := range l.b.Seats {
			if l.b.Seats[j].DrawBlocked && k >= l.b.Seats[j].DrawBlockedAfter {
				l.b.Seats[j].DrawBlocked = false
				l.b.Seats[j].DrawBlockedAfter = 0
			}
		}
	}
	if d := l.b.DrawOffer; d != nil && d.Seat != i {
		l.b.Seats[d.Seat].DrawBlocked = true
		l.b.Seats[d.Seat].DrawBlockedAfter = k + 1
	}
	l.b.DrawOffer = nil
	if offer {
		l.b.DrawOffer = &drawOffer{Seat: i, Ply: k + 1}
	}
	if o := next.Outcome(); o.Over() {
		l.finish(o)
	}
	return nil
}

// finish ends the game with an outcome.
func (l *loaded) finish(o rules.Outcome) {
	r := &result{Reason: o.Reason.String(), Points: o.Points}
	if o.Status == rules.Win {
		w := int(o.Winner)
		r.Winner = &w
		if r.Points == 0 {
			r.Points = 1
		}
	}
	l.b.Result = r
	l.b.Status = StatusOver
	l.b.DrawOffer = nil
	l.b.Rematch = nil
}

// Snapshot reads a room as the wire shows it, without changing anything. Errors:
// ErrNotFound when the room is absent or expired.
func (s *Service) Snapshot(ctx context.Context, roomID string) (*Snapshot, error) {
	if !validRoomID(roomID) {
		return nil, ErrNotFound
	}
	now := s.d.Clock.Now()
	rec, err := s.d.Store.GetRoom(ctx, roomID, now)
	if err != nil {
		return nil, err
	}
	l, err := s.decode(rec)
	if err != nil {
		return nil, err
	}
	return l.snapshot(now), nil
}

// ResetConnections forgets every socket of a room, marking their seats away from now: the
// local stack calls it for each stored room when it starts, since no socket survives a
// restart (API Gateway has no such event; its $disconnect always arrives).
func (s *Service) ResetConnections(ctx context.Context, roomID string) error {
	l, eff, err := s.updateQuietly(ctx, roomID, func(l *loaded) (*effects, *Error) {
		// The delay queue of the previous run is gone with it: no away check is on its way
		// (awayArrived makes planAway ask again).
		if len(l.b.Conns) == 0 {
			return &effects{noWrite: true, awayArrived: true}, nil
		}
		now := ms(s.d.Clock.Now())
		for _, c := range l.b.Conns {
			if c.Seat >= 0 && l.b.Seats[c.Seat].Kind == KindHuman {
				l.b.Seats[c.Seat].AwaySince = now
			}
		}
		l.b.Conns = nil
		return &effects{awayArrived: true}, nil
	})
	if err != nil || l == nil {
		return err
	}
	if !eff.noWrite {
		eff.kick = true // invocations of a previous run are lost
	}
	s.after(ctx, l, eff)
	return nil
}

// createCounter counts the rooms each socket created in its current one-minute window.
type createCounter struct {
	mu sync.Mutex
	m  map[string]createWindow
}

type createWindow struct {
	start time.Time
	n     int
}

// allow counts a create of conn at now and reports whether it is within limit a minute.
func (c *createCounter) allow(conn string, now time.Time, limit int) bool {
	if limit < 0 {
		return true
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.m) >= 1<<16 { // sockets that never disconnected here: drop the old windows
		for k, w := range c.m {
			if now.Sub(w.start) >= time.Minute {
				delete(c.m, k)
			}
		}
	}
	w := c.m[conn]
	if w.n == 0 || now.Sub(w.start) >= time.Minute {
		w = createWindow{start: now}
	}
	if w.n >= limit {
		return false
	}
	w.n++
	c.m[conn] = w
	return true
}

func (c *createCounter) forget(conn string) {
	c.mu.Lock()
	delete(c.m, conn)
	c.mu.Unlock()
}
