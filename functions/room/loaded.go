package room

import (
	"errors"
	"io"
	"time"

	"madang/rules"
	"madang/rules/match"
)

// loaded is a room read from the store with its match replayed. The match (rules/match)
// keeps the log, who entered each entry, the offers and the outcome; record writes what it
// changed into the stored body, whose offers and bans the match is resumed from on every
// read (resumeOffers).
type loaded struct {
	id      string
	version int64
	b       body
	pol     Policy
	game    rules.Game
	m       *match.Match
}

func (l *loaded) connected(seatIdx int) bool {
	for _, c := range l.b.Conns {
		if c.Seat == seatIdx {
			return true
		}
	}
	return false
}

// aiPlays reports whether the AI moves for the seat.
func (l *loaded) aiPlays(i int) bool {
	if i < 0 || i >= len(l.b.Seats) {
		return false
	}
	s := l.b.Seats[i]
	return s.Kind == KindAI || (s.Kind == KindHuman && s.AIActive)
}

// toMove is the seat to act, -1 unless playing.
func (l *loaded) toMove() int {
	if l.b.Status != StatusPlaying {
		return -1
	}
	return int(l.m.State().ToMove())
}

// socketsOf returns the connection ids bound to seat i.
func (l *loaded) socketsOf(i int) []string {
	var ids []string
	for _, c := range l.b.Conns {
		if c.Seat == i {
			ids = append(ids, c.ID)
		}
	}
	return ids
}

// seatOfConn is the seat a listed socket holds (-1 for a spectator) and whether the room
// lists it.
func (l *loaded) seatOfConn(connID string) (int, bool) {
	for _, c := range l.b.Conns {
		if c.ID == connID {
			return c.Seat, true
		}
	}
	return -1, false
}

// awayDue is when the first away person of a playing room is due to be played by the AI
// (AwaySince + Policy.AwayAI, ms since epoch), 0 when nobody is waiting for it.
func (l *loaded) awayDue() int64 {
	// A room nobody watches asks for no check (the AI does not play it, RunAI): the first
	// socket back makes the change whose planAway asks for it, due at once if overdue.
	if l.pol.AwayAI == 0 || l.b.Status != StatusPlaying || !l.watched() {
		return 0
	}
	var due int64
	for _, st := range l.b.Seats {
		if st.Kind == KindHuman && st.AwaySince != 0 && !st.AIActive {
			if d := st.AwaySince + l.pol.AwayAI.Milliseconds(); due == 0 || d < due {
				due = d
			}
		}
	}
	return due
}

func (l *loaded) mayOfferDraw(i int) bool {
	return l.b.Status == StatusPlaying && l.m.MayOffer(i)
}

// expiresAt is the instant the room is gone: MaxAge after creation, or Idle after the last
// socket closed when none is open (seeds 000, 001).
func (l *loaded) expiresAt() time.Time {
	exp := l.b.Created + l.pol.MaxAge.Milliseconds()
	if l.b.IdleSince != 0 {
		if e := l.b.IdleSince + l.pol.Idle.Milliseconds(); e < exp {
			exp = e
		}
	}
	return time.UnixMilli(exp)
}

func (l *loaded) hasEmpty() bool {
	for _, st := range l.b.Seats {
		if st.Kind == KindEmpty {
			return true
		}
	}
	return false
}

func (l *loaded) turnKey() turnKey {
	return turnKey{l.b.Status, l.b.GameNo, len(l.b.Moves), l.toMove(), l.aiPlays(l.toMove()), l.watched()}
}

// watched reports whether any socket is in the room (a seat's or a spectator's): the AI
// plays only rooms somebody watches, so rooms everybody left do not keep it busy until they
// expire; it picks up when a socket comes back.
func (l *loaded) watched() bool { return len(l.b.Conns) > 0 }

// aiLevel is the level the AI plays seat i at: the seat's own, else the game's default.
func (l *loaded) aiLevel(i int) string {
	if i >= 0 && i < len(l.b.Seats) && l.b.Seats[i].Level != "" {
		return l.b.Seats[i].Level
	}
	return l.pol.AILevel
}

