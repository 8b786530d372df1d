package halma

import (
	"context"
	"sync"
	"testing"
	"time"

	"madang/ai"
	"madang/rules/halma"
)

// Concurrent searches share a bounded pool of searchers (as ai/draughts):
// 4×MaxSearchers requests at once make at most ai.MaxSearchers searchers (each with a ttMB
// table) and all succeed; with every searcher in use a further request waits, is served
// once one is given back, and ends with its context's error if that ends first.
func TestSearcherPoolBounded(t *testing.T) {
	e := &Engine{r: &halma.ChineseCheckers, terms: AllTerms}
	st := newGame(t, config{"chinese-checkers", nil})
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

	// Every searcher busy: a request waits for one (it makes none of its own) ...
	var held []*Searcher
	for i := 0; i < ai.MaxSearchers; i++ {
		s, err := e.searcher(context.Background(), false)
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, s)
	}
	done := make(chan error, 1)
	go func() {
		_, err := e.Choose(context.Background(), ai.Request{State: st, Budget: ai.Budget{Nodes: 1000}})
		done <- err
	}()
	select {
	case err := <-done:
		t.Fatalf("a request was served (err %v) while all %d searchers were in use", err, ai.MaxSearchers)
	case <-time.After(200 * time.Millisecond):
	}
	// ... one whose context ends first fails with the context's error ...
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := e.Choose(ctx, ai.Request{State: st, Budget: ai.Budget{Nodes: 1000}}); err != context.DeadlineExceeded {
		t.Fatalf("a request waiting for a searcher ended with %v, want the context's deadline", err)
	}
	// ... and the waiting one is served once a searcher is given back.
	e.release(held[0])
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("the waiting request ended with %v", err)
		}
	case <-time.After(time.Minute):
		t.Fatal("the waiting request was not served after a searcher was given back")
	}
	for _, s := range held[1:] {
		e.release(s)
	}
	if e.pool.Created() > ai.MaxSearchers {
		t.Fatalf("%d searchers made, bound %d", e.pool.Created(), ai.MaxSearchers)
	}
}
