// Package embedded is the local default room.Store: one bbolt file, so rooms survive a
// restart of `madang serve`.
//
// Layout: bucket "rooms" maps a room id to 8 bytes version, 8 bytes expiry (Unix ns, 0 =
// never) and the body; bucket "conns" maps a connection id to its JSON record. Expired
// items are treated as absent and removed by Sweep.
//
// Durability: a write is acknowledged once its record is in the write-ahead log beside the
// bbolt file (one write(2): in the operating system, not yet on the disk); a committer
// applies the logged writes to bbolt in batches, each one transaction with its fsync, and
// then deletes the applied log; Open replays the log. Until a write is in bbolt the store
// answers for it from memory (the overlay), conditional writes included. So:
//   - killing the server (kill -9, a panic) loses no acknowledged write;
//   - a crash of the machine (power, kernel) may lose the writes acknowledged in the last
//     LogSyncEvery (100 ms by default) before it, as PostgreSQL's synchronous_commit=off
//     does; the bbolt file itself stays consistent (bbolt syncs each commit), and the log is
//     replayed up to its first torn record, so what is lost is always the newest writes;
//   - Options.SyncAck restores the acknowledgement after the fsync into bbolt (no loss at a
//     machine crash; each write waits for a commit, 5-115 ms on a virtual disk).
//
// The fsync is off the acknowledgement path because of what it costs there: on the test
// machine's virtual disk commits of 1-70 writes took 5-115 ms, so acknowledging after the
// fsync cannot give a p99 under 10 ms at 1,000 moves a second.
package embedded

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	bolt "go.etcd.io/bbolt"

	"madang/functions/room"
	"madang/functions/store"
)

// MaxBody is the size guard of a room body (as DynamoDB's 400 KB item limit).
const MaxBody = 350 << 10

// FileName is the database file inside the data folder.
const FileName = "madang.db"

// initialMmap is the size of bbolt's first memory map.
const initialMmap = 1 << 30

// DefaultCommitEvery is the least time from one commit's start to the next's when
// Options.CommitEvery is zero (without SyncAck): each bbolt commit writes the touched pages
// and its meta page with two fdatasyncs, so fewer, larger commits cost less CPU and disk,
// and no write waits for them.
const DefaultCommitEvery = 100 * time.Millisecond

// DefaultLogSyncEvery is how often the write-ahead log is synced when Options.LogSyncEvery
// is zero: the most a machine crash can lose.
const DefaultLogSyncEvery = 100 * time.Millisecond

var (
	bucketRooms = []byte("rooms")
	bucketConns = []byte("conns")
)

// Store is a room.Store on a bbolt file and its write-ahead log, safe for concurrent use.
//
// Writes to one key are checked and logged one at a time (a lock per key stripe), the
// log's appends one at a time (wmu); mu guards the overlay and the queue and is never held
// across a system call, so reads wait for no disk. The committer goroutine applies every
// write logged since its last commit in its next transaction (group commit).
type Store struct {
	db      *bolt.DB
	dir     string
	opts    Options
	quit    chan struct{}
	wake    chan struct{}
	done    sync.WaitGroup
	closed  bool // Close has begun: writes fail
	stopped bool // the committer has ended

	stripes [64]sync.Mutex // a key's writes, by hash: check, then log
	wmu     sync.Mutex     // appends to the log; changes of seq and cur take it and mu

	mu         sync.Mutex
	applied    *sync.Cond // signalled (with mu) when a commit ends
	seq        uint64     // last logged write
	done1      uint64     // last write applied to bbolt
	cur        *segment   // the log segment appended to
	retired    []*segment // older segments, deleted once their writes are in bbolt
	nextSeg    uint64
	lastCommit time.Time         // the committer's own
	dirty      bool              // cur has writes not yet synced
	queue      []*logOp          // logged, not yet applied, in order
	rooms      map[string]*logOp // the overlay: the newest unapplied write per key
	conns      map[string]*logOp
	failed     error // the log is unusable: every write fails

	// claims are the AI turn claims, in memory only (see store.Claims: a restart ends every
	// AI run, and a claim that outlived one would hold up the turn the next start invokes).
	claims store.Claims

	commits atomic.Int64
	// beforeCommit, when set (tests), runs before each commit with its number of writes.
	beforeCommit func(n int)
}

