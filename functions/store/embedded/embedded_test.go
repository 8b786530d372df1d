package embedded_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"madang/functions/room"
	"madang/functions/store/embedded"
	"madang/functions/store/storetest"
)

func open(t *testing.T) room.Store {
	s, err := embedded.Open(t.TempDir(), embedded.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestContract(t *testing.T) { storetest.Run(t, open) }

// TestSurvivesReopen: rooms and connections are still there after the file is closed and
// opened again (the issue: "rooms survive a restart").
func TestSurvivesReopen(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	s, err := embedded.Open(dir, embedded.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.PutRoom(ctx, room.Record{ID: "r", Version: 1, ExpiresAt: now.Add(time.Hour), Body: []byte("b")}, 0, now); err != nil {
		t.Fatal(err)
	}
	s.PutConn(ctx, room.Conn{ID: "c", Room: "r", Seat: 0, ExpiresAt: now.Add(time.Hour)})
	s.Close()
	s, err = embedded.Open(dir, embedded.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	r, err := s.GetRoom(ctx, "r", now)
	if err != nil || r.Version != 1 || string(r.Body) != "b" {
		t.Fatalf("room after reopen: %+v, %v", r, err)
	}
	if c, err := s.GetConn(ctx, "c", now); err != nil || c.Room != "r" {
		t.Fatalf("conn after reopen: %+v, %v", c, err)
	}
}

func TestSweep(t *testing.T) {
	ctx := context.Background()
	s := open(t).(*embedded.Store)
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	s.PutRoom(ctx, room.Record{ID: "old", Version: 1, ExpiresAt: now.Add(time.Minute)}, 0, now)
	s.PutRoom(ctx, room.Record{ID: "new", Version: 1, ExpiresAt: now.Add(time.Hour)}, 0, now)
	s.PutConn(ctx, room.Conn{ID: "c", ExpiresAt: now.Add(time.Minute)})
	n, err := s.Sweep(now.Add(30 * time.Minute))
	if err != nil || n != 2 {
		t.Fatalf("Sweep removed %d (%v), want 2", n, err)
	}
	if _, err := s.GetRoom(ctx, "new", now); err != nil {
		t.Fatalf("live room swept: %v", err)
	}
	if ids, err := s.RoomIDs(context.Background(), now); err != nil || len(ids) != 1 || ids[0] != "new" {
		t.Fatalf("RoomIDs %v %v", ids, err)
	}
	if _, err := s.GetRoom(ctx, "old", now); !errors.Is(err, room.ErrNotFound) {
		t.Fatalf("expired room kept: %v", err)
	}
}

// A second Open of a folder in use says that another server holds it (bbolt's lock
// timeout), not just "timeout".
func TestOpenInUse(t *testing.T) {
	dir := t.TempDir()
	s, err := embedded.Open(dir, embedded.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	s2, err := embedded.Open(dir, embedded.Options{})
	if err == nil {
		s2.Close()
		t.Fatal("a second Open of the same folder succeeded")
	}
	if !errors.Is(err, embedded.ErrInUse) || !strings.Contains(err.Error(), "another server") {
		t.Errorf("second Open: %v, want ErrInUse naming another server", err)
	}
}
