package local_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"madang/functions/room"
)

// connID is the id of the socket connected last.
func connID(t *testing.T, rec *recorder) string {
	t.Helper()
	rec.mu.Lock()
	defer rec.mu.Unlock()
	if len(rec.connected) == 0 {
		t.Fatal("no socket connected")
	}
	return rec.connected[len(rec.connected)-1]
}

// Frames posted to a socket arrive in posting order, however many are posted at once.
func TestPostsArriveInOrder(t *testing.T) {
	rec, srv := setup(t)
	c := dial(t, srv)
	c.Write(context.Background(), websocket.MessageText, []byte("hi"))
	if got := read(t, c); got != "echo:hi" {
		t.Fatalf("got %q", got)
	}
	id := connID(t, rec)
	const n = 200 // under the queue's 256 frames
	go func() {
		for i := range n {
			rec.g.Post(context.Background(), id, fmt.Appendf(nil, "%d", i))
		}
	}()
	for i := range n {
		if got, want := read(t, c), fmt.Sprint(i); got != want {
			t.Fatalf("frame %d: got %q", i, got)
		}
	}
}

// A client that stops reading loses its socket once 256 frames wait for it: the poster
// gets room.ErrGone instead of waiting, and the gateway runs $disconnect.
func TestSlowClientLosesSocket(t *testing.T) {
	rec, srv := setup(t)
	c := dial(t, srv)
	c.Write(context.Background(), websocket.MessageText, []byte("hi"))
	read(t, c)
	id := connID(t, rec)
	big := []byte(strings.Repeat("x", 100<<10))
	posts := 0
	deadline := time.Now().Add(10 * time.Second)
	for ; time.Now().Before(deadline); posts++ {
		if err := rec.g.Post(context.Background(), id, big); errors.Is(err, room.ErrGone) {
			break
		} else if err != nil {
			t.Fatalf("post %d: %v", posts, err)
		}
	}
	// 256 waiting, and what is being written and what the socket buffers hold, if the
	// writer took any yet.
	if posts < 256 || time.Now().After(deadline) {
		t.Fatalf("ErrGone after %d posts (deadline passed: %v)", posts, time.Now().After(deadline))
	}
	select {
	case d := <-rec.disconnects:
		if d != id {
			t.Fatalf("disconnect of %s, want %s", d, id)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no $disconnect for the dropped socket")
	}
}

// An idle socket costs the gateway one goroutine (its reader): a writer runs only while
// frames wait.
func TestIdleSocketOneGoroutine(t *testing.T) {
	rec, srv := setup(t)
	rec.disconnects = make(chan string, 100)
	before := runtime.NumGoroutine()
	const n = 40
	for range n {
		c := dial(t, srv)
		c.Write(context.Background(), websocket.MessageText, []byte("hi"))
		read(t, c)
	}
	var extra int
	for end := time.Now().Add(5 * time.Second); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		if extra = runtime.NumGoroutine() - before; extra <= n+5 {
			return
		}
	}
	t.Fatalf("%d idle sockets run %d goroutines, want about %d", n, extra, n)
}

// BenchmarkPost is one frame posted to a socket and read by its client: the gateway's
// per-frame cost with a writer started for it (the socket is idle between frames).
func BenchmarkPost(b *testing.B) {
	rec, srv := setup(&testing.T{})
	defer srv.Close()
	c, _, err := websocket.Dial(context.Background(), "ws"+strings.TrimPrefix(srv.URL, "http")+"/ws", nil)
	if err != nil {
		b.Fatal(err)
	}
	defer c.CloseNow()
	c.Write(context.Background(), websocket.MessageText, []byte("hi"))
	c.Read(context.Background())
	rec.mu.Lock()
	id := rec.connected[0]
	rec.mu.Unlock()
	msg := []byte(strings.Repeat("s", 1500)) // about a checkers state
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := rec.g.Post(context.Background(), id, msg); err != nil {
			b.Fatal(err)
		}
		if _, _, err := c.Read(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkIdleSockets opens 1,000 sockets that each exchanged a message with a handler
// that runs 40 KB deep, and reports the memory (stacks and heap in use, after a GC) per
// socket, of the gateway and its clients together (one process).
func BenchmarkIdleSockets(b *testing.B) {
	for i := 0; i < b.N; i++ {
		stack, heap := idleSockets(b, 1000)
		b.ReportMetric(stack, "stackB/socket")
		b.ReportMetric(heap, "heapB/socket")
	}
}

// deep is a Handler that takes about 40 KB of stack before echoing, as the room service
// does (its store, JSON and rules run deep).
type deep struct{ *recorder }

func (d deep) Handle(ctx context.Context, id string, raw []byte) error {
	return d.descend(ctx, id, raw, 40)
}

func (d deep) descend(ctx context.Context, id string, raw []byte, n int) error {
	var pad [1 << 10]byte
	if n == 0 {
		return d.recorder.Handle(ctx, id, append(raw, pad[:1]...))
	}
	return d.descend(ctx, id, raw, n-1)
}

// idleSockets opens n sockets through a gateway whose handler runs deep, each sending a
// message and reading the answer, and returns the stack and heap bytes in use per socket
// after a GC (gateway and clients: one process).
func idleSockets(tb testing.TB, n int) (stack, heap float64) {
	rec, srv := setup(&testing.T{})
	defer srv.Close()
	rec.disconnects = make(chan string, n)
	rec.g.SetHandler(deep{rec})
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	conns := make([]*websocket.Conn, n)
	for k := range conns {
		c, _, err := websocket.Dial(context.Background(), "ws"+strings.TrimPrefix(srv.URL, "http")+"/ws", nil)
		if err != nil {
			tb.Fatal(err)
		}
		c.Write(context.Background(), websocket.MessageText, []byte("hi"))
		c.Read(context.Background())
		conns[k] = c
	}
	time.Sleep(50 * time.Millisecond) // writers end
	runtime.GC()
	runtime.ReadMemStats(&m1)
	for _, c := range conns {
		c.CloseNow()
	}
	return float64(int64(m1.StackInuse)-int64(m0.StackInuse)) / float64(n), float64(int64(m1.HeapInuse)-int64(m0.HeapInuse)) / float64(n)
}
