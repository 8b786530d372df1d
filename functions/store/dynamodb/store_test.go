package dynamodb

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"madang/functions/room"
	"madang/functions/store/storetest"
)

// EndpointEnv names the environment variable holding a DynamoDB Local URL; tests that need
// DynamoDB skip without it (`make test` starts DynamoDB Local and sets it).
const EndpointEnv = "MADANG_DYNAMODB_ENDPOINT"

// openTest returns a store on a fresh table of the DynamoDB Local named by EndpointEnv, or
// skips the test.
func openTest(t *testing.T) *Store {
	t.Helper()
	endpoint := os.Getenv(EndpointEnv)
	if endpoint == "" {
		t.Skipf("%s not set: DynamoDB Local tests skipped (make test runs them)", EndpointEnv)
	}
	ctx := context.Background()
	c, err := NewClient(ctx, endpoint)
	if err != nil {
		t.Fatal(err)
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	table := "t-" + strings.NewReplacer("/", "-", " ", "-").Replace(t.Name())
	if len(table) > 200 {
		table = table[:200]
	}
	table += "-" + hex.EncodeToString(b[:])
	if err := CreateTable(ctx, c, table); err != nil {
		t.Fatal(err)
	}
	return New(c, table)
}

// t0 lies years ahead of the real clock: DynamoDB Local's TTL deletes items whose expiry
// has really passed, which made these tests fail once the real date passed an earlier t0.
var t0 = time.Date(2036, 11, 30, 12, 0, 0, 500_000_000, time.UTC)

func TestRoomCreateReadUpdate(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	r := room.Record{ID: "abc", Version: 1, ExpiresAt: t0.Add(30 * time.Minute), Body: []byte("v1")}
	if _, err := s.PutRoom(ctx, r, 0, t0); err != nil {
		t.Fatalf("create: %v", err)
	}
	got, err := s.GetRoom(ctx, "abc", t0)
	if err != nil {
		t.Fatalf("get: %v", err)
	}
	if got.ID != r.ID || got.Version != 1 || !got.ExpiresAt.Equal(r.ExpiresAt) || !bytes.Equal(got.Body, r.Body) {
		t.Fatalf("get = %+v, want %+v", got, r)
	}
	// A second create of the same live id loses and reports the stored room.
	cur, err := s.PutRoom(ctx, room.Record{ID: "abc", Version: 1, ExpiresAt: r.ExpiresAt, Body: []byte("other")}, 0, t0)
	if !errors.Is(err, room.ErrConflict) || cur.Version != 1 || string(cur.Body) != "v1" {
		t.Fatalf("second create = %+v, %v; want the stored v1 and ErrConflict", cur, err)
	}
	r2 := room.Record{ID: "abc", Version: 2, ExpiresAt: r.ExpiresAt, Body: []byte("v2")}
	if _, err := s.PutRoom(ctx, r2, 1, t0.Add(time.Second)); err != nil {
		t.Fatalf("update 1->2: %v", err)
	}
	// A writer still at version 1 loses and learns version 2 without another read.
	cur, err = s.PutRoom(ctx, room.Record{ID: "abc", Version: 2, ExpiresAt: r.ExpiresAt, Body: []byte("late")}, 1, t0.Add(2*time.Second))
	if !errors.Is(err, room.ErrConflict) {
		t.Fatalf("stale update err = %v, want ErrConflict", err)
	}
	if cur.Version != 2 || string(cur.Body) != "v2" {
		t.Fatalf("stale update returned %+v, want the stored version 2", cur)
	}
}

func TestExpiredRoomIsGoneAndNotRevived(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	exp := t0.Add(time.Minute)
	if _, err := s.PutRoom(ctx, room.Record{ID: "old", Version: 1, ExpiresAt: exp, Body: []byte("x")}, 0, t0); err != nil {
		t.Fatal(err)
	}
	// Still there 1 ns before expiry, gone at the instant (the item itself is still stored:
	// TTL deletion lags).
	if _, err := s.GetRoom(ctx, "old", exp.Add(-time.Nanosecond)); err != nil {
		t.Fatalf("before expiry: %v", err)
	}
	if _, err := s.GetRoom(ctx, "old", exp); !errors.Is(err, room.ErrNotFound) {
		t.Fatalf("at expiry: err = %v, want ErrNotFound", err)
	}
	// An update with the right version must not revive it.
	cur, err := s.PutRoom(ctx, room.Record{ID: "old", Version: 2, ExpiresAt: exp.Add(time.Hour), Body: []byte("y")}, 1, exp.Add(time.Second))
	if !errors.Is(err, room.ErrConflict) || cur.Version != 0 {
		t.Fatalf("update of expired room = %+v, %v; want zero record and ErrConflict", cur, err)
	}
	if _, err := s.GetRoom(ctx, "old", exp.Add(time.Second)); !errors.Is(err, room.ErrNotFound) {
		t.Fatalf("after refused update: err = %v, want ErrNotFound", err)
	}
	// A create may take over the id of an expired room.
	if _, err := s.PutRoom(ctx, room.Record{ID: "old", Version: 1, ExpiresAt: exp.Add(time.Hour), Body: []byte("new")}, 0, exp.Add(time.Second)); err != nil {
		t.Fatalf("create over expired: %v", err)
	}
	got, err := s.GetRoom(ctx, "old", exp.Add(time.Second))
	if err != nil || string(got.Body) != "new" || got.Version != 1 {
		t.Fatalf("after re-create: %+v, %v", got, err)
	}
}

func TestUpdateMissingRoomConflicts(t *testing.T) {
	s := openTest(t)
	cur, err := s.PutRoom(context.Background(), room.Record{ID: "none", Version: 2, ExpiresAt: t0.Add(time.Hour)}, 1, t0)
	if !errors.Is(err, room.ErrConflict) || cur.Version != 0 {
		t.Fatalf("update of a missing room = %+v, %v; want zero record and ErrConflict", cur, err)
	}
	if _, err := s.GetRoom(context.Background(), "none", t0); !errors.Is(err, room.ErrNotFound) {
		t.Fatalf("get missing: %v", err)
	}
}

func TestSizeGuard(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	at := room.Record{ID: "big", Version: 1, ExpiresAt: t0.Add(time.Hour), Body: bytes.Repeat([]byte{7}, MaxBodyBytes)}
	if _, err := s.PutRoom(ctx, at, 0, t0); err != nil {
		t.Fatalf("body of exactly MaxBodyBytes: %v", err)
	}
	over := room.Record{ID: "big2", Version: 1, ExpiresAt: t0.Add(time.Hour), Body: bytes.Repeat([]byte{7}, MaxBodyBytes+1)}
	if _, err := s.PutRoom(ctx, over, 0, t0); !errors.Is(err, room.ErrTooLarge) {
		t.Fatalf("body over the guard: err = %v, want ErrTooLarge", err)
	}
	if _, err := s.GetRoom(ctx, "big2", t0); !errors.Is(err, room.ErrNotFound) {
		t.Fatalf("refused room was stored: %v", err)
	}
}

func TestConnections(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	c := room.Conn{ID: "c1=", Room: "abc", Seat: -1, ExpiresAt: t0.Add(2 * time.Hour)}
	if err := s.PutConn(ctx, c); err != nil {
		t.Fatal(err)
	}
	got, err := s.GetConn(ctx, "c1=", t0)
	if err != nil || got.Room != "abc" || got.Seat != -1 || !got.ExpiresAt.Equal(c.ExpiresAt) {
		t.Fatalf("get = %+v, %v; want %+v", got, err, c)
	}
	c.Seat = 1
	if err := s.PutConn(ctx, c); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.GetConn(ctx, "c1=", t0); got.Seat != 1 {
		t.Fatalf("replace: seat %d, want 1", got.Seat)
	}
	if _, err := s.GetConn(ctx, "c1=", c.ExpiresAt); !errors.Is(err, room.ErrNotFound) {
		t.Fatalf("expired connection: err = %v, want ErrNotFound", err)
	}
	if err := s.DeleteConn(ctx, "c1="); err != nil {
		t.Fatal(err)
	}
	if _, err := s.GetConn(ctx, "c1=", t0); !errors.Is(err, room.ErrNotFound) {
		t.Fatalf("deleted connection: err = %v, want ErrNotFound", err)
	}
	if err := s.DeleteConn(ctx, "never"); err != nil {
		t.Fatalf("deleting a missing connection: %v", err)
	}
}

func TestTTLRoundsUp(t *testing.T) {
	// TTL is in whole seconds; an item must never be deleted before its exact expiry.
	cases := []struct {
		t    time.Time
		want int64
	}{
		{time.Unix(100, 0), 100},
		{time.Unix(100, 1), 101},
		{time.Unix(100, 999_999_999), 101},
	}
	for _, c := range cases {
		if got := ttlSeconds(c.t); got != c.want {
			t.Errorf("ttlSeconds(%v) = %d, want %d", c.t, got, c.want)
		}
	}
}

// TestContract runs the room.Store contract suite on DynamoDB Local.
func TestContract(t *testing.T) {
	if os.Getenv(EndpointEnv) == "" {
		t.Skipf("%s not set: DynamoDB Local tests skipped (make test runs them)", EndpointEnv)
	}
	storetest.Run(t, func(t *testing.T) room.Store { return openTest(t) })
}

// A zero ExpiresAt means "never expires" as in the memory and embedded stores: no TTL
// attribute, and the record reads back with a zero ExpiresAt.
func TestZeroExpiryNeverExpires(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	far := time.Date(2200, 1, 1, 0, 0, 0, 0, time.UTC)
	if _, err := s.PutRoom(ctx, room.Record{ID: "z", Version: 1, Body: []byte("b")}, 0, t0); err != nil {
		t.Fatal(err)
	}
	got, err := s.GetRoom(ctx, "z", far)
	if err != nil || !got.ExpiresAt.IsZero() {
		t.Fatalf("get = %+v, %v; want a zero ExpiresAt", got, err)
	}
	if _, err := s.PutRoom(ctx, room.Record{ID: "z", Version: 2, Body: []byte("c")}, 1, far); err != nil {
		t.Fatalf("update of a never-expiring room: %v", err)
	}
	if err := s.PutConn(ctx, room.Conn{ID: "c", Seat: 0}); err != nil {
		t.Fatal(err)
	}
	if c, err := s.GetConn(ctx, "c", far); err != nil || !c.ExpiresAt.IsZero() {
		t.Fatalf("conn = %+v, %v", c, err)
	}
	if ttlSeconds(time.Time{}) != 0 {
		t.Error("zero time must carry no TTL")
	}
}
