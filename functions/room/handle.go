package room

import (
	"context"
	"errors"
	"strings"

	"madang/rules"
	"madang/rules/match"
)

// Handle runs one client message from a connection: replies and broadcasts go out through
// the Notifier. It returns an error only when the infrastructure failed in a way the
// transport should know of; refusals are replied to the client as error frames.
func (s *Service) Handle(ctx context.Context, connID string, raw []byte) error {
	m, e := parseInbound(raw)
	if e != nil {
		s.replyError(ctx, connID, m.ID, e)
		return nil
	}
	var l *loaded
	var eff *effects
	switch m.Action {
	case "ping":
		s.post(ctx, connID, mustJSON(outPong{Type: "pong", ID: m.ID}))
		if m.Room != "" {
			s.pingRoom(ctx, connID, m.Room)
		}
		return nil
	case "peek":
		s.peek(ctx, connID, m)
		return nil
	case "create":
		l, eff, e = s.create(ctx, connID, m)
	case "join":
		l, eff, e = s.join(ctx, connID, m)
	case "takeover":
		s.probeForTakeover(ctx, m)
		l, eff, e = s.seated(ctx, connID, m)
	case "resume", "move", "roll", "acceptDraw", "resign", "leave", "fillAI", "rematch":
		l, eff, e = s.seated(ctx, connID, m)
	default:
		e = errf(CodeBadMessage, "알 수 없는 요청입니다.")
	}
	if e != nil {
		s.replyError(ctx, connID, m.ID, e)
		if e.Code == CodeStalePly && l != nil {
			s.post(ctx, connID, mustJSON(outState{Type: "state", ID: m.ID, Room: l.snapshot(s.d.Clock.Now())}))
		}
		return nil
	}
	if eff == nil { // unreachable: update returns effects or an error for client actions
		return errors.New("room: no effects")
	}
	eff.sender, eff.id = connID, m.ID
	if (m.Action == "join" || m.Action == "resume") && s.aiOverdue(l) {
		eff.kick = true // the AI's invocation of this turn was lost
	}
	for i := range eff.joined {
		if eff.joinedTo[i] == connID {
			eff.joined[i].ID = m.ID
		}
	}
	s.after(ctx, l, eff)
	return nil
}

func (s *Service) bindConn(l *loaded, eff *effects, connID string, seatIdx int) {
	for i := 0; i < len(l.b.Conns); i++ {
		if l.b.Conns[i].ID == connID {
			l.b.Conns = append(l.b.Conns[:i], l.b.Conns[i+1:]...)
			i--
		}
	}
	if seatIdx >= 0 {
		// One person's tabs: a seat keeps its MaxSeatSockets newest sockets.
		n := 0
		for _, c := range l.b.Conns {
			if c.Seat == seatIdx {
				n++
			}
		}
		for i := 0; i < len(l.b.Conns) && n >= MaxSeatSockets; i++ {
			if l.b.Conns[i].Seat == seatIdx {
				eff.replaced = append(eff.replaced, l.b.Conns[i].ID) // told why it hears no more
				l.b.Conns = append(l.b.Conns[:i], l.b.Conns[i+1:]...)
				i--
				n--
			}
		}
	}
	l.b.Conns = append(l.b.Conns, connRef{ID: connID, Seat: seatIdx})
	if seatIdx >= 0 && l.b.Seats[seatIdx].Kind == KindHuman {
		l.b.Seats[seatIdx].AwaySince = 0
		l.b.Seats[seatIdx].AIActive = false
		l.b.Seats[seatIdx].LastSeen = ms(s.d.Clock.Now())
	}
	eff.bind = append(eff.bind, Conn{ID: connID, Room: l.id, Seat: seatIdx, ExpiresAt: s.d.Clock.Now().Add(ConnLifetime)})
}