// inUseError names the file another server holds.
type inUseError struct {
	path string
	err  error
}

func (e *inUseError) Error() string {
	return ErrInUse.Error() + ": " + e.path + " stayed locked for 2 s"
}

func (e *inUseError) Unwrap() []error { return []error{ErrInUse, e.err} }

// Options tune Open.
type Options struct {
	// NoSync skips every fsync (of bbolt's commits and of the log): faster, but a machine
	// crash (not a process restart) may lose any write not yet written back by the kernel,
	// or leave the bbolt file damaged.
	NoSync bool
	// SyncAck acknowledges a room write only after the commit that puts it in bbolt, fsync
	// included (the behaviour before the write-ahead log): no acknowledged room write is
	// lost even at a machine crash, but each waits for a commit. (Connection records never
	// wait: a restart forgets them anyway.)
	SyncAck bool
	// LogSyncEvery is the interval of the log's fsync (0: DefaultLogSyncEvery).
	LogSyncEvery time.Duration
	// CommitEvery is the least time between the starts of two commits (0:
	// DefaultCommitEvery; negative: none); not used with SyncAck, where writes wait for
	// their commit.
	CommitEvery time.Duration
}

// ErrInUse is Open's error when another process (or another Open) holds the store's file.
var ErrInUse = errors.New("the store is in use by another server (another madang serve on this data folder?)")

// Open opens (creating when needed) the store in folder dir and replays its write-ahead
// log into the bbolt file (up to the log's first torn record, the trace of a crash). It
// fails with an error wrapping ErrInUse (and bbolt's ErrTimeout) when another process holds
// the file after waiting 2 s; the log is only read once the file is held.
func Open(dir string, o Options) (*Store, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	path := filepath.Join(dir, FileName)
	// The freelist is not written with each commit (bbolt rebuilds it by a scan at Open)
	// and is a hashmap: less to write and to search per move, as etcd runs bbolt.
	// The map starts at 1 GiB of address space (not memory: pages count once touched):
	// growing the file then needs no remap, which waits for every reader and blocks new
	// ones (a remap per few MB of growth stalled reads under load).
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: 2 * time.Second, NoSync: o.NoSync,
		NoFreelistSync: true, FreelistType: bolt.FreelistMapType, InitialMmapSize: initialMmap})
	if errors.Is(err, bolt.ErrTimeout) {
		return nil, &inUseError{path: path, err: err}
	}
	if err != nil {
		return nil, err
	}
	s := &Store{db: db, dir: dir, opts: o, quit: make(chan struct{}), wake: make(chan struct{}, 1),
		rooms: map[string]*logOp{}, conns: map[string]*logOp{}}
	s.applied = sync.NewCond(&s.mu)
	if err := s.recover(); err != nil {
		db.Close()
		return nil, err
	}
	s.done.Add(1)
	go s.commitLoop()
	if !o.NoSync {
		every := o.LogSyncEvery
		if every <= 0 {
			every = DefaultLogSyncEvery
		}
		s.done.Add(1)
		go s.syncLoop(every)
	}
	return s, nil
}

