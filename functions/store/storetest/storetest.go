// Package storetest is the contract suite of room.Store: every store (memory, embedded,
// dynamodb) runs Run from its own tests.
package storetest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"madang/functions/room"
)

// Run checks a store against the room.Store contract. open returns a new, empty store
// each time it is called (it may register cleanup with t).
func Run(t *testing.T, open func(t *testing.T) room.Store) {
	ctx := context.Background()
	// Years ahead of the real clock: a store with real TTL deletion (DynamoDB Local) must not
	// delete the test's items while it runs.
	t0 := time.Date(2036, 1, 2, 3, 4, 5, 0, time.UTC)
	rec := func(id string, v int64, body string) room.Record {
		return room.Record{ID: id, Version: v, ExpiresAt: t0.Add(time.Hour), Body: []byte(body)}
	}

	t.Run("RoomIDs", func(t *testing.T) {
		s := open(t)
		l, ok := s.(room.RoomLister)
		if !ok {
			t.Fatalf("%T does not list its rooms (room.RoomLister): the local stack could not forget the sockets of a previous run", s)
		}
		for i, exp := range []time.Duration{time.Hour, time.Minute, 0} {
			r := rec(fmt.Sprint("r", i), 1, "x")
			r.ExpiresAt = t0.Add(exp)
			if exp == 0 {
				r.ExpiresAt = time.Time{}
			}
			if _, err := s.PutRoom(ctx, r, 0, t0); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.PutConn(ctx, room.Conn{ID: "c1", Room: "r0", Seat: 0, ExpiresAt: t0.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.ClaimTurn(ctx, "r3", "1/0/1", t0.Add(time.Hour), t0); err != nil {
			t.Fatal(err)
		}
		ids, err := l.RoomIDs(ctx, t0.Add(30*time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		slices.Sort(ids)
		if fmt.Sprint(ids) != "[r0 r2]" {
			t.Fatalf("RoomIDs at +30 min: %v, want [r0 r2] (r1 expired, c1 is a connection, r3 only a claim)", ids)
		}
	})

	t.Run("GetMissing", func(t *testing.T) {
		s := open(t)
		if _, err := s.GetRoom(ctx, "nope", t0); !errors.Is(err, room.ErrNotFound) {
			t.Fatalf("GetRoom of a missing room: %v, want ErrNotFound", err)
		}
	})

	t.Run("CreateGetUpdate", func(t *testing.T) {
		s := open(t)
		if _, err := s.PutRoom(ctx, rec("r1", 1, "one"), 0, t0); err != nil {
			t.Fatal(err)
		}
		got, err := s.GetRoom(ctx, "r1", t0)
		if err != nil || got.Version != 1 || string(got.Body) != "one" || got.ID != "r1" {
			t.Fatalf("got %+v, %v", got, err)
		}
		if !got.ExpiresAt.Equal(t0.Add(time.Hour)) {
			t.Fatalf("ExpiresAt %v, want %v", got.ExpiresAt, t0.Add(time.Hour))
		}
		if _, err := s.PutRoom(ctx, rec("r1", 2, "two"), 1, t0); err != nil {
			t.Fatal(err)
		}
		got, _ = s.GetRoom(ctx, "r1", t0)
		if got.Version != 2 || string(got.Body) != "two" {
			t.Fatalf("after update: %+v", got)
		}
	})

	t.Run("CreateTakenConflicts", func(t *testing.T) {
		s := open(t)
		if _, err := s.PutRoom(ctx, rec("r1", 1, "a"), 0, t0); err != nil {
			t.Fatal(err)
		}
		if _, err := s.PutRoom(ctx, rec("r1", 1, "b"), 0, t0); !errors.Is(err, room.ErrConflict) {
			t.Fatalf("second create: %v, want ErrConflict", err)
		}
		got, _ := s.GetRoom(ctx, "r1", t0)
		if string(got.Body) != "a" {
			t.Fatalf("body %q changed by a refused write", got.Body)
		}
	})

	t.Run("StaleVersionConflicts", func(t *testing.T) {
		s := open(t)
		s.PutRoom(ctx, rec("r1", 1, "a"), 0, t0)
		s.PutRoom(ctx, rec("r1", 2, "b"), 1, t0)
		for _, prev := range []int64{1, 3} {
			cur, err := s.PutRoom(ctx, rec("r1", prev+1, "x"), prev, t0)
			if !errors.Is(err, room.ErrConflict) {
				t.Fatalf("write at prev %d: %v, want ErrConflict", prev, err)
			}
			if cur.Version != 0 && (cur.Version != 2 || string(cur.Body) != "b") {
				t.Fatalf("conflict returned %+v, want the current record or zero", cur)
			}
		}
		if _, err := s.PutRoom(ctx, rec("missing", 2, "x"), 1, t0); !errors.Is(err, room.ErrConflict) {
			t.Fatalf("update of a missing room: %v, want ErrConflict", err)
		}
		got, _ := s.GetRoom(ctx, "r1", t0)
		if got.Version != 2 || string(got.Body) != "b" {
			t.Fatalf("refused writes changed the room: %+v", got)
		}
	})

	t.Run("Expiry", func(t *testing.T) {
		s := open(t)
		s.PutRoom(ctx, rec("r1", 1, "a"), 0, t0)
		if _, err := s.GetRoom(ctx, "r1", t0.Add(time.Hour-time.Nanosecond)); err != nil {
			t.Fatalf("just before expiry: %v", err)
		}
		if _, err := s.GetRoom(ctx, "r1", t0.Add(time.Hour)); !errors.Is(err, room.ErrNotFound) {
			t.Fatalf("at expiry: %v, want ErrNotFound", err)
		}
		// An expired room cannot be updated, but its id can be created again.
		if _, err := s.PutRoom(ctx, rec("r1", 2, "b"), 1, t0.Add(2*time.Hour)); !errors.Is(err, room.ErrConflict) {
			t.Fatalf("update of an expired room: %v, want ErrConflict", err)
		}
		fresh := room.Record{ID: "r1", Version: 1, ExpiresAt: t0.Add(3 * time.Hour), Body: []byte("new")}
		if _, err := s.PutRoom(ctx, fresh, 0, t0.Add(2*time.Hour)); err != nil {
			t.Fatalf("create over an expired room: %v", err)
		}
		got, err := s.GetRoom(ctx, "r1", t0.Add(2*time.Hour))
		if err != nil || string(got.Body) != "new" {
			t.Fatalf("got %+v, %v", got, err)
		}
	})

	t.Run("BodyIsCopied", func(t *testing.T) {
		s := open(t)
		r := rec("r1", 1, "abc")
		s.PutRoom(ctx, r, 0, t0)
		r.Body[0] = 'X'
		got, _ := s.GetRoom(ctx, "r1", t0)
		if string(got.Body) != "abc" {
			t.Fatalf("store kept the caller's slice: %q", got.Body)
		}
		got.Body[0] = 'Y'
		again, _ := s.GetRoom(ctx, "r1", t0)
		if string(again.Body) != "abc" {
			t.Fatalf("store handed out its own slice: %q", again.Body)
		}
	})

	t.Run("TooLarge", func(t *testing.T) {
		s := open(t)
		big := room.Record{ID: "big", Version: 1, ExpiresAt: t0.Add(time.Hour), Body: bytes.Repeat([]byte("x"), 400<<10)}
		if _, err := s.PutRoom(ctx, big, 0, t0); !errors.Is(err, room.ErrTooLarge) {
			t.Fatalf("400 KB body: %v, want ErrTooLarge", err)
		}
		if _, err := s.GetRoom(ctx, "big", t0); !errors.Is(err, room.ErrNotFound) {
			t.Fatalf("refused room stored: %v", err)
		}
	})

	t.Run("ConcurrentWritersOneWins", func(t *testing.T) {
		s := open(t)
		s.PutRoom(ctx, rec("r1", 1, "a"), 0, t0)
		const n = 16
		var wg sync.WaitGroup
		wins := make(chan int, n)
		for i := 0; i < n; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				if _, err := s.PutRoom(ctx, rec("r1", 2, fmt.Sprint(i)), 1, t0); err == nil {
					wins <- i
				} else if !errors.Is(err, room.ErrConflict) {
					t.Errorf("writer %d: %v", i, err)
				}
			}(i)
		}
		wg.Wait()
		close(wins)
		var won []int
		for w := range wins {
			won = append(won, w)
		}
		if len(won) != 1 {
			t.Fatalf("%d writers won at the same version, want 1", len(won))
		}
		got, _ := s.GetRoom(ctx, "r1", t0)
		if string(got.Body) != fmt.Sprint(won[0]) {
			t.Fatalf("stored %q, the winner was %d", got.Body, won[0])
		}
	})

	t.Run("ClaimTurn", func(t *testing.T) {
		s := open(t)
		claim := func(id, turn string, until, now time.Time) bool {
			t.Helper()
			ok, err := s.ClaimTurn(ctx, id, turn, until, now)
			if err != nil {
				t.Fatalf("ClaimTurn(%s, %s): %v", id, turn, err)
			}
			return ok
		}
		until := t0.Add(time.Minute)
		if !claim("r1", "1/4/1", until, t0) {
			t.Fatal("first claim refused")
		}
		if claim("r1", "1/4/1", until, t0.Add(30*time.Second)) {
			t.Fatal("a second claim of a live claim's turn was granted")
		}
		if !claim("r2", "1/4/1", until, t0) {
			t.Fatal("another room's claim of the same turn text was refused")
		}
		// A claim is no room: the room of the same id is untouched, and absent.
		if _, err := s.GetRoom(ctx, "r1", t0); !errors.Is(err, room.ErrNotFound) {
			t.Fatalf("GetRoom of a room with only a claim: %v, want ErrNotFound", err)
		}
		if !claim("r1", "1/4/1", until.Add(time.Minute), until) {
			t.Fatal("a claim expired at its until was not granted again")
		}
		if !claim("r1", "1/5/2", t0.Add(time.Hour), until) {
			t.Fatal("the next turn's claim was refused while the last turn's was live")
		}
		if claim("r1", "1/5/2", t0.Add(time.Hour), until) {
			t.Fatal("the next turn's live claim was granted twice")
		}
		// Release drops only the claim of its own turn.
		if err := s.ReleaseTurn(ctx, "r1", "1/4/1"); err != nil {
			t.Fatal(err)
		}
		if claim("r1", "1/5/2", t0.Add(time.Hour), until) {
			t.Fatal("releasing another turn dropped the live claim")
		}
		if err := s.ReleaseTurn(ctx, "r1", "1/5/2"); err != nil {
			t.Fatal(err)
		}
		if !claim("r1", "1/5/2", t0.Add(time.Hour), until) {
			t.Fatal("a released claim was not granted again")
		}
		if err := s.ReleaseTurn(ctx, "none", "1/0/0"); err != nil {
			t.Fatalf("releasing no claim: %v", err)
		}
		// Many claim one turn at once: one holds it.
		const n = 16
		var wg sync.WaitGroup
		var mu sync.Mutex
		won := 0
		for i := 0; i < n; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ok, err := s.ClaimTurn(ctx, "r3", "2/0/0", until, t0)
				if err != nil {
					t.Errorf("claim: %v", err)
				}
				if ok {
					mu.Lock()
					won++
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if won != 1 {
			t.Fatalf("%d of %d concurrent claims of one turn were granted, want 1", won, n)
		}
	})

	t.Run("Conns", func(t *testing.T) {
		s := open(t)
		if _, err := s.GetConn(ctx, "c1", t0); !errors.Is(err, room.ErrNotFound) {
			t.Fatalf("missing conn: %v", err)
		}
		c := room.Conn{ID: "c1", Room: "r1", Seat: 1, ExpiresAt: t0.Add(2 * time.Hour)}
		if err := s.PutConn(ctx, c); err != nil {
			t.Fatal(err)
		}
		got, err := s.GetConn(ctx, "c1", t0)
		if err != nil || got.ID != "c1" || got.Room != "r1" || got.Seat != 1 || !got.ExpiresAt.Equal(c.ExpiresAt) {
			t.Fatalf("got %+v, %v", got, err)
		}
		c.Room, c.Seat = "r2", -1
		s.PutConn(ctx, c)
		got, _ = s.GetConn(ctx, "c1", t0)
		if got.Room != "r2" || got.Seat != -1 {
			t.Fatalf("replace: %+v", got)
		}
		if _, err := s.GetConn(ctx, "c1", t0.Add(2*time.Hour)); !errors.Is(err, room.ErrNotFound) {
			t.Fatalf("expired conn: %v", err)
		}
		if err := s.DeleteConn(ctx, "c1"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.GetConn(ctx, "c1", t0); !errors.Is(err, room.ErrNotFound) {
			t.Fatalf("deleted conn: %v", err)
		}
		if err := s.DeleteConn(ctx, "c1"); err != nil {
			t.Fatalf("deleting a missing conn: %v", err)
		}
	})
}
