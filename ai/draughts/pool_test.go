package draughts

import (
	"context"
	"sync"
	"testing"
	"time"

	"madang/ai"
	"madang/rules"
)

// Concurrent searches share a bounded pool of searchers: 4×MaxSearchers
// requests at once make at most ai.MaxSearchers searchers (each with a ttMB table), and a
// request whose context ends while it waits for one fails with the context's error.
func TestSearcherPoolBounded(t *testing.T) {
	e := &Engine{v: Checkers}
	g, _ := rules.Lookup(Checkers.ID)
	st, err := g.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := 0; i < 4*ai.MaxSearchers; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := e.Choose(context.Background(), ai.Request{State: st, Budget: ai.Budget{Nodes: 20000}, Seed: int64(i)}); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if e.pool.Created() > ai.MaxSearchers {
		t.Fatalf("%d searchers made for %d concurrent requests, bound %d", e.pool.Created(), 4*ai.MaxSearchers, ai.MaxSearchers)
	}
	// Every searcher busy: a waiting request ends with its context.
	var held []*Searcher
	for i := 0; i < ai.MaxSearchers; i++ {
		s, err := e.searcher(context.Background(), false)
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, s)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := e.Choose(ctx, ai.Request{State: st, Budget: ai.Budget{Nodes: 1000}}); err != context.DeadlineExceeded {
		t.Fatalf("a request waiting for a searcher ended with %v, want the context's deadline", err)
	}
	for _, s := range held {
		e.release(s)
	}
	if _, err := e.Choose(context.Background(), ai.Request{State: st, Budget: ai.Budget{Nodes: 1000}}); err != nil {
		t.Fatal(err)
	}
}
