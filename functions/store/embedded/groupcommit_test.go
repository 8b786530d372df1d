package embedded_test

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"madang/functions/room"
	"madang/functions/store/embedded"
)

// groupCommit plants a damaged item, holds the first commit, writes n rooms and one write
// over the damaged item meanwhile, and returns once the n writes are queued for the next
// commit; release lets the commits go on. acked counts the writes that returned.
type groupCommit struct {
	s       *embedded.Store
	sizes   chan int
	release chan struct{}
	acked   atomic.Int64
	errs    []error
	wg      sync.WaitGroup
	free    func() // closes release once
}

func startGroupCommit(t *testing.T, o embedded.Options, n int) *groupCommit {
	ctx := context.Background()
	o.NoSync = true
	s, err := embedded.Open(t.TempDir(), o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	if err := s.PutRaw("bad", []byte("short")); err != nil {
		t.Fatal(err)
	}
	g := &groupCommit{s: s, sizes: make(chan int, 100), release: make(chan struct{}), errs: make([]error, n+1)}
	started := make(chan struct{})
	var once, released sync.Once
	g.free = func() { released.Do(func() { close(g.release) }) }
	t.Cleanup(g.free) // before Close (cleanups run last first)
	s.SetBeforeCommit(func(k int) {
		g.sizes <- k
		once.Do(func() { close(started); <-g.release })
	})
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	put := func(id string, prev int64) error {
		_, err := s.PutRoom(ctx, room.Record{ID: id, Version: prev + 1, ExpiresAt: now.Add(time.Hour), Body: []byte(id)}, prev, now)
		if err == nil {
			g.acked.Add(1)
		}
		return err
	}
	g.wg.Add(1)
	go func() { defer g.wg.Done(); put("first", 0) }()
	<-started // the first commit holds the file
	for i := 0; i < n; i++ {
		g.wg.Add(1)
		go func(i int) { defer g.wg.Done(); g.errs[i] = put(fmt.Sprint("r", i), 0) }(i)
	}
	g.wg.Add(1)
	go func() { defer g.wg.Done(); g.errs[n] = put("bad", 1) }()
	for deadline := time.Now().Add(10 * time.Second); s.Pending() < n; {
		if time.Now().After(deadline) {
			t.Fatalf("%d writes pending, want %d", s.Pending(), n)
		}
		time.Sleep(time.Millisecond)
	}
	return g
}

// The writes that arrive while a commit runs all go into the next single commit, a write
// over a damaged item fails alone, and (the write-ahead log) each write is acknowledged
// and readable before any commit of it: the acknowledgement does not wait for bbolt.
func TestGroupCommit(t *testing.T) {
	const n = 50
	g := startGroupCommit(t, embedded.Options{}, n)
	ctx := context.Background()
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for deadline := time.Now().Add(10 * time.Second); g.acked.Load() < n; {
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d writes acknowledged while the commit is held, want all", g.acked.Load(), n)
		}
		time.Sleep(time.Millisecond)
	}
	if r, err := g.s.GetRoom(ctx, "r7", now); err != nil || r.Version != 1 || string(r.Body) != "r7" {
		t.Errorf("room r7 before its commit: %+v, %v", r, err)
	}
	g.free()
	g.wg.Wait()
	if a, b := <-g.sizes, <-g.sizes; a != 1 || b != n {
		t.Errorf("commit sizes %d, %d, want 1, %d: the waiting writes share one commit", a, b, n)
	}
	for i := 0; i < n; i++ {
		if g.errs[i] != nil {
			t.Errorf("write %d: %v", i, g.errs[i])
		}
		if r, err := g.s.GetRoom(ctx, fmt.Sprint("r", i), now); err != nil || r.Version != 1 {
			t.Errorf("room r%d: %+v, %v", i, r, err)
		}
	}
	if g.errs[n] == nil {
		t.Error("the write over a damaged item succeeded")
	}
}

// With SyncAck no write returns before the commit that stores it (the behaviour before the
// write-ahead log), and the waiting writes still share one commit.
func TestGroupCommitSyncAck(t *testing.T) {
	const n = 50
	g := startGroupCommit(t, embedded.Options{SyncAck: true}, n)
	time.Sleep(50 * time.Millisecond)
	if a := g.acked.Load(); a != 0 {
		t.Fatalf("%d writes acknowledged before their commit", a)
	}
	// Connection records do not wait (a restart forgets them): no fsync for them.
	ctx := context.Background()
	if err := g.s.PutConn(ctx, room.Conn{ID: "c", Room: "r1"}); err != nil {
		t.Fatal(err)
	}
	if err := g.s.DeleteConn(ctx, "c"); err != nil {
		t.Fatal(err)
	}
	g.free()
	g.wg.Wait()
	if a, b := <-g.sizes, <-g.sizes; a != 1 || b != n+2 {
		t.Errorf("commit sizes %d, %d, want 1, %d (the rooms and the two connection writes)", a, b, n+2)
	}
	if a := g.acked.Load(); a != n+1 {
		t.Errorf("%d writes acknowledged, want %d", a, n+1)
	}
	if g.errs[n] == nil {
		t.Error("the write over a damaged item succeeded")
	}
}

// Without SyncAck the committer starts a commit at most once per CommitEvery: the writes
// of that time share one commit (a write does not wait for it).
func TestCommitEvery(t *testing.T) {
	ctx := context.Background()
	s, err := embedded.Open(t.TempDir(), embedded.Options{NoSync: true, CommitEvery: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := 0; i < 30; i++ {
		if _, err := s.PutRoom(ctx, room.Record{ID: fmt.Sprint("r", i), Version: 1, ExpiresAt: now.Add(time.Hour)}, 0, now); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			// The first write starts a commit at once: wait for it, so that the next 29
			// fall in the 5 s after it whatever the scheduler does.
			for deadline := time.Now().Add(5 * time.Second); s.Commits() == 0 && time.Now().Before(deadline); {
				time.Sleep(time.Millisecond)
			}
		}
		time.Sleep(2 * time.Millisecond)
	}
	if n := s.Commits(); n != 1 {
		t.Errorf("%d commits for 30 writes in 60 ms, want 1 (the first write's; the next waits 5 s)", n)
	}
	if p := s.Pending(); p != 29 {
		t.Errorf("%d writes waiting for the next commit, want 29", p)
	}
}