func (s *Service) create(ctx context.Context, connID string, m inbound) (*loaded, *effects, *Error) {
	g, ok := rules.Lookup(m.Game)
	pol, ok2 := PolicyFor(m.Game)
	if !ok || !ok2 {
		return nil, nil, errf(CodeBadOptions, "없는 게임입니다.")
	}
	opts, err := g.Validate(rules.Options(m.Options))
	if err != nil {
		return nil, nil, errf(CodeBadOptions, "")
	}
	st, err := g.New(opts)
	if err != nil {
		return nil, nil, errf(CodeBadOptions, "")
	}
	var clock *clockBody
	if m.Clock != nil {
		tc, e := parseTimeControl(m.Clock)
		if e != nil {
			return nil, nil, e
		}
		clock = &clockBody{TC: *tc}
	}
	if !s.creates.allow(connID, s.d.Clock.Now(), s.d.Limits.CreatesPerMinute) {
		return nil, nil, errf(CodeRateLimited, "방을 너무 자주 만들었습니다. 1분 뒤에 다시 만들어 주세요.")
	}
	for attempt := 0; attempt < 4; attempt++ {
		id, err := newRoomID(s.d.Rand)
		if err != nil {
			return nil, nil, errf(CodeInternal, "")
		}
		tok, hash, err := newToken(s.d.Rand)
		if err != nil {
			return nil, nil, errf(CodeInternal, "")
		}
		now := s.d.Clock.Now()
		l := &loaded{id: id, pol: pol, game: g, m: match.New(st, pol.matchRules()), b: body{
			Game: g.ID(), Options: opts, Created: ms(now), TurnSince: ms(now), GameNo: 1, Status: StatusWaiting,
			Seats: make([]seat, st.Seats()), Clock: clock,
		}}
		for i := range l.b.Seats {
			l.b.Seats[i].Kind = KindEmpty
		}
		l.b.Seats[0] = seat{Kind: KindHuman, TokenHash: hash}
		eff := &effects{broadcast: true}
		s.bindConn(l, eff, connID, 0)
		eff.join(connID, outJoined{Type: "joined", Room: id, Seat: 0, Token: tok})
		rec := Record{ID: id, Version: 1, ExpiresAt: l.expiresAt(), Body: encodeBody(&l.b)}
		_, err = s.d.Store.PutRoom(ctx, rec, 0, now)
		if errors.Is(err, ErrConflict) {
			continue
		}
		if err != nil {
			s.d.Log.Error("room: create", "err", err)
			return nil, nil, errf(CodeInternal, "")
		}
		l.version = 1
		return l, eff, nil
	}
	return nil, nil, errf(CodeInternal, "")
}

// peek answers the room's snapshot to the sender only, taking no seat and binding nothing,
// so a page opened from a link can tell a waiting room from a full one (or none) first.
func (s *Service) peek(ctx context.Context, connID string, m inbound) {
	if m.Room == "" {
		s.replyError(ctx, connID, m.ID, errf(CodeBadMessage, "어느 방인지 알려 주지 않았습니다."))
		return
	}
	snap, err := s.Snapshot(ctx, m.Room)
	if errors.Is(err, ErrNotFound) {
		s.replyError(ctx, connID, m.ID, errf(CodeRoomNotFound, ""))
		return
	}
	if err != nil {
		s.d.Log.Error("room: peek", "room", m.Room, "err", err)
		s.replyError(ctx, connID, m.ID, errf(CodeInternal, ""))
		return
	}
	s.post(ctx, connID, mustJSON(outState{Type: "state", ID: m.ID, Room: snap}))
}

func (s *Service) join(ctx context.Context, connID string, m inbound) (*loaded, *effects, *Error) {
	if m.Room == "" {
		return nil, nil, errf(CodeBadMessage, "어느 방인지 알려 주지 않았습니다.")
	}
	return s.update(ctx, m.Room, func(l *loaded) (*effects, *Error) {
		eff := &effects{broadcast: true}
		for _, c := range l.b.Conns {
			if c.ID == connID {
				// A repeated join (a double click, a spectator joining again) keeps what this
				// socket holds and writes nothing.
				eff.noWrite = true
				eff.join(connID, outJoined{Type: "joined", Room: l.id, Seat: c.Seat})
				return eff, nil
			}
		}
		free := -1
		if l.b.Status != StatusPlaying {
			for i, st := range l.b.Seats {
				if st.Kind == KindEmpty {
					free = i
					break
				}
			}
		}
		if free < 0 {
			watching := 0
			for _, c := range l.b.Conns {
				if c.Seat < 0 {
					watching++
				}
			}
			if len(l.b.Conns) >= MaxConns || watching >= s.d.Limits.MaxSpectators {
				return nil, errf(CodeRoomFull, "관전 자리가 모두 찼습니다.")
			}
			s.bindConn(l, eff, connID, -1)
			eff.join(connID, outJoined{Type: "joined", Room: l.id, Seat: -1})
			return eff, nil
		}
		tok, hash, err := newToken(s.d.Rand)
		if err != nil {
			return nil, errf(CodeInternal, "")
		}
		l.b.Seats[free] = seat{Kind: KindHuman, TokenHash: hash}
		s.bindConn(l, eff, connID, free)
		eff.join(connID, outJoined{Type: "joined", Room: l.id, Seat: free, Token: tok})
		if l.b.Status == StatusWaiting && !l.hasEmpty() {
			return eff, l.start(s.d.Rand)
		}
		return eff, nil
	})
}

