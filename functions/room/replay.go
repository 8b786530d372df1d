package room

import (
	"bytes"
	"context"
	"encoding/json"
	"madang/rules"
	"madang/rules/match"
	"sync"
)

// decode reads a stored room and replays its moves.
func (s *Service) decode(rec Record) (*loaded, error) {
	l := &loaded{id: rec.ID, version: rec.Version}
	if e, ok := s.cache.get(rec); ok {
		l.b, l.m = e.b, e.m.Clone()
		g, ok1 := rules.Lookup(l.b.Game)
		pol, ok2 := PolicyFor(l.b.Game)
		if ok1 && ok2 {
			l.game, l.pol = g, pol
			l.resumeOffers()
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
	m, _, err := match.Resume(st, pol.matchRules(), l.b.Moves, nil, nil, endedOf(&l.b))
	if err != nil {
		return nil, err
	}
	l.m = m
	l.resumeOffers()
	s.cache.put(rec.ID, rec.Version, rec.Body, l)
	return l, nil
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
	m       *match.Match // never entered into: decode and put clone it
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
	e := cachedState{version: version, raw: raw, b: l.b.clone(), m: l.m.Clone()}
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
