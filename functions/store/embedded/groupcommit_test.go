package embedded_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"madang/functions/room"
	"madang/functions/store/embedded"
)

// Writes that arrive while a commit runs all go into the next single commit, and a write
// that fails inside a shared commit fails alone: the others are stored.
func TestGroupCommit(t *testing.T) {
	ctx := context.Background()
	s, err := embedded.Open(t.TempDir(), embedded.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	if err := s.PutRaw("bad", []byte("short")); err != nil {
		t.Fatal(err)
	}
	started, release := make(chan struct{}), make(chan struct{})
	var sizes []int
	var once sync.Once
	s.SetBeforeCommit(func(n int) {
		sizes = append(sizes, n)
		once.Do(func() { close(started); <-release })
	})
	put := func(id string, prev int64) error {
		_, err := s.PutRoom(ctx, room.Record{ID: id, Version: prev + 1, ExpiresAt: now.Add(time.Hour), Body: []byte(id)}, prev, now)
		return err
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); put("first", 0) }()
	<-started // the first commit holds the file
	const n = 50
	errs := make([]error, n+1)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) { defer wg.Done(); errs[i] = put(fmt.Sprint("r", i), 0) }(i)
	}
	wg.Add(1)
	go func() { defer wg.Done(); errs[n] = put("bad", 1) }()
	for deadline := time.Now().Add(10 * time.Second); s.Pending() < n+1; {
		if time.Now().After(deadline) {
			t.Fatalf("%d writes pending, want %d", s.Pending(), n+1)
		}
		time.Sleep(time.Millisecond)
	}
	close(release)
	wg.Wait()
	if len(sizes) < 2 || sizes[0] != 1 || sizes[1] != n+1 {
		t.Errorf("commit sizes %v, want [1 %d ...]: the waiting writes share one commit", sizes, n+1)
	}
	for i := 0; i < n; i++ {
		if errs[i] != nil {
			t.Errorf("write %d: %v", i, errs[i])
		}
		if r, err := s.GetRoom(ctx, fmt.Sprint("r", i), now); err != nil || r.Version != 1 {
			t.Errorf("room r%d: %+v, %v", i, r, err)
		}
	}
	if errs[n] == nil {
		t.Error("the write over a damaged item succeeded")
	}
}