// stateAt is the state before the log entry at index ply: kept for the last entry, replayed
// from the start for older ones (only a repeated old move asks). Nil when the log does not
// replay.
func (l *loaded) stateAt(ply int) rules.State {
	switch {
	case ply == l.m.Len():
		return l.m.State()
	case ply == l.m.Len()-1 && l.m.Prev() != nil:
		return l.m.Prev()
	}
	st, err := l.game.New(l.b.Options)
	if err != nil {
		return nil
	}
	st, k, err := rules.Replay(st, l.b.Moves[:ply])
	if err != nil || k != ply {
		return nil
	}
	return st
}

// sameMove reports whether text is the move played at index ply of the log: the same text,
// or text the state at that ply reads as the same move as the logged text.
func (l *loaded) sameMove(ply int, text string) bool {
	if l.b.Moves[ply] == text {
		return true
	}
	st := l.stateAt(ply)
	if st == nil {
		return false
	}
	m, err := st.ParseMove(text)
	if err != nil {
		return false
	}
	played, err := st.ParseMove(l.b.Moves[ply]) // the log may hold a route (rules.ParseRoute)
	return err == nil && m == played
}

// seatsTurn is the gate every action of a turn (move, roll) passes: the game has started,
// ply is the room's current ply, seat i is to act and is played by a person. An action at
// an earlier ply that repeat(ply) recognises as this seat's own is answered with the state
// and nothing written (done); any other earlier ply is stale-ply (PROTOCOL.md, "Errors").
func (l *loaded) seatsTurn(i, ply int, repeat func(ply int) bool, eff *effects) (done bool, e *Error) {
	n := len(l.b.Moves)
	if l.b.Status == StatusWaiting {
		return false, errf(CodeNotYourTurn, "아직 모든 자리가 차지 않았습니다.")
	}
	if ply < n {
		if ply >= 0 && l.m.Entry(ply).Actor() == i && repeat(ply) {
			eff.noWrite = true
			return true, nil
		}
		return false, errf(CodeStalePly, "")
	}
	if l.b.Status == StatusOver {
		return false, errf(CodeGameOver, "")
	}
	if ply > n {
		return false, errf(CodeStalePly, "")
	}
	if l.toMove() != i {
		return false, errf(CodeNotYourTurn, "")
	}
	if l.b.Seats[i].Kind != KindHuman {
		return false, errf(CodeNotAllowed, "이 자리는 AI가 대신 두고 있습니다.")
	}
	return false, nil
}

func (l *loaded) snapshot(now time.Time) *Snapshot {
	st := l.m.State()
	s := &Snapshot{
		ID:         l.id,
		Game:       l.b.Game,
		Options:    st.Options(),
		Version:    l.version,
		Status:     l.b.Status,
		Ply:        len(l.b.Moves),
		Moves:      l.b.Moves,
		Position:   st.Encode(),
		ToMove:     l.toMove(),
		Legal:      []string{},
		DrawOffer:  l.b.DrawOffer,
		Result:     l.b.Result,
		Rematch:    l.b.Rematch,
		GameNo:     l.b.GameNo,
		CreatedAt:  l.b.Created,
		ExpiresAt:  ms(l.expiresAt()),
		ServerTime: ms(now),
		Policy: PolicyView{
			DrawOffers:      l.pol.DrawOffers,
			TakeoverAfterMs: l.pol.TakeoverAfter.Milliseconds(),
			AwayAIAfterMs:   l.pol.AwayAI.Milliseconds(),
		},
	}
	if s.Options == nil {
		s.Options = rules.Options{}
	}
	if s.Moves == nil {
		s.Moves = []string{}
	}
	if s.Rematch == nil {
		s.Rematch = []int{}
	}
	s.Policy.LeaveToAI = l.pol.leaveToAI(st)
	s.Clock = l.clockView(ms(now))
	s.Phase = match.PhaseName(st.Phase())
	if l.b.Status == StatusOver {
		s.Phase = match.PhaseOver
	}
	if d, ok := rules.DiceOf(st); ok && l.b.Status == StatusPlaying {
		s.Dice = &[2]int{int(d[0]), int(d[1])}
	}
	if l.b.Status == StatusPlaying {
		for _, m := range st.Moves() {
			s.Legal = append(s.Legal, m.String())
		}
	}
	for i, st := range l.b.Seats {
		v := SeatView{Kind: st.Kind, Connected: l.connected(i), AI: l.aiPlays(i)}
		if st.Kind == KindHuman && st.AwaySince != 0 {
			a := st.AwaySince
			v.AwaySince = &a
		}
		v.MayOfferDraw = st.Kind == KindHuman && l.mayOfferDraw(i)
		s.Seats = append(s.Seats, v)
	}
	for _, c := range l.b.Conns {
		if c.Seat < 0 {
			s.Spectators++
		}
	}
	return s
}