// recover creates the buckets, applies the log left by the previous run (one transaction,
// synced), deletes it and starts a new segment.
func (s *Store) recover() error {
	paths, err := segmentPaths(s.dir)
	if err != nil {
		return err
	}
	ops, err := readLog(paths)
	if err != nil {
		return err
	}
	err = s.db.Update(func(tx *bolt.Tx) error {
		if _, err := tx.CreateBucketIfNotExists(bucketRooms); err != nil {
			return err
		}
		if _, err := tx.CreateBucketIfNotExists(bucketConns); err != nil {
			return err
		}
		for i := range ops {
			if err := applyOp(tx, &ops[i]); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, p := range paths {
		if err := os.Remove(p); err != nil {
			return err
		}
	}
	s.nextSeg = 1
	if n := len(paths); n > 0 {
		// Past the old names: a segment is never reused.
		if last, err := strconv.ParseUint(filepath.Base(paths[n-1])[len(segmentPref):], 16, 64); err == nil {
			s.nextSeg = last + 1
		}
	}
	s.cur, err = createSegment(s.dir, s.nextSeg)
	s.nextSeg++
	return err
}

// applyOp writes one logged write into tx.
func applyOp(tx *bolt.Tx, o *logOp) error {
	switch o.op {
	case opPutRoom:
		return tx.Bucket(bucketRooms).Put([]byte(o.key), o.val)
	case opPutConn:
		return tx.Bucket(bucketConns).Put([]byte(o.key), o.val)
	default:
		return tx.Bucket(bucketConns).Delete([]byte(o.key))
	}
}

// stripe returns the lock of key's writes.
func (s *Store) stripe(key string) *sync.Mutex {
	h := uint32(2166136261) // FNV-1a
	for i := 0; i < len(key); i++ {
		h = (h ^ uint32(key[i])) * 16777619
	}
	return &s.stripes[h%uint32(len(s.stripes))]
}

// logWrite appends rec (from newRecord, value filled) to the log and then puts its write in
// the overlay and the committer's queue; the caller holds key's stripe. Once it returns
// the write is in the operating system's hands: it survives the process, and readers see
// it (not before: nothing a kill could lose is ever shown).
func (s *Store) logWrite(rec []byte, op byte, key string, val []byte) (*logOp, error) {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	s.mu.Lock()
	failed, closed, seq, cur := s.failed, s.closed, s.seq+1, s.cur
	s.mu.Unlock()
	if failed != nil {
		return nil, failed
	}
	if closed {
		return nil, errors.New("embedded: store closed")
	}
	sealRecord(rec, seq)
	if _, err := cur.f.Write(rec); err != nil {
		// A partial record must not stay in front of later ones: cut it off (the file is
		// opened O_APPEND, so the next write lands at the new end).
		if terr := cur.f.Truncate(cur.size); terr != nil {
			s.mu.Lock()
			s.failed = errors.Join(errLogFailed, err, terr)
			s.mu.Unlock()
		}
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.seq = seq
	s.cur.size += int64(len(rec))
	s.cur.last = s.seq
	s.dirty = true
	o := &logOp{op: op, seq: s.seq, key: key, val: val}
	s.queue = append(s.queue, o)
	if op == opPutRoom {
		s.rooms[key] = o
	} else {
		s.conns[key] = o
	}
	select {
	case s.wake <- struct{}{}:
	default:
	}
	return o, nil
}

// waitApplied waits (the caller holds mu) until write seq is in bbolt.
func (s *Store) waitApplied(seq uint64) error {
	for s.done1 < seq && s.failed == nil && !s.stopped {
		s.applied.Wait()
	}
	if s.done1 < seq {
		if s.failed != nil {
			return s.failed
		}
		return errors.New("embedded: store closed before the write was committed")
	}
	return nil
}

// syncAck waits until write seq is in bbolt (Options.SyncAck).
func (s *Store) syncAck(seq uint64) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.waitApplied(seq)
}

// commitLoop applies the logged writes to bbolt, batch after batch, until Close.
func (s *Store) commitLoop() {
	defer s.done.Done()
	for {
		select {
		case <-s.wake:
		case <-s.quit:
			s.drain()
			return
		}
		s.drain()
	}
}

// drain commits until the queue is empty (retrying a failed commit after a pause, unless
// the store is closing: its writes stay in the log for the next Open).
func (s *Store) drain() {
	every := s.opts.CommitEvery
	if every == 0 {
		every = DefaultCommitEvery
	}
	for {
		if wait := every - time.Since(s.lastCommit); !s.opts.SyncAck && wait > 0 {
			select {
			case <-s.quit: // closing: commit at once
			case <-time.After(wait):
			}
		}
		s.mu.Lock()
		rotate := s.cur.size >= segmentLimit
		s.mu.Unlock()
		var next *segment
		if rotate {
			var err error
			if next, err = createSegment(s.dir, s.nextSegment()); err != nil {
				next = nil // keep appending to the current one; try again next time
			}
		}
		if next != nil {
			s.wmu.Lock() // no append under way
		}
		s.mu.Lock()
		batch := s.queue
		s.queue = nil
		if next != nil {
			s.retired = append(s.retired, s.cur)
			s.cur, s.dirty = next, false // the writes of the retired one are in this batch
			s.wmu.Unlock()
		}
		s.mu.Unlock()
		if len(batch) == 0 {
			return
		}
		s.lastCommit = time.Now()
		if err := s.commit(batch); err != nil {
			s.mu.Lock()
			s.queue = append(batch, s.queue...)
			s.mu.Unlock()
			select {
			case <-s.quit:
				return
			case <-time.After(time.Second):
			}
			continue
		}
		last := batch[len(batch)-1].seq
		s.mu.Lock()
		for _, o := range batch {
			m := s.conns
			if o.op == opPutRoom {
				m = s.rooms
			}
			if m[o.key] == o {
				delete(m, o.key)
			}
		}
		s.done1 = last
		var gone []*segment
		keep := s.retired[:0]
		for _, g := range s.retired {
			if g.last <= last {
				gone = append(gone, g)
			} else {
				keep = append(keep, g)
			}
		}
		s.retired = keep
		s.applied.Broadcast()
		s.mu.Unlock()
		for _, g := range gone {
			g.f.Close()
			os.Remove(g.path)
		}
	}
}

func (s *Store) nextSegment() uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nextSeg++
	return s.nextSeg - 1
}

// commit applies batch to bbolt in one transaction (synced unless NoSync).
func (s *Store) commit(batch []*logOp) error {
	if s.beforeCommit != nil {
		s.beforeCommit(len(batch))
	}
	s.commits.Add(1)
	return s.db.Update(func(tx *bolt.Tx) error {
		for _, o := range batch {
			if err := applyOp(tx, o); err != nil {
				return err
			}
		}
		return nil
	})
}

// syncLoop fsyncs the log segment every d when it has new writes.
func (s *Store) syncLoop(d time.Duration) {
	defer s.done.Done()
	t := time.NewTicker(d)
	defer t.Stop()
	for {
		select {
		case <-s.quit:
			return
		case <-t.C:
		}
		s.mu.Lock()
		f := s.cur.f
		dirty := s.dirty
		s.dirty = false
		s.mu.Unlock()
		if !dirty {
			continue
		}
		if err := f.Sync(); err != nil && !errors.Is(err, os.ErrClosed) {
			// After a failed fsync the kernel may have dropped the pages: stop taking writes
			// rather than acknowledge what may never reach the disk.
			s.mu.Lock()
			s.failed = errors.Join(errLogFailed, err)
			s.applied.Broadcast()
			s.mu.Unlock()
		}
	}
}

// Close applies the logged writes to bbolt, deletes the log and closes the files.
func (s *Store) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	s.mu.Unlock()
	close(s.quit)
	s.done.Wait()
	s.mu.Lock()
	s.stopped = true
	s.applied.Broadcast()
	clean := len(s.queue) == 0 && s.failed == nil
	segs := append(s.retired, s.cur)
	s.mu.Unlock()
	for _, g := range segs {
		g.f.Close()
		if clean {
			os.Remove(g.path)
		}
	}
	return s.db.Close()
}

func expired(at int64, now time.Time) bool { return at != 0 && now.UnixNano() >= at }

func unixNano(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixNano()
}

func fromNano(n int64) time.Time {
	if n == 0 {
		return time.Time{}
	}
	return time.Unix(0, n).UTC()
}

// encodeRoomInto writes r's item into b (16+len(r.Body) bytes).
func encodeRoomInto(b []byte, r room.Record) {
	binary.BigEndian.PutUint64(b[0:], uint64(r.Version))
	binary.BigEndian.PutUint64(b[8:], uint64(unixNano(r.ExpiresAt)))
	copy(b[16:], r.Body)
}

// decodeRoom copies out of bbolt's memory (valid only inside the transaction).
func decodeRoom(id string, v []byte) (room.Record, int64, error) {
	if len(v) < 16 {
		return room.Record{}, 0, errors.New("embedded: short room item " + id)
	}
	exp := int64(binary.BigEndian.Uint64(v[8:]))
	return room.Record{
		ID:        id,
		Version:   int64(binary.BigEndian.Uint64(v[0:])),
		ExpiresAt: fromNano(exp),
		Body:      append([]byte(nil), v[16:]...),
	}, exp, nil
}

// currentRoom returns room id's newest item (the overlay's, else bbolt's), decoded, and
// whether it is live at now; a caller that writes after it holds id's stripe, so no write
// of id can come between. A write leaves the overlay only once it is in bbolt, so a miss there means
// bbolt has the newest.
func (s *Store) currentRoom(id string, now time.Time) (room.Record, bool, error) {
	s.mu.Lock()
	o := s.rooms[id]
	s.mu.Unlock()
	if o != nil {
		rec, exp, err := decodeRoom(id, o.val)
		if err != nil || expired(exp, now) {
			return room.Record{}, false, err
		}
		return rec, true, nil
	}
	var r room.Record
	live := false
	err := s.db.View(func(tx *bolt.Tx) error {
		v := tx.Bucket(bucketRooms).Get([]byte(id))
		if v == nil {
			return nil
		}
		rec, exp, err := decodeRoom(id, v)
		if err != nil || expired(exp, now) {
			return err
		}
		r, live = rec, true
		return nil
	})
	return r, live, err
}

// GetRoom implements room.Store: the overlay's item, else bbolt's (every write older than
// this call is in one of them).
func (s *Store) GetRoom(_ context.Context, id string, now time.Time) (room.Record, error) {
	rec, live, err := s.currentRoom(id, now)
	if err != nil {
		return room.Record{}, err
	}
	if !live {
		return room.Record{}, room.ErrNotFound
	}
	return rec, nil
}

// PutRoom implements room.Store. The version check runs against the newest write (logged or
// in bbolt) and the write is acknowledged once logged (with Options.SyncAck, once in bbolt):
// see Store.
func (s *Store) PutRoom(ctx context.Context, r room.Record, prev int64, now time.Time) (room.Record, error) {
	cur, durable, err := s.PutRoomOrdered(ctx, r, prev, now)
	if err != nil {
		return cur, err
	}
	if err := durable(); err != nil {
		return room.Record{}, err
	}
	return cur, nil
}

// PutRoomOrdered implements room.OrderedPutter: it returns once the write is logged (every
// later read and write sees it), with durable, which waits for PutRoom's acknowledgement:
// nothing more without Options.SyncAck, the commit into bbolt with it.
func (s *Store) PutRoomOrdered(_ context.Context, r room.Record, prev int64, now time.Time) (room.Record, func() error, error) {
	if len(r.Body) > MaxBody {
		return room.Record{}, nil, room.ErrTooLarge
	}
	if len(r.ID) == 0 || len(r.ID) > maxKey {
		// Refused here: bbolt would refuse it in the commit, after the acknowledgement.
		return room.Record{}, nil, errors.New("embedded: room id empty or over 32 KB")
	}
	rec, val := newRecord(opPutRoom, r.ID, 16+len(r.Body))
	encodeRoomInto(val, r)
	st := s.stripe(r.ID)
	st.Lock()
	cur, live, err := s.currentRoom(r.ID, now)
	if err != nil {
		st.Unlock()
		return room.Record{}, nil, err
	}
	switch {
	case prev == 0 && live, prev != 0 && !live, prev != 0 && cur.Version != prev:
		st.Unlock()
		return cur, nil, room.ErrConflict
	}
	o, err := s.logWrite(rec, opPutRoom, r.ID, val)
	st.Unlock() // the write is in the overlay: the next one checks against it
	if err != nil {
		return room.Record{}, nil, err
	}
	if !s.opts.SyncAck {
		return r, noWait, nil
	}
	return r, func() error { return s.syncAck(o.seq) }, nil
}

func noWait() error { return nil }

type connItem struct {
	Room    string `json:"room"`
	Seat    int    `json:"seat"`
	Expires int64  `json:"exp"`
}

// PutConn implements room.Store.
func (s *Store) PutConn(_ context.Context, c room.Conn) error {
	v, err := json.Marshal(connItem{Room: c.Room, Seat: c.Seat, Expires: unixNano(c.ExpiresAt)})
	if err != nil {
		return err
	}
	return s.connWrite(opPutConn, c.ID, v)
}

// connWrite logs a connection's record (or its deletion when op is opDelConn). It never
// waits for a commit, SyncAck or not: the local stack forgets every connection when it
// starts (ResetConnections), so a connection record lost to a machine crash changes nothing.
func (s *Store) connWrite(op byte, id string, v []byte) error {
	if len(id) == 0 || len(id) > maxKey {
		if op == opDelConn {
			return nil // no such connection
		}
		return errors.New("embedded: connection id empty or over 32 KB")
	}
	rec, val := newRecord(op, id, len(v))
	copy(val, v)
	if op == opDelConn {
		val = nil
	}
	st := s.stripe(id)
	st.Lock()
	_, err := s.logWrite(rec, op, id, val)
	st.Unlock()
	return err
}

// GetConn implements room.Store.
func (s *Store) GetConn(_ context.Context, id string, now time.Time) (room.Conn, error) {
	s.mu.Lock()
	o := s.conns[id]
	s.mu.Unlock()
	var v []byte
	if o != nil {
		if o.op == opDelConn {
			return room.Conn{}, room.ErrNotFound
		}
		v = o.val
	} else {
		err := s.db.View(func(tx *bolt.Tx) error {
			if b := tx.Bucket(bucketConns).Get([]byte(id)); b != nil {
				v = append([]byte(nil), b...)
			}
			return nil
		})
		if err != nil {
			return room.Conn{}, err
		}
	}
	if v == nil {
		return room.Conn{}, room.ErrNotFound
	}
	var it connItem
	if err := json.Unmarshal(v, &it); err != nil {
		return room.Conn{}, err
	}
	if expired(it.Expires, now) {
		return room.Conn{}, room.ErrNotFound
	}
	return room.Conn{ID: id, Room: it.Room, Seat: it.Seat, ExpiresAt: fromNano(it.Expires)}, nil
}

// DeleteConn implements room.Store.
func (s *Store) DeleteConn(_ context.Context, id string) error {
	return s.connWrite(opDelConn, id, nil)
}

// ClaimTurn implements room.Store (in memory: see Store.claims).
func (s *Store) ClaimTurn(_ context.Context, roomID, turn string, until, now time.Time) (bool, error) {
	return s.claims.Claim(roomID, turn, until, now), nil
}

// ReleaseTurn implements room.Store.
func (s *Store) ReleaseTurn(_ context.Context, roomID, turn string) error {
	s.claims.Release(roomID, turn)
	return nil
}

// RoomIDs implements room.RoomLister.
func (s *Store) RoomIDs(_ context.Context, now time.Time) ([]string, error) {
	s.mu.Lock() // no commit may move a write from the overlay to bbolt meanwhile
	defer s.mu.Unlock()
	live := map[string]bool{}
	err := s.db.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketRooms).ForEach(func(k, v []byte) error {
			if len(v) >= 16 && !expired(int64(binary.BigEndian.Uint64(v[8:])), now) {
				live[string(k)] = true
			}
			return nil
		})
	})
	if err != nil {
		return nil, err
	}
	for id, o := range s.rooms {
		live[id] = len(o.val) >= 16 && !expired(int64(binary.BigEndian.Uint64(o.val[8:])), now)
	}
	ids := make([]string, 0, len(live))
	for id, ok := range live {
		if ok {
			ids = append(ids, id)
		}
	}
	return ids, nil
}

