package embedded_test

import (
	"bytes"
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"madang/functions/room"
	"madang/functions/store/embedded"
)

// BenchmarkPutRoom updates 1,000 rooms of 2 KB each (a draughts room's size), one
// version after another, from GOMAXPROCS goroutines: the cost of a move's write with the
// write-ahead log (the default), with SyncAck (ack after the fsync into bbolt) and NoSync.
func BenchmarkPutRoom(b *testing.B) {
	for _, c := range []struct {
		name string
		o    embedded.Options
	}{{"log", embedded.Options{}}, {"syncack", embedded.Options{SyncAck: true}}, {"nosync", embedded.Options{NoSync: true}}} {
		b.Run(c.name, func(b *testing.B) {
			ctx := context.Background()
			s, err := embedded.Open(b.TempDir(), c.o)
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			const rooms = 1000
			body := bytes.Repeat([]byte("x"), 2048)
			now := time.Now()
			for i := 0; i < rooms; i++ {
				if _, err := s.PutRoom(ctx, room.Record{ID: fmt.Sprint("r", i), Version: 1, ExpiresAt: now.Add(time.Hour), Body: body}, 0, now); err != nil {
					b.Fatal(err)
				}
			}
			var next atomic.Int64
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					// Each goroutine owns the rooms it draws (i mod rooms, disjoint while the
					// goroutines are fewer than rooms): read, then write the next version.
					id := fmt.Sprint("r", next.Add(1)%rooms)
					r, err := s.GetRoom(ctx, id, now)
					if err != nil {
						b.Fatal(err)
					}
					r.Version++
					if _, err := s.PutRoom(ctx, r, r.Version-1, now); err != nil && err != room.ErrConflict {
						b.Fatal(err)
					}
				}
			})
		})
	}
}
