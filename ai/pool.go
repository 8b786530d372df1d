//go:build !js

package ai

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
)

// MaxSearchers is the default bound of a Pool: at least 2, else GOMAXPROCS at start.
var MaxSearchers = max(2, runtime.GOMAXPROCS(0))

// Pool is a bounded pool of searchers (each with its transposition table, megabytes):
// at most Max exist, and a search that finds every one in use waits for one, so a burst of
// requests costs time, not memory. The zero Pool holds MaxSearchers;
// set Max before the first Get for another bound.
type Pool[S any] struct {
	Max     int
	once    sync.Once
	free    chan *S // Max places, each a searcher to reuse or nil (one not made yet)
	created atomic.Int32
}

// Get takes a searcher, made by newS when the pool has made fewer than Max, waiting while
// Max are in use; ctx.Err() when ctx ends first. A reused searcher keeps its tables (reused
// reports it, for callers that clear them). Give it back with Put.
func (p *Pool[S]) Get(ctx context.Context, newS func() *S) (s *S, reused bool, err error) {
	p.once.Do(func() {
		if p.Max < 1 {
			p.Max = MaxSearchers
		}
		p.free = make(chan *S, p.Max)
		for range p.Max {
			p.free <- nil
		}
	})
	select {
	case s = <-p.free:
	case <-ctx.Done():
		return nil, false, ctx.Err()
	}
	if s != nil {
		return s, true, nil
	}
	p.created.Add(1)
	return newS(), false, nil
}

// Put gives back a searcher that Get gave.
func (p *Pool[S]) Put(s *S) { p.free <- s }

// Created is how many searchers the pool has made.
func (p *Pool[S]) Created() int { return int(p.created.Load()) }
