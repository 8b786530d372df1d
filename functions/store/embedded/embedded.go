// Package embedded is the local default room.Store: one bbolt file, so rooms survive a
// restart of `madang serve`.
//
// Layout: bucket "rooms" maps a room id to 8 bytes version, 8 bytes expiry (Unix ns, 0 =
// never) and the body; bucket "conns" maps a connection id to its JSON record. Expired
// items are treated as absent and removed by Sweep.
package embedded

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	bolt "go.etcd.io/bbolt"

	"madang/functions/room"
)

// MaxBody is the size guard of a room body (as DynamoDB's 400 KB item limit).
const MaxBody = 350 << 10

// FileName is the database file inside the data folder.
const FileName = "madang.db"

var (
	bucketRooms = []byte("rooms")
	bucketConns = []byte("conns")
)

// Store is a room.Store on a bbolt file, safe for concurrent use.
//
// Writes are group-committed: one transaction (and its fsync) at a time, each holding every
// write that arrived while the previous one was committing. A lone write commits at once
// (no batching delay), and under load the number of writes per commit grows with the
// fsync time instead of queueing one small commit per write. (bbolt's own Batch closes a
// batch after a fixed delay even while the file is busy, so with a slow fsync small
// batches queue behind each other: at 1,000 writes/s and a 10 ms fdatasync, moves waited
// seconds.)
type Store struct {
	db *bolt.DB

	mu      sync.Mutex
	pending []*pendingWrite
	busy    bool // a committer goroutine is running
	commits atomic.Int64
	// beforeCommit, when set (tests), runs before each commit with its number of writes.
	beforeCommit func(n int)
}

// pendingWrite is one write waiting for the committer: fn runs inside the shared
// transaction and must be safe to run again (a batch with a failing write is rolled back
// and its other writes are re-run).
type pendingWrite struct {
	fn   func(*bolt.Tx) error
	done chan error
}

// write runs fn in a write transaction shared with the writes waiting alongside it and
// returns once that transaction is committed (and synced, unless NoSync), with fn's error
// or the commit's.
func (s *Store) write(fn func(*bolt.Tx) error) error {
	w := &pendingWrite{fn: fn, done: make(chan error, 1)}
	s.mu.Lock()
	s.pending = append(s.pending, w)
	if !s.busy {
		s.busy = true
		go s.commitLoop()
	}
	s.mu.Unlock()
	return <-w.done
}

// commitLoop commits the waiting writes, batch after batch, until none waits.
func (s *Store) commitLoop() {
	for {
		s.mu.Lock()
		ws := s.pending
		s.pending = nil
		if len(ws) == 0 {
			s.busy = false
			s.mu.Unlock()
			return
		}
		s.mu.Unlock()
		s.commit(ws)
	}
}

// commit runs ws in one transaction. When one of them fails, the transaction is rolled
// back and each write is committed on its own, so only the failing one sees its error.
func (s *Store) commit(ws []*pendingWrite) {
	if s.beforeCommit != nil {
		s.beforeCommit(len(ws))
	}
	s.commits.Add(1)
	failed := false
	err := s.db.Update(func(tx *bolt.Tx) error {
		for _, w := range ws {
			if err := w.fn(tx); err != nil {
				failed = true
				return err
			}
		}
		return nil
	})
	if failed && len(ws) > 1 {
		for _, w := range ws {
			s.commits.Add(1)
			w.done <- s.db.Update(w.fn)
		}
		return
	}
	for _, w := range ws {
		w.done <- err
	}
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
	// NoSync skips the fsync after each write: faster, but a machine crash (not a process
	// restart) may lose the last writes.
	NoSync bool
}

// ErrInUse is Open's error when another process (or another Open) holds the store's file.
var ErrInUse = errors.New("the store is in use by another server (another madang serve on this data folder?)")

