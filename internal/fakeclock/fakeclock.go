// Package fakeclock is a room.Clock for tests: it stands still until the test moves it, so
// the room's timers (away, takeover, probes, expiry) are tested without waiting.
package fakeclock

import (
	"sync"
	"time"
)

// Clock is a clock that shows the time it was set to. Safe for concurrent use.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// New returns a clock showing t.
func New(t time.Time) *Clock { return &Clock{now: t} }

// Now returns the time the clock shows.
func (c *Clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

// Advance moves the clock forward by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}
