package lambda

import (
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// sweepEvery is how often Allow drops the buckets that have refilled.
const sweepEvery = time.Minute

// SocketRate is the per-socket message rate of the Lambda path: one token bucket
// (golang.org/x/time/rate) per connection id, kept in the memory of one Lambda instance.
//
// It is a best effort. API Gateway hands each message of a socket to whichever instance of
// the message function is free, so a socket that keeps k instances busy at once meets k
// buckets and may send up to k times the rate; the stage throttle (template.yaml,
// StageRateLimit) bounds the sum. In exchange the limit costs no store operation: per
// message one map lookup under a mutex, per socket seen by an instance about 100 bytes,
// forgotten once its bucket is full again. The local gateway (infra/local) holds the same
// rate exactly, per socket.
//
// It is safe for concurrent use.
type SocketRate struct {
	mu        sync.Mutex
	limit     rate.Limit
	burst     int
	buckets   map[string]*rate.Limiter
	lastSweep time.Time
}

// NewSocketRate returns a limiter of perSecond messages a second with bursts of burst per connection;
// perSecond <= 0 lets everything through.
func NewSocketRate(perSecond float64, burst int) *SocketRate {
	return &SocketRate{limit: rate.Limit(perSecond), burst: burst, buckets: map[string]*rate.Limiter{}}
}

// Allow reports whether connection connID may send one more message at now, and takes a
// token when it may.
func (l *SocketRate) Allow(connID string, now time.Time) bool {
	if l.limit <= 0 {
		return true
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.lastSweep) >= sweepEvery {
		l.sweep(now)
	}
	b := l.buckets[connID]
	if b == nil {
		b = rate.NewLimiter(l.limit, l.burst)
		l.buckets[connID] = b
	}
	return b.AllowN(now, 1)
}

// sweep forgets every bucket that is full at now: a fresh bucket behaves the same.
func (l *SocketRate) sweep(now time.Time) {
	l.lastSweep = now
	for id, b := range l.buckets {
		if b.TokensAt(now) >= float64(l.burst) {
			delete(l.buckets, id)
		}
	}
}

// Len is the number of buckets held (for tests and metrics).
func (l *SocketRate) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.buckets)
}
