package room

import (
	"context"
	"errors"
	"slices"
	"time"
)

// MaxConnection is the longest a socket lives: API Gateway closes any WebSocket connection
// after 2 h (the local gateway too).
const MaxConnection = 2 * time.Hour

// ConnLifetime is how long a connection record lives: MaxConnection and a margin of 1 h,
// so that the $disconnect sent at the cutoff, even a late one, still finds the record and
// marks the seat away. A record outliving its socket costs nothing but its bytes.
const ConnLifetime = MaxConnection + time.Hour

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

// ResetConnections forgets every socket of a room, marking their seats away from now: the
// local stack calls it for each stored room when it starts, since no socket survives a
// restart (API Gateway has no such event; its $disconnect always arrives).
func (s *Service) ResetConnections(ctx context.Context, roomID string) error {
	l, eff, err := s.updateQuietly(ctx, roomID, func(l *loaded) (*effects, *Error) {
		// The delay queue of the previous run is gone with it: no away check or clock check
		// is on its way (awayArrived and clockArrived make planAway and planClock ask again).
		if len(l.b.Conns) == 0 {
			return &effects{noWrite: true, awayArrived: true, clockArrived: true}, nil
		}
		now := ms(s.d.Clock.Now())
		for _, c := range l.b.Conns {
			if c.Seat >= 0 && l.b.Seats[c.Seat].Kind == KindHuman {
				l.b.Seats[c.Seat].AwaySince = now
			}
		}
		l.b.Conns = nil
		return &effects{awayArrived: true, clockArrived: true}, nil
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