// Sweep deletes rooms and connections expired at now from the bbolt file and returns how
// many it removed; the local stack runs it now and then (DynamoDB's TTL does this job on
// AWS). It first waits for the writes logged before it to reach bbolt.
func (s *Store) Sweep(now time.Time) (int, error) {
	s.claims.Sweep(now) // not counted: they are no items of the file
	// First the writes logged so far, so that what expired in the overlay goes too.
	s.mu.Lock()
	err := s.waitApplied(s.seq)
	s.mu.Unlock()
	if err != nil {
		return 0, err
	}
	n := 0
	err = s.db.Update(func(tx *bolt.Tx) error {
		rb := tx.Bucket(bucketRooms)
		var dead [][]byte
		err := rb.ForEach(func(k, v []byte) error {
			if len(v) >= 16 && expired(int64(binary.BigEndian.Uint64(v[8:])), now) {
				dead = append(dead, append([]byte(nil), k...))
			}
			return nil
		})
		if err != nil {
			return err
		}
		for _, k := range dead {
			if err := rb.Delete(k); err != nil {
				return err
			}
		}
		n += len(dead)
		cb := tx.Bucket(bucketConns)
		dead = dead[:0]
		err = cb.ForEach(func(k, v []byte) error {
			var it connItem
			if json.Unmarshal(v, &it) != nil || expired(it.Expires, now) {
				dead = append(dead, append([]byte(nil), k...))
			}
			return nil
		})
		if err != nil {
			return err
		}
		for _, k := range dead {
			if err := cb.Delete(k); err != nil {
				return err
			}
		}
		n += len(dead)
		return nil
	})
	return n, err
}