// Open opens (creating when needed) the store in folder dir. It fails with an error
// wrapping ErrInUse (and bbolt's ErrTimeout) when another process holds the file after
// waiting 2 s.
func Open(dir string, o Options) (*Store, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	path := filepath.Join(dir, FileName)
	// The freelist is not written with each commit (bbolt rebuilds it by a scan at Open)
	// and is a hashmap: less to write and to search per move, as etcd runs bbolt.
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: 2 * time.Second, NoSync: o.NoSync,
		NoFreelistSync: true, FreelistType: bolt.FreelistMapType})
	if errors.Is(err, bolt.ErrTimeout) {
		return nil, &inUseError{path: path, err: err}
	}
	if err != nil {
		return nil, err
	}
	err = db.Update(func(tx *bolt.Tx) error {
		if _, err := tx.CreateBucketIfNotExists(bucketRooms); err != nil {
			return err
		}
		_, err := tx.CreateBucketIfNotExists(bucketConns)
		return err
	})
	if err != nil {
		db.Close()
		return nil, err
	}
	return &Store{db: db}, nil
}

// Close closes the file.
func (s *Store) Close() error { return s.db.Close() }

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

func encodeRoom(r room.Record) []byte {
	b := make([]byte, 16+len(r.Body))
	binary.BigEndian.PutUint64(b[0:], uint64(r.Version))
	binary.BigEndian.PutUint64(b[8:], uint64(unixNano(r.ExpiresAt)))
	copy(b[16:], r.Body)
	return b
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

// GetRoom implements room.Store.
func (s *Store) GetRoom(_ context.Context, id string, now time.Time) (room.Record, error) {
	var r room.Record
	err := s.db.View(func(tx *bolt.Tx) error {
		v := tx.Bucket(bucketRooms).Get([]byte(id))
		if v == nil {
			return room.ErrNotFound
		}
		rec, exp, err := decodeRoom(id, v)
		if err != nil {
			return err
		}
		if expired(exp, now) {
			return room.ErrNotFound
		}
		r = rec
		return nil
	})
	return r, err
}

// PutRoom implements room.Store. Concurrent writes share a transaction (and its fsync):
// see Store.
func (s *Store) PutRoom(_ context.Context, r room.Record, prev int64, now time.Time) (room.Record, error) {
	if len(r.Body) > MaxBody {
		return room.Record{}, room.ErrTooLarge
	}
	var cur room.Record
	var conflict bool
	err := s.write(func(tx *bolt.Tx) error {
		conflict, cur = false, room.Record{}
		b := tx.Bucket(bucketRooms)
		v := b.Get([]byte(r.ID))
		live := false
		if v != nil {
			rec, exp, err := decodeRoom(r.ID, v)
			if err != nil {
				return err
			}
			live = !expired(exp, now)
			if live {
				cur = rec
			}
		}
		switch {
		case prev == 0 && live, prev != 0 && !live, prev != 0 && cur.Version != prev:
			conflict = true
			return nil
		}
		return b.Put([]byte(r.ID), encodeRoom(r))
	})
	if err != nil {
		return room.Record{}, err
	}
	if conflict {
		return cur, room.ErrConflict
	}
	return r, nil
}

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
	return s.write(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketConns).Put([]byte(c.ID), v)
	})
}

// GetConn implements room.Store.
func (s *Store) GetConn(_ context.Context, id string, now time.Time) (room.Conn, error) {
	var c room.Conn
	err := s.db.View(func(tx *bolt.Tx) error {
		v := tx.Bucket(bucketConns).Get([]byte(id))
		if v == nil {
			return room.ErrNotFound
		}
		var it connItem
		if err := json.Unmarshal(v, &it); err != nil {
			return err
		}
		if expired(it.Expires, now) {
			return room.ErrNotFound
		}
		c = room.Conn{ID: id, Room: it.Room, Seat: it.Seat, ExpiresAt: fromNano(it.Expires)}
		return nil
	})
	return c, err
}

// DeleteConn implements room.Store.
func (s *Store) DeleteConn(_ context.Context, id string) error {
	return s.write(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketConns).Delete([]byte(id))
	})
}

// RoomIDs implements room.RoomLister.
func (s *Store) RoomIDs(_ context.Context, now time.Time) ([]string, error) {
	var ids []string
	err := s.db.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketRooms).ForEach(func(k, v []byte) error {
			if len(v) >= 16 && !expired(int64(binary.BigEndian.Uint64(v[8:])), now) {
				ids = append(ids, string(k))
			}
			return nil
		})
	})
	return ids, err
}

// Sweep deletes rooms and connections expired at now and returns how many it removed; the
// local stack runs it now and then (DynamoDB's TTL does this job on AWS).
func (s *Store) Sweep(now time.Time) (int, error) {
	n := 0
	err := s.db.Update(func(tx *bolt.Tx) error {
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