// record writes what the match changed into the stored body: the log's new texts, the
// standing offer, each seat's ban, and the result once the match is over.
func (l *loaded) record() {
	for k := len(l.b.Moves); k < l.m.Len(); k++ {
		l.b.Moves = append(l.b.Moves, l.m.Entry(k).Text)
	}
	l.b.DrawOffer = nil
	if o, ok := l.m.PendingOffer(); ok {
		l.b.DrawOffer = &drawOffer{Seat: o.Seat, Ply: o.Ply}
	}
	for j := range l.b.Seats {
		ban := l.m.Ban(j)
		l.b.Seats[j].DrawBlocked, l.b.Seats[j].DrawBlockedAfter = ban.On, ban.After
	}
	if o := l.m.Outcome(); o.Over() {
		l.finish(o)
	}
}

// resumeOffers sets the match's standing offer and bans from the stored body, which keeps
// them (a seat given to another occupant starts without a ban).
func (l *loaded) resumeOffers() {
	var offer *match.Offer
	if d := l.b.DrawOffer; d != nil {
		offer = &match.Offer{Seat: d.Seat, Ply: d.Ply}
	}
	bans := make([]match.Ban, len(l.b.Seats))
	for j, st := range l.b.Seats {
		bans[j] = match.Ban{On: st.DrawBlocked, After: st.DrawBlockedAfter}
	}
	l.m.SetOffers(offer, bans)
}

// endedOf is the outcome a stored body's result records, nil while the game goes on.
func endedOf(b *body) *rules.Outcome {
	if b.Status != StatusOver {
		return nil
	}
	o := rules.DrawBy(rules.ReasonNone)
	if r := b.Result; r != nil {
		o.Reason, _ = rules.ParseReason(r.Reason)
		o.Points = r.Points
		if r.Winner != nil {
			o.Status, o.Winner = rules.Win, rules.Seat(*r.Winner)
		}
	}
	return &o
}

// play applies a legal move of seat i, the seat to move, with its draw-offer rules (seed
// 001, match.Match.Play): a standing offer of another seat is declined by the move and
// blocks that seat's offers until a later draw-reset move; the move itself may carry a new
// offer.
func (l *loaded) play(i int, m rules.Move, offer bool) *Error {
	return l.playRoute(i, m, m.String(), offer)
}

// playRoute is play with the text the log records for the move: its canonical text, or
// the route it took (rules.ParseRoute).
func (l *loaded) playRoute(i int, m rules.Move, route string, offer bool) *Error {
	if l.toMove() != i {
		return errf(CodeNotYourTurn, "")
	}
	if err := l.m.Play(m, route, offer); err != nil {
		if errors.Is(err, match.ErrOffer) {
			return errf(CodeNotAllowed, "지금은 무승부를 제안할 수 없습니다.")
		}
		return errf(CodeIllegalMove, "")
	}
	l.record()
	return nil
}

// rollDice enters dice in the state's roll phase as a log entry ("5-3").
func (l *loaded) rollDice(d rules.Dice) *Error {
	if err := l.m.Roll(d); err != nil {
		return errf(CodeInternal, "")
	}
	l.record()
	return nil
}

// start begins play: the status becomes playing and, in a dice game, the server makes the
// opening roll in the same write, rolling again after each tie (every tie stays in the log).
func (l *loaded) start(r io.Reader) *Error {
	l.b.Status = StatusPlaying
	for k := 0; rules.IsOpening(l.m.State()); k++ {
		if k == maxOpeningRolls {
			return errf(CodeInternal, "")
		}
		d, err := drawDice(r)
		if err != nil {
			return errf(CodeInternal, "")
		}
		if e := l.rollDice(d); e != nil {
			return e
		}
	}
	return nil
}

