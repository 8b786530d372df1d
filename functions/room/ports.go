// Package room is the room service: the protocol messages, seats and seat tokens, turns,
// draw offers, timers, expiry and AI seats of online play. It knows nothing of AWS, HTTP or
// WebSockets: it talks to the ports below, which the local stack (infra/local) and the
// Lambda mains (functions/<name>) implement.
package room

import (
	"context"
	"errors"
	"madang/rules"
	"time"
)

// Record is one stored room: the store keeps Body opaque and guards Version.
type Record struct {
	ID        string    // room id, short and unguessable
	Version   int64     // 1 after create, +1 on every write
	ExpiresAt time.Time // the room is gone from this instant on, even if still stored
	Body      []byte    // the room's encoded state (owned by this package)
}

// Conn is one stored connection: which room and seat a socket is bound to.
type Conn struct {
	ID        string    // the gateway's connection id
	Room      string    // room id; "" before create/join/resume
	Seat      int       // seat index, -1 for a spectator
	ExpiresAt time.Time // the record is gone from this instant on
}

// Store errors.
var (
	// ErrNotFound: no such item, or it has expired.
	ErrNotFound = errors.New("not found")
	// ErrConflict: a conditional write lost to another writer (the version moved, or a
	// create found the id taken).
	ErrConflict = errors.New("version conflict")
	// ErrTooLarge: the item exceeds the store's size guard.
	ErrTooLarge = errors.New("item too large")
)

// Store keeps rooms and connections. Every room write is conditional on the version.
type Store interface {
	// GetRoom returns the room, or ErrNotFound when absent or expired at now.
	GetRoom(ctx context.Context, id string, now time.Time) (Record, error)
	// PutRoom writes r if the stored version equals prev (prev 0: the room must not exist,
	// or exist only expired). On ErrConflict the returned Record is the current one when the
	// store can tell it without another read (zero otherwise). ErrTooLarge when Body is over
	// the store's guard.
	PutRoom(ctx context.Context, r Record, prev int64, now time.Time) (Record, error)
	// PutConn creates or replaces a connection record.
	PutConn(ctx context.Context, c Conn) error
	// GetConn returns a connection, or ErrNotFound.
	GetConn(ctx context.Context, id string, now time.Time) (Conn, error)
	// DeleteConn removes a connection; deleting a missing one is not an error.
	DeleteConn(ctx context.Context, id string) error
	// ClaimTurn claims the AI's turn of a room, named by turn (any text that differs
	// between turns), until the instant until. It reports true when the caller holds the
	// claim now (there was none, or one of another turn, or one expired at now), false when
	// a claim of the same turn is live at now (a duplicated invocation is thinking about
	// it). A claim is a small item of its own, never part of the room's record.
	ClaimTurn(ctx context.Context, roomID, turn string, until, now time.Time) (bool, error)
	// ReleaseTurn drops the room's claim if it is still of turn (the holder gives up, so
	// that a retry need not wait for the claim to expire); no claim is not an error.
	ReleaseTurn(ctx context.Context, roomID, turn string) error
}

// OrderedPutter is a Store whose room writes are ordered before they are durable: the
// embedded store acknowledging after its disk sync (madang serve --sync-ack). The service
// holds a room's lock (Deps.SerialRooms) only until the write is ordered and waits for the
// disk outside it, so the next writer of the room does not queue behind the sync.
type OrderedPutter interface {
	// PutRoomOrdered is PutRoom, returning once the write is decided and seen by every
	// later read and write of the room, with durable, which returns once the write is as
	// safe as PutRoom's acknowledgement (or the error PutRoom would have returned then).
	// durable is nil when err is not.
	PutRoomOrdered(ctx context.Context, r Record, prev int64, now time.Time) (cur Record, durable func() error, err error)
}

// RoomLister is a Store that can list its rooms: the local stack lists them when it starts
// to forget the sockets of a previous run, which no $disconnect will ever clear (every
// store of this repository implements it).
type RoomLister interface {
	// RoomIDs returns the ids of the rooms live at now, in no particular order.
	RoomIDs(ctx context.Context, now time.Time) ([]string, error)
}

// ErrGone is returned by a Notifier for a connection that no longer exists.
var ErrGone = errors.New("connection gone")

// Notifier posts one message (one WebSocket frame) to a connection.
type Notifier interface {
	Post(ctx context.Context, connID string, msg []byte) error
}

// Prober asks the gateway whether it still holds a connection. API Gateway documents
// $disconnect as best effort: a socket that ended without one still looks connected in its
// room, so the room asks the gateway about the sockets of a seat that has gone silent
// (PROTOCOL.md, "ping"). On AWS it is the management API's GetConnection.
type Prober interface {
	// Probe returns when the connection was last active, or an error wrapping ErrGone when
	// the gateway no longer has it (API Gateway's 410 GoneException); any other error
	// says nothing about the connection.
	Probe(ctx context.Context, connID string) (lastActive time.Time, err error)
}

// Invoker asks the AI to act in a room at a version, asynchronously: the call returns
// before the AI has moved. A duplicate invocation is harmless (the version check refuses it).
type Invoker interface {
	InvokeAI(ctx context.Context, roomID string, version int64) error
}

// AITurn names an AI turn for a TurnInvoker: the room, the version that started it and the
// AI level of the seat to act ("beginner", "intermediate", "advanced").
type AITurn struct {
	Room    string
	Version int64
	Level   string
}

// TurnInvoker is an Invoker that is told the level of the turn it starts, so that it can
// serve short searches beside long ones (the local AI pool). The service calls InvokeTurn
// instead of InvokeAI when its Invoker implements it.
type TurnInvoker interface {
	InvokeTurn(ctx context.Context, t AITurn) error
}

// Delayed is an action the room service wants to run later (e.g. the 45 s away check).
type Delayed struct {
	Room    string `json:"room"`
	Version int64  `json:"version"`
	Kind    string `json:"kind"`
	// Due is the instant (ms since the Unix epoch) the room's pending check was asked for:
	// the room records it, so that one check is scheduled per due time however many
	// messages arrive meanwhile. 0 in messages from before it existed.
	Due int64 `json:"due,omitempty"`
}

// Scheduler delivers a Delayed action after at least d; the room re-checks on arrival.
type Scheduler interface {
	After(ctx context.Context, d time.Duration, a Delayed) error
}

// Clock tells the time; tests use a fake one.
type Clock interface {
	Now() time.Time
}

// AI is the room service's port to the game engines: the local stack and the Lambda mains
// wire in the real engines (package functions/aiseat); tests use a fake.
type AI interface {
	// Choose picks a legal move of s for the seat to move at the named level
	// ("beginner", "intermediate", "advanced"), deterministically for seed.
	Choose(ctx context.Context, s rules.State, level string, seed int64) (rules.Move, error)
	// AcceptDraw reports whether the seat to move accepts the opponent's draw offer.
	AcceptDraw(s rules.State) bool
	// OfferDraw reports whether the seat to move offers a draw with its next move.
	OfferDraw(s rules.State) bool
}
