package room

import (
	"context"
	"errors"
	"time"
)

// ProbeAfter is how long the seat to move may stay silent (no action of its own since its
// turn began or since it last acted, whichever is later) while it looks connected before
// the room asks the gateway about its sockets (Prober). API Gateway documents $disconnect
// as best effort: a lost one leaves a closed socket listed, its seat "connected", and the
// room waiting for it until its 24 h expiry.
const ProbeAfter = 30 * time.Second

// AIOverdue is how long after its turn began an AI turn counts as lost: longer than the AI
// function's 60 s timeout (template.yaml), so any run of it has ended. Async invocation
// retries a failed event once or twice and drops one older than its maximum age, so a turn
// can be lost; a ping naming the room, a resume or a join then invokes the AI again (a run
// still under way finds its turn claimed and stops, ClaimTurn).
const AIOverdue = 90 * time.Second

// aiOverdue reports whether the AI is to act in l and its turn began AIOverdue ago or more.
func (s *Service) aiOverdue(l *loaded) bool {
	return l.aiPlays(l.toMove()) && ms(s.d.Clock.Now())-l.b.TurnSince >= AIOverdue.Milliseconds()
}

// loadRoom reads and decodes a room without changing it; nil when it is absent, expired or
// unreadable (logged).
func (s *Service) loadRoom(ctx context.Context, roomID string) *loaded {
	if !validRoomID(roomID) {
		return nil
	}
	rec, err := s.d.Store.GetRoom(ctx, roomID, s.d.Clock.Now())
	if err != nil {
		if !errors.Is(err, ErrNotFound) {
			s.d.Log.Error("room: get", "room", roomID, "err", err)
		}
		return nil
	}
	l, err := s.decode(rec)
	if err != nil {
		s.d.Log.Error("room: decode", "room", roomID, "err", err)
		return nil
	}
	return l
}

// pingRoom is the room side of a ping that names a room (PROTOCOL.md, "ping"): from a
// socket the room lists, it checks on the seat to move. An AI turn overdue (AIOverdue) is
// invoked again. A person seat that looks connected but has been silent on its turn for
// ProbeAfter has its sockets probed; those found gone leave the room as their lost
// $disconnect would have made them. One read of the room, and nothing more while the turn
// is fresh.
func (s *Service) pingRoom(ctx context.Context, connID, roomID string) {
	l := s.loadRoom(ctx, roomID)
	if l == nil {
		return
	}
	mine, listed := l.seatOfConn(connID)
	if !listed || s.pingClock(ctx, l) {
		return
	}
	if s.aiOverdue(l) {
		s.kickAI(ctx, l)
		return
	}
	i := l.toMove()
	if i < 0 || i == mine || l.aiPlays(i) || l.b.Seats[i].Kind != KindHuman || !l.connected(i) {
		return
	}
	since := max(l.b.TurnSince, l.b.Seats[i].LastSeen)
	if ms(s.d.Clock.Now())-since < ProbeAfter.Milliseconds() {
		return
	}
	s.probeSeats(ctx, l, i)
}

// probeForTakeover lets a takeover request reveal the dead sockets of the seat it names
// (or, naming none, of every other person seat that looks connected), so that the seat
// shows away from now and can be taken over once Policy.TakeoverAfter has passed. Only a
// token that proves a seat of the room probes.
func (s *Service) probeForTakeover(ctx context.Context, m inbound) {
	if s.d.Prober == nil || m.Room == "" || m.Token == "" {
		return
	}
	l := s.loadRoom(ctx, m.Room)
	if l == nil || l.b.Status != StatusPlaying || l.pol.TakeoverAfter == 0 {
		return
	}
	me := seatOf(l.b.Seats, m.Token)
	if me < 0 {
		return
	}
	var targets []int
	for k, st := range l.b.Seats {
		if k != me && (m.Seat == nil || *m.Seat == k) && st.Kind == KindHuman && l.connected(k) {
			targets = append(targets, k)
		}
	}
	s.probeSeats(ctx, l, targets...)
}

// probeSeats asks the Prober about every socket of the seats and drops those it finds gone
// (dropGone: as their $disconnect would have). A probe that fails otherwise is logged and
// the socket kept.
func (s *Service) probeSeats(ctx context.Context, l *loaded, seats ...int) {
	if s.d.Prober == nil {
		return
	}
	var gone []string
	for _, i := range seats {
		for _, c := range l.socketsOf(i) {
			_, err := s.d.Prober.Probe(ctx, c)
			switch {
			case errors.Is(err, ErrGone):
				gone = append(gone, c)
			case err != nil:
				s.d.Log.Warn("room: probe", "room", l.id, "conn", c, "err", err)
			}
		}
	}
	if len(gone) > 0 {
		s.d.Log.Info("room: sockets gone without $disconnect", "room", l.id, "conns", len(gone))
	}
	s.dropGone(ctx, l.id, gone)
}
