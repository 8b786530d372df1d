package ai

import (
	"context"
	"time"
)

// checkEvery is how many nodes pass between two looks at the clock and the context.
const checkEvery = 1024

// Control decides when a search must stop: a context, a wall-time budget and a node budget.
// It looks at the clock only every 1024 nodes, so an engine calls Tick once per node.
// The zero Control never stops.
type Control struct {
	ctx      context.Context
	start    time.Time
	limit    time.Duration // 0: no time bound
	maxNodes int64         // 0: no node bound
	nodes    int64
	stopped  bool
	now      func() time.Time
}

// NewControl starts the clock of a search bounded by ctx and by b's Time and Nodes (b's
// Depth is the engine's business).
func NewControl(ctx context.Context, b Budget) *Control {
	return newControl(ctx, b, time.Now)
}

// NewControlClock is NewControl reading the time from now instead of the wall clock (tests
// of time use; now must never go backwards).
func NewControlClock(ctx context.Context, b Budget, now func() time.Time) *Control {
	return newControl(ctx, b, now)
}

func newControl(ctx context.Context, b Budget, now func() time.Time) *Control {
	if ctx == nil {
		ctx = context.Background()
	}
	return &Control{ctx: ctx, start: now(), limit: b.Time, maxNodes: b.Nodes, now: now}
}

// Tick counts one node and reports whether the search must stop now.
func (c *Control) Tick() bool {
	c.nodes++
	if c.stopped {
		return true
	}
	if c.maxNodes > 0 && c.nodes >= c.maxNodes {
		c.stopped = true
		return true
	}
	if c.nodes%checkEvery != 0 {
		return false
	}
	return c.Check()
}

// Check looks at the context and the clock now and reports whether the search must stop.
func (c *Control) Check() bool {
	if c.stopped {
		return true
	}
	if c.ctx != nil && c.ctx.Err() != nil {
		c.stopped = true
	} else if c.limit > 0 && c.now().Sub(c.start) >= c.limit {
		c.stopped = true
	}
	return c.stopped
}

// Stopped reports whether a bound has been reached.
func (c *Control) Stopped() bool { return c.stopped }

// Nodes is the number of Ticks so far.
func (c *Control) Nodes() int64 { return c.nodes }

// Elapsed is the wall time since the control was made.
func (c *Control) Elapsed() time.Duration { return c.now().Sub(c.start) }

// Limit is the time budget (0: none).
func (c *Control) Limit() time.Duration { return c.limit }

// StartIteration reports whether an iterative-deepening search should begin another
// iteration: not once stopped, and not when more than 60% of the time budget is spent
// (the next iteration would most likely not get past its first moves).
func (c *Control) StartIteration() bool {
	if c.Check() {
		return false
	}
	return c.limit == 0 || c.Elapsed() < c.limit*6/10
}

// Err is the context's error, if the context ended the search.
func (c *Control) Err() error {
	if c.ctx == nil {
		return nil
	}
	return c.ctx.Err()
}
