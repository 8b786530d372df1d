package room

import (
	"context"
	"encoding/json"
	"math"
	"time"

	"madang/rules"
)

// TimeControl is a room's game clock, chosen by the creator in `create`
// (PROTOCOL.md, "Clocks"). Every person seat starts each game with BaseMs; an action of the
// seat (a move, a roll) costs it the time from the start of the action to the server's
// acceptance of it, less DelayMs; a move then earns IncrementMs.
//
//   - Fischer increment (checkers/draughts, as lidraughts and FMJD events): "5+3" is
//     BaseMs 300000, IncrementMs 3000.
//   - Delay and reserve (backgammon servers; the star games): DelayMs is free time each
//     action, charged to nobody; only what an action takes beyond it comes off the reserve
//     BaseMs. "30 s a move, 3 min reserve" is DelayMs 30000, BaseMs 180000.
//
// Both may be set. Times are milliseconds, measured by the server's clock (Deps.Clock) only:
// a client never sends time.
type TimeControl struct {
	BaseMs      int64 `json:"baseMs"`
	IncrementMs int64 `json:"incrementMs"`
	DelayMs     int64 `json:"delayMs"`
}

// Time-control bounds (the custom range the page offers; every preset lies within them).
const (
	MinBaseMs      = 1000               // 1 s (short controls for tests)
	MaxBaseMs      = 3 * 60 * 60 * 1000 // 3 h
	MaxIncrementMs = 60 * 1000          // 1 min
	MaxDelayMs     = 5 * 60 * 1000      // 5 min
	maxClockWait   = 15 * time.Minute   // the delay queue's longest wait (SQS DelaySeconds 900)
	noMark         = int64(-1)          // clockBody.Marks for an entry no person's clock made
)

// Validate checks the bounds: BaseMs 1 s .. 3 h, IncrementMs 0 .. 1 min, DelayMs 0 .. 5 min.
// The error is a bad-options refusal with a Korean message.
func (tc TimeControl) Validate() *Error {
	switch {
	case tc.BaseMs < MinBaseMs || tc.BaseMs > MaxBaseMs:
		return errf(CodeBadOptions, "제한 시간은 1초에서 3시간 사이여야 합니다.")
	case tc.IncrementMs < 0 || tc.IncrementMs > MaxIncrementMs:
		return errf(CodeBadOptions, "한 수마다 더하는 시간은 0초에서 1분 사이여야 합니다.")
	case tc.DelayMs < 0 || tc.DelayMs > MaxDelayMs:
		return errf(CodeBadOptions, "한 수마다 주는 시간은 0초에서 5분 사이여야 합니다.")
	}
	return nil
}

// parseTimeControl reads the `clock` field of `create`: an object with exactly the keys of
// TimeControl, each a whole number of milliseconds (baseMs required).
func parseTimeControl(raw json.RawMessage) (*TimeControl, *Error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil || fields == nil {
		return nil, errf(CodeBadMessage, "시간 설정은 객체여야 합니다.")
	}
	var tc TimeControl
	for k, v := range fields {
		var to *int64
		switch k {
		case "baseMs":
			to = &tc.BaseMs
		case "incrementMs":
			to = &tc.IncrementMs
		case "delayMs":
			to = &tc.DelayMs
		default:
			return nil, errf(CodeBadMessage, "시간 설정에 모르는 항목이 있습니다.")
		}
		n, ok := wholeNumber(v)
		if !ok {
			return nil, errf(CodeBadMessage, "시간 설정의 값은 밀리초 단위의 정수여야 합니다.")
		}
		*to = n
	}
	if _, ok := fields["baseMs"]; !ok {
		return nil, errf(CodeBadMessage, "시간 설정에 기본 제한 시간이 없습니다.")
	}
	if e := tc.Validate(); e != nil {
		return nil, e
	}
	return &tc, nil
}

