package room

import (
	"encoding/json"
	"time"

	"madang/rules"
)

// Room statuses on the wire.
const (
	StatusWaiting = "waiting"
	StatusPlaying = "playing"
	StatusOver    = "over"
)

// Seat kinds on the wire.
const (
	KindHuman = "human"
	KindAI    = "ai"
	KindEmpty = "empty"
)

// MaxConns bounds the sockets of one room (seats and spectators), which bounds the stored
// item's size.
const MaxConns = 64

// body is the stored room (Record.Body, JSON). Short keys keep items small.
type body struct {
	Game      string        `json:"g"`
	Options   rules.Options `json:"o,omitempty"`
	Created   int64         `json:"c"`           // ms since epoch
	IdleSince int64         `json:"i,omitempty"` // ms since epoch the last socket closed; 0 while one is open
	GameNo    int           `json:"n"`
	Status    string        `json:"st"`
	Moves     []string      `json:"m,omitempty"`
	Seats     []seat        `json:"s"`
	Conns     []connRef     `json:"k,omitempty"`
	DrawOffer *drawOffer    `json:"d,omitempty"`
	Result    *result       `json:"r,omitempty"`
	Rematch   []int         `json:"rm,omitempty"`
	// TurnSince is when the current turn began (ms since epoch): set by the write that
	// changes turnKey (update), so that the room can tell a seat silent on its turn.
	TurnSince int64 `json:"ts,omitempty"`
	// AwayCheck is when the away check last asked of the Scheduler arrives (ms since epoch;
	// 0: none on its way). A write that finds one on its way for the due time asks for no
	// other (Service.planAway).
	AwayCheck int64 `json:"aw,omitempty"`
}

type seat struct {
	Kind      string `json:"k"`
	TokenHash []byte `json:"h,omitempty"`  // sha256 of the seat token
	AwaySince int64  `json:"a,omitempty"`  // ms since epoch its last socket closed; 0 when connected
	AIActive  bool   `json:"x,omitempty"`  // the AI plays for the away person (Policy.AwayAI)
	LastSeen  int64  `json:"ls,omitempty"` // ms since epoch of the seat's own last write (a person's)
	Level     string `json:"l,omitempty"`  // AI level of an AI seat
	// DrawBlocked: this seat's draw offer was declined; a draw-reset move with index at
	// least DrawBlockedAfter lifts the block (seed 001).
	DrawBlocked      bool `json:"b,omitempty"`
	DrawBlockedAfter int  `json:"ba,omitempty"`
}

type connRef struct {
	ID   string `json:"c"`
	Seat int    `json:"s"` // -1 spectator
}

type drawOffer struct {
	Seat int `json:"seat"`
	Ply  int `json:"ply"`
}

type result struct {
	Winner *int   `json:"winner"`
	Reason string `json:"reason"`
	Points int    `json:"points"`
}

// Snapshot is the room as the wire shows it (PROTOCOL.md, "The snapshot").
type Snapshot struct {
	ID         string        `json:"id"`
	Game       string        `json:"game"`
	Options    rules.Options `json:"options"`
	Version    int64         `json:"version"`
	Status     string        `json:"status"`
	Phase      string        `json:"phase"`
	Dice       *[2]int       `json:"dice"`
	Ply        int           `json:"ply"`
	Moves      []string      `json:"moves"`
	Position   string        `json:"position"`
	ToMove     int           `json:"toMove"`
	Legal      []string      `json:"legal"`
	Seats      []SeatView    `json:"seats"`
	Spectators int           `json:"spectators"`
	DrawOffer  *drawOffer    `json:"drawOffer"`
	Result     *result       `json:"result"`
	Rematch    []int         `json:"rematch"`
	GameNo     int           `json:"gameNo"`
	Policy     PolicyView    `json:"policy"`
	CreatedAt  int64         `json:"createdAt"`
	ExpiresAt  int64         `json:"expiresAt"`
	ServerTime int64         `json:"serverTime"`
}

// SeatView is one seat in a snapshot.
type SeatView struct {
	Kind         string `json:"kind"`
	Connected    bool   `json:"connected"`
	AwaySince    *int64 `json:"awaySince"`
	AI           bool   `json:"ai"`
	MayOfferDraw bool   `json:"mayOfferDraw"`
}

// PolicyView is the part of a game's Policy the page needs.
type PolicyView struct {
	DrawOffers      bool  `json:"drawOffers"`
	TakeoverAfterMs int64 `json:"takeoverAfterMs"`
	AwayAIAfterMs   int64 `json:"awayAIAfterMs"`
	LeaveToAI       bool  `json:"leaveToAI"`
}

// loaded is a room read from the store with its game state replayed.
type loaded struct {
	id      string
	version int64
	b       body
	pol     Policy
	game    rules.Game
	state   rules.State
	prev    rules.State // the state before the last log entry; nil when unknown
	steps   []step      // who acted at each log entry (len(steps) == len(b.Moves))
}

func ms(t time.Time) int64 { return t.UnixMilli() }

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
	return int(l.state.ToMove())
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
	return l.pol.DrawOffers && l.b.Status == StatusPlaying && !l.b.Seats[i].DrawBlocked
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

func (l *loaded) snapshot(now time.Time) *Snapshot {
	s := &Snapshot{
		ID:         l.id,
		Game:       l.b.Game,
		Options:    l.state.Options(),
		Version:    l.version,
		Status:     l.b.Status,
		Ply:        len(l.b.Moves),
		Moves:      l.b.Moves,
		Position:   l.state.Encode(),
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
	s.Policy.LeaveToAI = l.pol.leaveToAI(l.state)
	s.Phase = phaseName(l.state.Phase())
	if l.b.Status == StatusOver {
		s.Phase = "over"
	}
	if d, ok := rules.DiceOf(l.state); ok && l.b.Status == StatusPlaying {
		s.Dice = &[2]int{int(d[0]), int(d[1])}
	}
	if l.b.Status == StatusPlaying {
		for _, m := range l.state.Moves() {
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

// phaseName is a phase on the wire.
func phaseName(p rules.Phase) string {
	switch p {
	case rules.PhaseRoll:
		return "roll"
	case rules.PhaseOver:
		return "over"
	}
	return "move"
}

func encodeBody(b *body) []byte {
	out, err := json.Marshal(b)
	if err != nil {
		panic(err) // plain structs only
	}
	return out
}
