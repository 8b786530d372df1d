package room

import (
	"encoding/json"
	"time"

	"madang/rules"
	"madang/rules/match"
)

// Room statuses on the wire (the match's names, rules/match).
const (
	StatusWaiting = match.StatusWaiting
	StatusPlaying = match.StatusPlaying
	StatusOver    = match.StatusOver
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
	// Clock is the room's game clock (clock.go); nil: the room has no time control.
	Clock *clockBody `json:"cl,omitempty"`
}

type seat struct {
	Kind      string `json:"k"`
	TokenHash []byte `json:"h,omitempty"`  // sha256 of the seat token
	AwaySince int64  `json:"a,omitempty"`  // ms since epoch its last socket closed; 0 when connected
	AIActive  bool   `json:"x,omitempty"`  // the AI plays for the away person (Policy.AwayAI)
	LastSeen  int64  `json:"ls,omitempty"` // ms since epoch of the seat's own last write (a person's)
	Level     string `json:"l,omitempty"`  // AI level of an AI seat
	// DrawBlocked: this seat's draw offer was declined; a draw-reset move with index at
	// least DrawBlockedAfter lifts the block (seed 001; match.Ban, stored here). A seat
	// given to another occupant starts without it.
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
	Clock      *ClockView    `json:"clock"`
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

func ms(t time.Time) int64 { return t.UnixMilli() }

func encodeBody(b *body) []byte {
	out, err := json.Marshal(b)
	if err != nil {
		panic(err) // plain structs only
	}
	return out
}

// clone copies everything a change may write to, so that a cached body is never changed.
func (b body) clone() body {
	b.Moves = append([]string(nil), b.Moves...)
	b.Seats = append([]seat(nil), b.Seats...)
	b.Conns = append([]connRef(nil), b.Conns...)
	b.Rematch = append([]int(nil), b.Rematch...)
	if b.DrawOffer != nil {
		d := *b.DrawOffer
		b.DrawOffer = &d
	}
	if b.Result != nil {
		r := *b.Result
		b.Result = &r
	}
	b.Clock = b.Clock.clone()
	return b
}