// wholeNumber reads a JSON number whose value is whole, in any of JSON's spellings of it
// (RFC 8259 section 6: 3000, 3e3 and 3000.0 are one number), within ±2^53 (beyond, a float64
// no longer tells whole numbers apart; every bound of TimeControl is far inside). Strings,
// null, fractions and anything else are not.
func wholeNumber(raw json.RawMessage) (int64, bool) {
	var n json.Number
	if err := json.Unmarshal(raw, &n); err != nil || n == "" || raw[0] == '"' {
		return 0, false
	}
	if i, err := n.Int64(); err == nil {
		return i, true
	}
	f, err := n.Float64()
	if err != nil || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
		return 0, false
	}
	return int64(f), true
}

// clockBody is a room's stored clock (body.Clock), nil in rooms without one.
type clockBody struct {
	TC TimeControl `json:"tc"`
	// Left is each seat's remaining reserve (ms) as of Since for the seat to act, as of its
	// last action for the others. AI seats' entries are unused.
	Left []int64 `json:"l"`
	// Since is when the seat to act's current action began to be timed (ms since epoch):
	// the game's start, or the previous log entry's acceptance.
	Since int64 `json:"t"`
	// Marks is, per log entry, the acting seat's reserve after it (ms), noMark for entries
	// no person's clock made (the AI's, the opening roll): the records' %clk.
	Marks []int64 `json:"mk,omitempty"`
	// Check is the deadline (ms since epoch) of the flag check last asked of the Scheduler;
	// 0: none on its way (planClock).
	Check int64 `json:"ck,omitempty"`
}

func (c *clockBody) clone() *clockBody {
	if c == nil {
		return nil
	}
	d := *c
	d.Left = append([]int64(nil), c.Left...)
	d.Marks = append([]int64(nil), c.Marks...)
	return &d
}

// ClockView is the clock in a snapshot (PROTOCOL.md, "Clocks").
type ClockView struct {
	Control TimeControl `json:"control"`
	// RemainingMs is each seat's reserve at the snapshot's serverTime (null for a seat with
	// no clock: an AI seat, an empty one).
	RemainingMs []*int64 `json:"remainingMs"`
	// Running is the seat whose clock runs (-1: none), and DelayLeftMs the part of its
	// current delay not yet used at serverTime: the page counts down RemainingMs[Running]
	// after DelayLeftMs by its own elapsed time since the snapshot arrived.
	Running     int   `json:"running"`
	DelayLeftMs int64 `json:"delayLeftMs"`
	// Marks is, per entry of `moves`, the acting seat's reserve after it (ms), null for
	// entries no person's clock made.
	Marks []*int64 `json:"marks"`
}

// clockMark is what a write changes that the clock follows (taken before the change).
type clockMark struct {
	status string
	game   int
	n      int
}

func (l *loaded) clockMark() clockMark {
	return clockMark{l.b.Status, l.b.GameNo, len(l.b.Moves)}
}

// clocked reports whether seat i's time runs when it is to act: a person seat (one the AI
// plays while its person is away keeps its clock running).
func (l *loaded) clocked(i int) bool {
	return l.b.Clock != nil && i >= 0 && i < len(l.b.Seats) && l.b.Seats[i].Kind == KindHuman
}

// running is the seat whose clock runs and when it flags (ms since epoch), or -1.
func (l *loaded) running() (seat int, deadline int64) {
	c := l.b.Clock
	if c == nil || l.b.Status != StatusPlaying {
		return -1, 0
	}
	i := l.toMove()
	if !l.clocked(i) || i >= len(c.Left) {
		return -1, 0
	}
	return i, c.Since + c.TC.DelayMs + c.Left[i]
}

// flagIfDue ends the running seat's time when it has run out at now: the first step of
// every change (update), so that any request finds a flag however late the delayed check
// is, and a flag racing a move is decided by the room's conditional write (one wins). A seat
// the policy hands to the AI on leaving (three-player diamond) goes to the AI, its sockets
// watching, while another person still plays; otherwise (the last person's flag, or a game
// that does not hand seats over) the game ends with rules.FlagOutcome, so no game goes on
// with the AI alone. Reports whether it flagged.
func (s *Service) flagIfDue(l *loaded, eff *effects, now int64) bool {
	i, deadline := l.running()
	if i < 0 || now < deadline {
		return false
	}
	c := l.b.Clock
	c.Left[i] = 0
	if l.handsToAI(i) {
		l.b.Seats[i] = seat{Kind: KindAI, Level: l.pol.AILevel}
		for k := range l.b.Conns {
			if l.b.Conns[k].Seat == i {
				l.b.Conns[k].Seat = -1
				eff.join(l.b.Conns[k].ID, outJoined{Type: "joined", Room: l.id, Seat: -1})
				eff.bind = append(eff.bind, Conn{ID: l.b.Conns[k].ID, Room: l.id, Seat: -1, ExpiresAt: time.UnixMilli(now).Add(ConnLifetime)})
			}
		}
		c.Since = now
		return true
	}
	l.finish(rules.FlagOutcome(l.m.State(), rules.Seat(i)))
	return true
}

