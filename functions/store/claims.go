package store

import (
	"sync"
	"time"
)

// Claims are the AI turn claims of a process's rooms (room.Store.ClaimTurn and
// ReleaseTurn), kept in memory: the memory store's, and the embedded store's, where one
// process holds every writer, so a claim never needs to outlive it (and one that did would
// hold up the AI turn that the next start invokes again). Safe for concurrent use; the zero
// value is ready.
type Claims struct {
	mu sync.Mutex
	m  map[string]claim
}

type claim struct {
	turn  string
	until time.Time
}

// Claim implements room.Store.ClaimTurn.
func (c *Claims) Claim(roomID, turn string, until, now time.Time) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if cur, ok := c.m[roomID]; ok && cur.turn == turn && now.Before(cur.until) {
		return false
	}
	if c.m == nil {
		c.m = map[string]claim{}
	}
	c.m[roomID] = claim{turn: turn, until: until}
	return true
}

// Release implements room.Store.ReleaseTurn.
func (c *Claims) Release(roomID, turn string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if cur, ok := c.m[roomID]; ok && cur.turn == turn {
		delete(c.m, roomID)
	}
}

// Sweep forgets the claims expired at now and returns how many.
func (c *Claims) Sweep(now time.Time) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for id, cur := range c.m {
		if !now.Before(cur.until) {
			delete(c.m, id)
			n++
		}
	}
	return n
}
