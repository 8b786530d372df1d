package room

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
)

// after delivers a change: connection records, joined frames, the state to every socket,
// the AI's turn and timers.
func (s *Service) after(ctx context.Context, l *loaded, eff *effects) {
	if eff.clock {
		d := Delayed{Room: l.id, Version: l.version, Kind: DelayedClock, Due: l.b.Clock.Check}
		if err := s.d.Scheduler.After(ctx, eff.clockWait, d); err != nil {
			s.d.Log.Error("room: schedule", "room", l.id, "err", err)
		}
	}
	if eff.refusal != nil && eff.sender != "" {
		s.replyError(ctx, eff.sender, eff.id, eff.refusal)
		eff.id = nil // the state follows without the id, as after stale-ply
	}
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

func (s *Service) post(ctx context.Context, conn string, msg []byte) {
	if err := s.d.Notifier.Post(ctx, conn, msg); err != nil && !errors.Is(err, ErrGone) {
		s.d.Log.Warn("room: post", "conn", conn, "err", err)
	}
}

func (s *Service) replyError(ctx context.Context, conn string, id json.RawMessage, e *Error) {
	s.post(ctx, conn, mustJSON(outError{Type: "error", ID: id, Code: e.Code, Message: e.Message}))
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