// seated runs the actions that a seat token proves.
func (s *Service) seated(ctx context.Context, connID string, m inbound) (*loaded, *effects, *Error) {
	if m.Room == "" || m.Token == "" {
		return nil, nil, errf(CodeBadMessage, "어느 방의 어느 자리인지 확인할 정보가 없습니다.")
	}
	if m.Action == "move" && (m.Ply == nil || m.Move == "") {
		return nil, nil, errf(CodeBadMessage, "몇 번째 차례의 어떤 수인지 알려 주지 않았습니다.")
	}
	if m.Action == "roll" && m.Ply == nil {
		return nil, nil, errf(CodeBadMessage, "몇 번째 차례인지 알려 주지 않았습니다.")
	}
	return s.update(ctx, m.Room, func(l *loaded) (*effects, *Error) {
		i := seatOf(l.b.Seats, m.Token)
		if i < 0 {
			return nil, errf(CodeBadToken, "")
		}
		eff := &effects{broadcast: true}
		bound := false
		for _, c := range l.b.Conns {
			bound = bound || (c.ID == connID && c.Seat == i)
		}
		var e *Error
		switch m.Action {
		case "resume":
			eff.join(connID, outJoined{Type: "joined", Room: l.id, Seat: i})
			if bound && l.b.Seats[i].AwaySince == 0 && !l.b.Seats[i].AIActive {
				// This socket already holds the seat: nothing to store, and no AI run to
				// ask for (a resume repeated from one socket must not start searches).
				eff.noWrite = true
				return eff, nil
			}
			eff.kick = true // a returning person revives a room whose AI invocation was lost
			s.bindConn(l, eff, connID, i)
			return eff, nil
		case "move":
			e = s.move(l, i, m, eff)
		case "roll":
			e = s.roll(l, i, *m.Ply, eff)
		case "acceptDraw":
			e = l.acceptDraw(i)
		case "resign":
			e = l.resign(i, rules.Resign)
		case "leave":
			e = s.leave(l, i, connID, eff)
			bound = true // leave rebinds the socket as a spectator itself
		case "fillAI":
			e = l.fillAI(i, m.Level, s.d.Rand)
		case "takeover":
			e = l.takeover(i, m.Seat, s.d.Clock.Now())
		case "rematch":
			e = s.rematch(l, i, eff)
		}
		if e != nil {
			return nil, e
		}
		if !eff.noWrite && !bound {
			s.bindConn(l, eff, connID, i) // a proven seat binds its socket
		}
		if !eff.noWrite && l.b.Seats[i].Kind == KindHuman {
			l.b.Seats[i].LastSeen = ms(s.d.Clock.Now()) // the seat acted
		}
		return eff, nil
	})
}

// move checks and plays a seat's move message.
func (s *Service) move(l *loaded, i int, m inbound, eff *effects) *Error {
	text := strings.TrimSpace(m.Move)
	// A repeat of the move this seat played at that ply (in any spelling the game reads as
	// that move) is answered, not applied again.
	repeat := func(ply int) bool { return !l.m.Entry(ply).Roll && l.sameMove(ply, text) }
	if done, e := l.seatsTurn(i, *m.Ply, repeat, eff); done || e != nil {
		return e
	}
	if l.m.State().Phase() == rules.PhaseRoll {
		return errf(CodeNotAllowed, "먼저 주사위를 굴려야 합니다.")
	}
	// A star game's full landing path is kept as written: the record shows the route played
	// (seed 004); other texts are logged canonically.
	mv, route, err := rules.ParseRoute(l.m.State(), text)
	if err != nil {
		return errf(CodeIllegalMove, "")
	}
	if m.OfferDraw && !l.mayOfferDraw(i) {
		return errf(CodeNotAllowed, "지금은 무승부를 제안할 수 없습니다.")
	}
	return l.playRoute(i, mv, route, m.OfferDraw)
}

