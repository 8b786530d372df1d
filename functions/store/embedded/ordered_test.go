package embedded_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"madang/functions/room"
	"madang/functions/store/embedded"
)

// With SyncAck a room write is ordered (seen by the next read and write of
// the room) as soon as it is logged, and durable once committed into bbolt; PutRoomOrdered
// returns between the two, so the room service need not hold the room's lock across the
// sync.
func TestPutRoomOrderedBeforeDurable(t *testing.T) {
	ctx := context.Background()
	s, err := embedded.Open(t.TempDir(), embedded.Options{SyncAck: true, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	release := make(chan struct{})
	var once sync.Once
	free := func() { once.Do(func() { close(release) }) }
	t.Cleanup(func() { free(); s.Close() })
	s.SetBeforeCommit(func(int) { <-release }) // every commit waits for release
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	rec := func(v int64) room.Record {
		return room.Record{ID: "r1", Version: v, ExpiresAt: now.Add(time.Hour), Body: []byte{byte(v)}}
	}
	_, durable1, err := s.PutRoomOrdered(ctx, rec(1), 0, now)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := s.GetRoom(ctx, "r1", now); err != nil || got.Version != 1 {
		t.Fatalf("read after the ordered write: %+v, %v", got, err)
	}
	_, durable2, err := s.PutRoomOrdered(ctx, rec(2), 1, now)
	if err != nil {
		t.Fatalf("the next write of the room, before the first is durable: %v", err)
	}
	if _, _, err := s.PutRoomOrdered(ctx, rec(2), 1, now); err == nil {
		t.Fatal("a write at a version already taken was accepted")
	}
	if s.InFile("r1") {
		t.Fatal("committed while every commit is held")
	}
	free()
	if err := durable1(); err != nil {
		t.Fatal(err)
	}
	if !s.InFile("r1") {
		t.Fatal("durable returned before the commit")
	}
	if err := durable2(); err != nil {
		t.Fatal(err)
	}
}
