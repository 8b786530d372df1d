package room

import (
	"context"
	"time"
)

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

// Delayed kinds.
const (
	// DelayedAway: let the AI play for persons away at least Policy.AwayAI.
	DelayedAway = "away"
)

// RunDelayed runs a delayed action (from the Scheduler). It re-checks the room: a stale
// or unknown action does nothing.
func (s *Service) RunDelayed(ctx context.Context, d Delayed) error {
	if d.Kind == DelayedClock {
		return s.runClockCheck(ctx, d)
	}
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