// roll draws dice for seat i at ply (the snapshot's ply the client saw) when its turn waits
// for a roll. The client never names dice: the server draws them from Deps.Rand.
func (s *Service) roll(l *loaded, i, ply int, eff *effects) *Error {
	// A repeat of this seat's roll at that ply is answered, never rolled again.
	repeat := func(ply int) bool { return l.m.Entry(ply).Roll }
	if done, e := l.seatsTurn(i, ply, repeat, eff); done || e != nil {
		return e
	}
	if l.m.State().Phase() != rules.PhaseRoll {
		return errf(CodeNotAllowed, "지금은 주사위를 굴릴 때가 아닙니다.")
	}
	d, err := drawDice(s.d.Rand)
	if err != nil {
		return errf(CodeInternal, "")
	}
	return l.rollDice(d)
}

func (s *Service) leave(l *loaded, i int, connID string, eff *effects) *Error {
	// Whatever happens to the seat, its token proves nothing from now on: the seat goes to
	// the AI or is free for another person (who may then vote for a rematch). The last
	// person's leave ends the game as resigning (handsToAI, as the last person's flag does):
	// no game goes on with the AI alone.
	switch {
	case l.handsToAI(i):
		l.b.Seats[i] = seat{Kind: KindAI, Level: l.pol.AILevel}
	case l.b.Status == StatusPlaying:
		if e := l.resign(i, rules.Abandoned); e != nil {
			return e
		}
		l.b.Seats[i] = seat{Kind: KindEmpty}
	default:
		l.b.Seats[i] = seat{Kind: KindEmpty}
		l.b.Rematch = removeInt(l.b.Rematch, i)
	}
	// Every socket of that seat now watches.
	for k := range l.b.Conns {
		if l.b.Conns[k].Seat == i {
			l.b.Conns[k].Seat = -1
			eff.join(l.b.Conns[k].ID, outJoined{Type: "joined", Room: l.id, Seat: -1})
			eff.bind = append(eff.bind, Conn{ID: l.b.Conns[k].ID, Room: l.id, Seat: -1, ExpiresAt: s.d.Clock.Now().Add(ConnLifetime)})
		}
	}
	found := false
	for _, c := range l.b.Conns {
		found = found || c.ID == connID
	}
	if !found {
		s.bindConn(l, eff, connID, -1)
	}
	return nil
}

func removeInt(xs []int, v int) []int {
	out := xs[:0]
	for _, x := range xs {
		if x != v {
			out = append(out, x)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

var levels = map[string]bool{"beginner": true, "intermediate": true, "advanced": true}

// rematch records a vote; when every person has voted, the next game starts with people
// moved one seat along (seed 001: colours swap; seed 000: another person plays red).
func (s *Service) rematch(l *loaded, i int, eff *effects) *Error {
	if l.b.Status != StatusOver {
		return errf(CodeNotAllowed, "게임이 끝난 뒤에 할 수 있습니다.")
	}
	for _, v := range l.b.Rematch {
		if v == i {
			eff.noWrite = true
			return nil
		}
	}
	l.b.Rematch = append(l.b.Rematch, i)
	for k, st := range l.b.Seats {
		if st.Kind == KindEmpty {
			return nil
		}
		if st.Kind == KindHuman && !containsInt(l.b.Rematch, k) {
			return nil
		}
	}
	n := len(l.b.Seats)
	seats := make([]seat, n)
	for k := range seats {
		seats[k] = l.b.Seats[(k+1)%n]
		seats[k].DrawBlocked, seats[k].DrawBlockedAfter = false, 0
	}
	l.b.Seats = seats
	for k := range l.b.Conns {
		if c := &l.b.Conns[k]; c.Seat >= 0 {
			c.Seat = (c.Seat + n - 1) % n
			eff.join(c.ID, outJoined{Type: "joined", Room: l.id, Seat: c.Seat})
			eff.bind = append(eff.bind, Conn{ID: c.ID, Room: l.id, Seat: c.Seat, ExpiresAt: s.d.Clock.Now().Add(ConnLifetime)})
		}
	}
	st, err := l.game.New(l.b.Options)
	if err != nil {
		return errf(CodeInternal, "")
	}
	l.m = match.New(st, l.pol.matchRules())
	l.b.Moves, l.b.DrawOffer, l.b.Result, l.b.Rematch = nil, nil, nil, nil
	l.b.GameNo++
	return l.start(s.d.Rand)
}

func containsInt(xs []int, v int) bool {
	for _, x := range xs {
		if x == v {
			return true
		}
	}
	return false
}