// handsToAI reports whether seat i, leaving a game in play (by `leave` or by its flag),
// goes to the AI and the game goes on: the policy hands leaving seats over (three-player
// diamond) and a seat other than i is still a person's. When it reports false the game
// ends instead (leave: as i's resignation, reason abandoned; a flag: rules.FlagOutcome), so
// no game goes on with the AI alone.
func (l *loaded) handsToAI(i int) bool {
	return l.b.Status == StatusPlaying && l.pol.leaveToAI(l.m.State()) && l.anotherPerson(i)
}

// anotherPerson reports whether a seat other than i is a person's.
func (l *loaded) anotherPerson(i int) bool {
	for k, st := range l.b.Seats {
		if k != i && st.Kind == KindHuman {
			return true
		}
	}
	return false
}

// chargeClock books a change on the clock: a game that started (the first, or a rematch)
// gives every seat its base time; log entries a seat added cost it the time since its
// action began, less the delay, and a move (not a roll) earns the increment. The acting
// seat's reserve after each entry is kept for the records.
func (l *loaded) chargeClock(m clockMark, now int64) {
	c := l.b.Clock
	if c == nil {
		return
	}
	if l.b.GameNo != m.game || (m.status == StatusWaiting && l.b.Status != StatusWaiting) {
		c.Left = make([]int64, len(l.b.Seats))
		for i := range c.Left {
			c.Left[i] = c.TC.BaseMs
		}
		c.Since, c.Marks = now, nil
		for range l.b.Moves { // the opening roll
			c.Marks = append(c.Marks, noMark)
		}
		return
	}
	if m.status != StatusPlaying || len(l.b.Moves) <= m.n || m.n >= l.m.Len() {
		return
	}
	for len(c.Marks) < m.n {
		c.Marks = append(c.Marks, noMark)
	}
	c.Marks = c.Marks[:m.n]
	i := l.m.Entry(m.n).Actor()
	if l.clocked(i) && i < len(c.Left) {
		spent := max(0, now-c.Since-c.TC.DelayMs)
		c.Left[i] = max(0, c.Left[i]-spent)
		for k := m.n; k < len(l.b.Moves); k++ {
			if l.m.Entry(k).Actor() == i && !l.m.Entry(k).Roll {
				c.Left[i] += c.TC.IncrementMs
				break
			}
		}
	}
	for k := m.n; k < len(l.b.Moves); k++ {
		mark := noMark
		if j := l.m.Entry(k).Actor(); j == i && l.clocked(j) && j < len(c.Left) {
			mark = c.Left[j]
		}
		c.Marks = append(c.Marks, mark)
	}
	c.Since = now
}

// planClock asks the Scheduler for a flag check at the running seat's deadline (at most
// maxClockWait ahead: a longer wait asks again when the check arrives early), unless one is
// on its way that arrives by that deadline: like planAway, one check in flight however many
// messages and moves come. No check is needed for a deadline already past: this very change flagged it
// (flagIfDue). A lost check is made up for by the next request of the room after the
// deadline, and the page sends `ping` with the room when a clock reaches zero (pingClock).
func (s *Service) planClock(l *loaded, eff *effects, now int64) {
	c := l.b.Clock
	if s.d.Scheduler == nil || c == nil {
		return
	}
	_, deadline := l.running()
	if deadline == 0 {
		if c.Check != 0 && (!eff.noWrite || eff.clockArrived) {
			c.Check = 0
			eff.noWrite = false
		}
		return
	}
	if c.Check > now && c.Check <= deadline && !eff.clockArrived {
		// one is on its way that arrives by this deadline and asks again then: a move
		// that moves the deadline later asks nothing (one check in flight a room, not one a
		// move); a check already due and not arrived is lost, and is asked again
		return
	}
	wait := time.Duration(max(0, deadline-now)) * time.Millisecond
	eff.clock, eff.clockWait = true, min(wait, maxClockWait)
	if c.Check != deadline {
		c.Check = deadline
		if eff.noWrite {
			eff.noWrite, eff.broadcast = false, true
		}
	}
}

