package room

import (
	"sync"
	"time"
)

// Limits bound what one socket or room may take (PROTOCOL.md, "Limits").
type Limits struct {
	// CreatesPerMinute is how many rooms one socket may create in a minute (a fixed window
	// from its first create); more answer rate-limited. 0: DefaultCreatesPerMinute;
	// negative: no limit. Counted per process (per Lambda instance on AWS).
	CreatesPerMinute int
	// MaxSpectators is how many spectator sockets one room takes; a join beyond answers
	// room-full. 0: DefaultMaxSpectators; never more than MaxConns.
	MaxSpectators int
}

// Default limits.
const (
	DefaultCreatesPerMinute = 10
	DefaultMaxSpectators    = 50
	// MaxSeatSockets is how many sockets one seat keeps (tabs of one person): binding one
	// more drops the seat's oldest socket from the room.
	MaxSeatSockets = 4
)

// The per-socket message rate of both transports (PROTOCOL.md, rate-limited): a socket may
// send MessagesPerSecond messages a second, in bursts of up to MessageBurst; a message over
// the rate answers rate-limited. The room service does not count them itself: the transport
// in front of it does (the local gateway exactly per socket, the Lambda path per instance,
// package functions/aws/lambda).
const (
	MessagesPerSecond = 50
	MessageBurst      = 100
)

// createCounter counts the rooms each socket created in its current one-minute window.
type createCounter struct {
	mu sync.Mutex
	m  map[string]createWindow
}

type createWindow struct {
	start time.Time
	n     int
}

// allow counts a create of conn at now and reports whether it is within limit a minute.
func (c *createCounter) allow(conn string, now time.Time, limit int) bool {
	if limit < 0 {
		return true
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.m) >= 1<<16 { // sockets that never disconnected here: drop the old windows
		for k, w := range c.m {
			if now.Sub(w.start) >= time.Minute {
				delete(c.m, k)
			}
		}
	}
	w := c.m[conn]
	if w.n == 0 || now.Sub(w.start) >= time.Minute {
		w = createWindow{start: now}
	}
	if w.n >= limit {
		return false
	}
	w.n++
	c.m[conn] = w
	return true
}

func (c *createCounter) forget(conn string) {
	c.mu.Lock()
	delete(c.m, conn)
	c.mu.Unlock()
}
