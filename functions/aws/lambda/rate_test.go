package lambda_test

import (
	"testing"
	"time"

	"madang/functions/aws/lambda"
	"madang/functions/room"
)

var t0 = time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)

// allowed counts how many of n messages sent at one instant pass.
func allowed(l *lambda.SocketRate, id string, n int, at time.Time) int {
	ok := 0
	for i := 0; i < n; i++ {
		if l.Allow(id, at) {
			ok++
		}
	}
	return ok
}

// TestBurstThenRate: a burst of room.MessageBurst passes, the next message is refused; after a second
// room.MessagesPerSecond more pass (a token bucket of that many a second, size room.MessageBurst). Sockets are independent.
func TestBurstThenRate(t *testing.T) {
	l := lambda.NewSocketRate(room.MessagesPerSecond, room.MessageBurst)
	if got := allowed(l, "A", room.MessageBurst+10, t0); got != room.MessageBurst {
		t.Fatalf("burst: %d passed, want %d", got, room.MessageBurst)
	}
	if got := allowed(l, "B", 1, t0); got != 1 {
		t.Fatal("socket B was limited by A's messages")
	}
	if got := allowed(l, "A", 2*room.MessagesPerSecond, t0.Add(time.Second)); got != room.MessagesPerSecond {
		t.Fatalf("after 1 s: %d passed, want %d", got, room.MessagesPerSecond)
	}
}

// TestRefilledBucketsAreForgotten: a bucket full again is dropped at the next sweep, one
// still refilling is kept (so forgetting never gives a socket more than its rate).
func TestRefilledBucketsAreForgotten(t *testing.T) {
	l := lambda.NewSocketRate(room.MessagesPerSecond, room.MessageBurst)
	allowed(l, "A", 1, t0)
	allowed(l, "B", room.MessageBurst, t0.Add(59*time.Second))
	// At t0+60 s A has long refilled; B (empty at 59 s, 50/s) is not full until 61 s.
	allowed(l, "C", 1, t0.Add(60*time.Second))
	if got := l.Len(); got != 2 {
		t.Fatalf("%d buckets after the sweep, want 2 (B refilling, C new)", got)
	}
	if got := allowed(l, "B", room.MessageBurst, t0.Add(60*time.Second)); got != room.MessagesPerSecond {
		t.Fatalf("B 1 s after emptying: %d passed, want %d", got, room.MessagesPerSecond)
	}
}

func TestZeroRateAllowsAll(t *testing.T) {
	l := lambda.NewSocketRate(0, 0)
	if got := allowed(l, "A", 1000, t0); got != 1000 {
		t.Fatalf("%d of 1000 passed", got)
	}
}