// pingClock is the clock's part of a ping naming the room (pingRoom): a running clock found
// out of time is flagged at once, as its delayed check would have. Reports whether it was.
func (s *Service) pingClock(ctx context.Context, l *loaded) bool {
	if _, deadline := l.running(); deadline == 0 || ms(s.d.Clock.Now()) < deadline {
		return false
	}
	if err := s.runClockCheck(ctx, Delayed{Room: l.id, Kind: DelayedClock}); err != nil {
		s.d.Log.Error("room: flag on ping", "room", l.id, "err", err)
	}
	return true
}

// DelayedClock is the Delayed kind of a flag check (Delayed.Due: the deadline it checks).
const DelayedClock = "clock"

// runClockCheck is RunDelayed for DelayedClock: the change itself is update's flagIfDue;
// a check that arrives before its deadline (a wait beyond the queue's maximum) asks again.
func (s *Service) runClockCheck(ctx context.Context, d Delayed) error {
	l, eff, err := s.updateQuietly(ctx, d.Room, func(l *loaded) (*effects, *Error) {
		arrived := l.b.Clock != nil && d.Due == l.b.Clock.Check
		return &effects{noWrite: true, clockArrived: arrived}, nil
	})
	if err != nil || l == nil {
		return err
	}
	s.after(ctx, l, eff)
	return nil
}

// clockView is the snapshot's clock at now (nil in rooms without one).
func (l *loaded) clockView(now int64) *ClockView {
	c := l.b.Clock
	if c == nil {
		return nil
	}
	v := &ClockView{Control: c.TC, Running: -1, RemainingMs: make([]*int64, len(l.b.Seats)), Marks: make([]*int64, len(l.b.Moves))}
	// the pointers point into one array each (two allocations a snapshot, not one a move)
	lefts, marks := make([]int64, len(l.b.Seats)), make([]int64, min(len(c.Marks), len(l.b.Moves)))
	run, _ := l.running()
	for i := range l.b.Seats {
		if !l.clocked(i) || i >= len(c.Left) || l.b.Status == StatusWaiting {
			continue
		}
		left := c.Left[i]
		if i == run {
			used := max(0, now-c.Since)
			v.Running, v.DelayLeftMs = i, max(0, c.TC.DelayMs-used)
			left = max(0, left-max(0, used-c.TC.DelayMs))
		}
		lefts[i] = left
		v.RemainingMs[i] = &lefts[i]
	}
	for k := range marks {
		if c.Marks[k] != noMark {
			marks[k] = c.Marks[k]
			v.Marks[k] = &marks[k]
		}
	}
	return v
}

// mergeFlag is the effects of a change whose room was flagged first (flagIfDue): the flag's
// own (the sockets of a seat handed to the AI, a broadcast), the change's when it was
// accepted, or its refusal e, which the sender gets before the state.
func mergeFlag(flag, eff *effects, e *Error) *effects {
	if e != nil || eff == nil {
		flag.refusal = e
		return flag
	}
	eff.joined = append(flag.joined, eff.joined...)
	eff.joinedTo = append(flag.joinedTo, eff.joinedTo...)
	eff.bind = append(flag.bind, eff.bind...)
	eff.noWrite, eff.broadcast = false, true
	return eff
}

// keep is a copy of l that later changes of l do not reach (its body and match cloned), so
// that a refused change after a flag can be undone.
func (l *loaded) keep() loaded {
	k := *l
	k.b = l.b.clone()
	k.m = l.m.Clone()
	return k
}
