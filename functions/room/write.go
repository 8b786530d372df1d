package room

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"sync"
	"time"
)

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
	// clock: ask the Scheduler for a flag check after clockWait (planClock); clockArrived:
	// this change is the arrival of the room's pending flag check.
	clock        bool
	clockWait    time.Duration
	clockArrived bool
	// refusal answers the sender when the change it asked for was refused but the room was
	// still written (a late request that flagged a clock): an error, then the state.
	refusal *Error
}

func (eff *effects) join(conn string, j outJoined) {
	eff.joined = append(eff.joined, j)
	eff.joinedTo = append(eff.joinedTo, conn)
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
		flagEff := &effects{broadcast: true}
		flagged := s.flagIfDue(l, flagEff, ms(now))
		var kept loaded // the flagged room, restored if fn refuses
		if flagged {
			kept = l.keep()
		}
		mark := l.clockMark()
		eff, e := fn(l)
		if e != nil && !flagged {
			return l, nil, e
		}
		if flagged {
			if e != nil {
				*l = kept
			}
			eff = mergeFlag(flagEff, eff, e)
		}
		l.chargeClock(mark, ms(now))
		if l.turnKey() != before {
			eff.kick = true
			l.b.TurnSince = ms(now) // in this write: no write of its own
		}
		s.planAway(l, eff, ms(now))
		s.planClock(l, eff, ms(now))
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