// finish ends the game with an outcome: the match's (match.Match.End) and the stored
// result's (a win is worth at least one point).
func (l *loaded) finish(o rules.Outcome) {
	l.m.End(o)
	r := &result{Reason: o.Reason.String(), Points: o.Points}
	if o.Status == rules.Win {
		w := int(o.Winner)
		r.Winner = &w
		if r.Points == 0 {
			r.Points = 1
		}
	}
	l.b.Result = r
	l.b.Status = StatusOver
	l.b.DrawOffer = nil
	l.b.Rematch = nil
}

// acceptDraw is a person's acceptance of the offer standing for seat i.
func (l *loaded) acceptDraw(i int) *Error {
	if l.b.Status == StatusOver {
		return errf(CodeGameOver, "")
	}
	if l.b.Status != StatusPlaying || l.b.Seats[i].Kind != KindHuman {
		return errf(CodeNotAllowed, "받은 무승부 제안이 없습니다.")
	}
	return l.agree(i)
}

// agree draws the game by agreement for seat i accepting the standing offer
// (match.Match.AcceptDraw): the one path of a person's acceptance and the AI's.
func (l *loaded) agree(i int) *Error {
	if err := l.m.AcceptDraw(i); err != nil {
		return errf(CodeNotAllowed, "받은 무승부 제안이 없습니다.")
	}
	l.finish(l.m.Outcome())
	return nil
}

// resign ends the game with seat i resigning (match.Match.Resign: rules.ResignOutcome) for
// the reason why (rules.Resign, or rules.Abandoned when the seat left).
func (l *loaded) resign(i int, why rules.Reason) *Error {
	switch l.b.Status {
	case StatusOver:
		return errf(CodeGameOver, "")
	case StatusWaiting:
		return errf(CodeNotAllowed, "게임이 아직 시작되지 않았습니다.")
	}
	if err := l.m.Resign(i, why); err != nil {
		return errf(CodeInternal, "")
	}
	l.finish(l.m.Outcome())
	return nil
}

func (l *loaded) fillAI(i int, level string, r io.Reader) *Error {
	if level == "" {
		level = l.pol.AILevel
	}
	if !levels[level] {
		return errf(CodeBadMessage, "AI 수준은 초급·중급·고급 중 하나여야 합니다.")
	}
	if i != 0 {
		return errf(CodeNotAllowed, "방을 만든 사람만 AI로 채울 수 있습니다.")
	}
	if l.b.Status != StatusWaiting {
		return errf(CodeNotAllowed, "이미 시작한 게임입니다.")
	}
	for k := range l.b.Seats {
		if l.b.Seats[k].Kind == KindEmpty {
			l.b.Seats[k] = seat{Kind: KindAI, Level: level}
		}
	}
	return l.start(r)
}

func (l *loaded) takeover(i int, target *int, now time.Time) *Error {
	if l.b.Status == StatusOver {
		return errf(CodeGameOver, "")
	}
	if l.b.Status != StatusPlaying || l.pol.TakeoverAfter == 0 {
		return errf(CodeNotAllowed, "")
	}
	t := -1
	if target != nil {
		t = *target
		if t < 0 || t >= len(l.b.Seats) || t == i {
			return errf(CodeBadMessage, "AI로 바꿀 수 없는 자리입니다.")
		}
	} else {
		for k, st := range l.b.Seats {
			if k != i && st.Kind == KindHuman && st.AwaySince != 0 {
				if t >= 0 {
					return errf(CodeBadMessage, "연결이 끊긴 사람이 여럿입니다. AI로 바꿀 자리를 골라 주세요.")
				}
				t = k
			}
		}
	}
	if t < 0 {
		return errf(CodeNotAllowed, "연결이 끊긴 상대가 없습니다.")
	}
	st := l.b.Seats[t]
	if st.Kind != KindHuman || st.AwaySince == 0 {
		return errf(CodeNotAllowed, "연결이 끊긴 상대가 없습니다.")
	}
	if now.UnixMilli()-st.AwaySince < l.pol.TakeoverAfter.Milliseconds() {
		return errf(CodeNotAllowed, "상대의 연결이 끊긴 지 아직 얼마 되지 않았습니다.")
	}
	// The person's token no longer proves the seat: it is the AI's now.
	l.b.Seats[t] = seat{Kind: KindAI, Level: l.pol.AILevel}
	return nil
}
