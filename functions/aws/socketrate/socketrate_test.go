package socketrate_test

import (
	"testing"
	"time"

	"madang/functions/aws/socketrate"
)

var t0 = time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)

// allowed counts how many of n messages sent at one instant pass.
func allowed(l *socketrate.Limiter, id string, n int, at time.Time) int {
	ok := 0
	for i := 0; i < n; i++ {
		if l.Allow(id, at) {
			ok++
		}
	}
	return ok
}

// TestBurstThenRate: a burst of Burst passes, the next message is refused; after a second
// PerSecond more pass (a token bucket of PerSecond/s, size Burst). Sockets are independent.
func TestBurstThenRate(t *testing.T) {
	l := socketrate.New(socketrate.PerSecond, socketrate.Burst)
	if got := allowed(l, "A", socketrate.Burst+10, t0); got != socketrate.Burst {
		t.Fatalf("burst: %d passed, want %d", got, socketrate.Burst)
	}
	if got := allowed(l, "B", 1, t0); got != 1 {
		t.Fatal("socket B was limited by A's messages")
	}
	if got := allowed(l, "A", 2*socketrate.PerSecond, t0.Add(time.Second)); got != socketrate.PerSecond {
		t.Fatalf("after 1 s: %d passed, want %d", got, socketrate.PerSecond)
	}
}

// TestRefilledBucketsAreForgotten: a bucket full again is dropped at the next sweep, one
// still refilling is kept (so forgetting never gives a socket more than its rate).
func TestRefilledBucketsAreForgotten(t *testing.T) {
	l := socketrate.New(socketrate.PerSecond, socketrate.Burst)
	allowed(l, "A", 1, t0)
	allowed(l, "B", socketrate.Burst, t0.Add(59*time.Second))
	// At t0+60 s A has long refilled; B (empty at 59 s, 50/s) is not full until 61 s.
	allowed(l, "C", 1, t0.Add(60*time.Second))
	if got := l.Len(); got != 2 {
		t.Fatalf("%d buckets after the sweep, want 2 (B refilling, C new)", got)
	}
	if got := allowed(l, "B", socketrate.Burst, t0.Add(60*time.Second)); got != socketrate.PerSecond {
		t.Fatalf("B 1 s after emptying: %d passed, want %d", got, socketrate.PerSecond)
	}
}

func TestZeroRateAllowsAll(t *testing.T) {
	l := socketrate.New(0, 0)
	if got := allowed(l, "A", 1000, t0); got != 1000 {
		t.Fatalf("%d of 1000 passed", got)
	}
}
