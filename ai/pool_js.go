//go:build js

package ai

import "context"

// MaxSearchers is the bound of a Pool on the server; the browser's build does not bound.
var MaxSearchers = 2

// Pool in the browser's build (GOOS=js: one Web Worker, one search at a time, no parallelism) only
// keeps searchers for reuse: the bound of the server's build (pool.go) guards against concurrent
// requests, which a worker never has, and its channel and locks cost the module bytes it must not
// spend (DESIGN.md "Site": 620,000).
type Pool[S any] struct {
	Max     int
	idle    []*S
	created int
}

// Get takes an idle searcher or makes one with newS; ctx.Err() when ctx has ended.
func (p *Pool[S]) Get(ctx context.Context, newS func() *S) (s *S, reused bool, err error) {
	if err := ctx.Err(); err != nil {
		return nil, false, err
	}
	if n := len(p.idle); n > 0 {
		s = p.idle[n-1]
		p.idle = p.idle[:n-1]
		return s, true, nil
	}
	p.created++
	return newS(), false, nil
}

// Put gives back a searcher that Get gave.
func (p *Pool[S]) Put(s *S) { p.idle = append(p.idle, s) }

// Created is how many searchers the pool has made.
func (p *Pool[S]) Created() int { return p.created }
