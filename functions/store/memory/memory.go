// Package memory is an in-memory room.Store for tests and throwaway local runs.
package memory

import (
	"context"
	"sync"
	"time"

	"madang/functions/room"
	"madang/functions/store"
)

// MaxBody is the size guard of a room body (DynamoDB's item limit is 400 KB).
const MaxBody = 350 << 10

// Store is a room.Store in memory, safe for concurrent use. The zero value is not ready;
// use New.
type Store struct {
	mu     sync.Mutex
	rooms  map[string]room.Record
	conns  map[string]room.Conn
	claims store.Claims
}

// New returns an empty store.
func New() *Store {
	return &Store{rooms: map[string]room.Record{}, conns: map[string]room.Conn{}}
}

func clone(r room.Record) room.Record {
	r.Body = append([]byte(nil), r.Body...)
	return r
}

// GetRoom implements room.Store.
func (s *Store) GetRoom(_ context.Context, id string, now time.Time) (room.Record, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.rooms[id]
	if !ok || expired(r.ExpiresAt, now) {
		return room.Record{}, room.ErrNotFound
	}
	return clone(r), nil
}

// PutRoom implements room.Store.
func (s *Store) PutRoom(_ context.Context, r room.Record, prev int64, now time.Time) (room.Record, error) {
	if len(r.Body) > MaxBody {
		return room.Record{}, room.ErrTooLarge
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	cur, ok := s.rooms[r.ID]
	live := ok && !expired(cur.ExpiresAt, now)
	switch {
	case prev == 0 && live:
		return clone(cur), room.ErrConflict
	case prev != 0 && !live:
		return room.Record{}, room.ErrConflict
	case prev != 0 && cur.Version != prev:
		return clone(cur), room.ErrConflict
	}
	s.rooms[r.ID] = clone(r)
	return clone(r), nil
}

// PutConn implements room.Store.
func (s *Store) PutConn(_ context.Context, c room.Conn) error {
	s.mu.Lock()
	s.conns[c.ID] = c
	s.mu.Unlock()
	return nil
}

// GetConn implements room.Store.
func (s *Store) GetConn(_ context.Context, id string, now time.Time) (room.Conn, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.conns[id]
	if !ok || expired(c.ExpiresAt, now) {
		return room.Conn{}, room.ErrNotFound
	}
	return c, nil
}

// DeleteConn implements room.Store.
func (s *Store) DeleteConn(_ context.Context, id string) error {
	s.mu.Lock()
	delete(s.conns, id)
	s.mu.Unlock()
	return nil
}

// ClaimTurn implements room.Store.
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
	s.mu.Lock()
	defer s.mu.Unlock()
	var ids []string
	for id, r := range s.rooms {
		if !expired(r.ExpiresAt, now) {
			ids = append(ids, id)
		}
	}
	return ids, nil
}

// expired: a zero expiry never expires; otherwise the item is gone from ExpiresAt on.
func expired(at, now time.Time) bool { return !at.IsZero() && !now.Before(at) }
