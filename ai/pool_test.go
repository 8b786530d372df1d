//go:build !js

package ai

import (
	"context"
	"errors"
	"testing"
	"time"
)

// A Pool of 2 makes at most 2 searchers, reuses what is given back, makes a third caller
// wait until one is, and ends a waiting caller with its context's error.
func TestPoolBound(t *testing.T) {
	type table struct{ id int }
	made := 0
	newS := func() *table { made++; return &table{made} }
	p := Pool[table]{Max: 2}
	a, reusedA, _ := p.Get(context.Background(), newS)
	b, reusedB, _ := p.Get(context.Background(), newS)
	if a == b || reusedA || reusedB || p.Created() != 2 {
		t.Fatalf("two Gets: %v %v reused %v %v, created %d", a, b, reusedA, reusedB, p.Created())
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, _, err := p.Get(ctx, newS); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a third Get with both in use: %v, want the context's deadline", err)
	}
	got := make(chan *table)
	go func() {
		s, _, _ := p.Get(context.Background(), newS)
		got <- s
	}()
	select {
	case s := <-got:
		t.Fatalf("a third Get was served (%v) with both in use", s)
	case <-time.After(50 * time.Millisecond):
	}
	p.Put(b)
	if s := <-got; s != b || p.Created() != 2 || made != 2 {
		t.Fatalf("after a Put the waiting Get had %v (want the one given back), created %d", s, p.Created())
	}
}
