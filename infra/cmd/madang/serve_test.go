package main

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

func TestServeProcs(t *testing.T) {
	for _, c := range []struct {
		env       string
		cur, want int
	}{
		{"", 1, minServeProcs}, // pinned to one core (taskset -c 0)
		{"", 2, minServeProcs},
		{"", 8, 8},  // more cores: Go's own choice
		{"1", 1, 1}, // the environment decides
		{"2", 2, 2},
	} {
		if got := serveProcs(c.env, c.cur); got != c.want {
			t.Errorf("serveProcs(%q, %d) = %d, want %d", c.env, c.cur, got, c.want)
		}
	}
}

// `madang serve` on one P (a server pinned to one core) raises GOMAXPROCS, unless the
// GOMAXPROCS environment variable set it.
func TestServeRaisesProcs(t *testing.T) {
	old := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(old)
	t.Setenv("GOMAXPROCS", "")
	s := startServer(t, "--store", "memory")
	if n := runtime.GOMAXPROCS(0); n != minServeProcs {
		t.Errorf("serve on one P runs with GOMAXPROCS %d, want %d", n, minServeProcs)
	}
	s.stop()
	runtime.GOMAXPROCS(1)
	t.Setenv("GOMAXPROCS", "1")
	startServer(t, "--store", "memory").stop()
	if n := runtime.GOMAXPROCS(0); n != 1 {
		t.Errorf("serve with GOMAXPROCS=1 set runs with %d", n)
	}
}

// keepAlive opens a TCP connection to s, makes one keep-alive HTTP/1.1 request on it and
// leaves it open and idle, as a browser does after loading a page.
func keepAlive(t *testing.T, s *server) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", strings.TrimPrefix(s.url, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	c.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.WriteString(c, "GET /config.json HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Close {
		t.Fatalf("keep-alive request: %s, close %v", resp.Status, resp.Close)
	}
	c.SetDeadline(time.Time{})
	return c
}

func tryWS(s *server) error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(s.url, "http")+"/ws", nil)
	if err == nil {
		c.CloseNow()
	}
	return err
}

// Idle keep-alive HTTP connections did not count against --max-sockets
// (388 of them exhausted a 400-file limit). They count now: with the limit held by idle
// connections a new connection is refused, and once they close a WebSocket opens again.
func TestIdleConnectionsCountAgainstMaxSockets(t *testing.T) {
	s := startServer(t, "--store", "memory", "--max-sockets", "6")
	var idle []net.Conn
	for k := 0; k < 6; k++ {
		idle = append(idle, keepAlive(t, s))
	}
	if err := tryWS(s); err == nil {
		t.Fatal("a WebSocket opened beside 6 idle connections with --max-sockets 6")
	}
	for _, c := range idle {
		c.Close()
	}
	deadline := time.Now().Add(10 * time.Second)
	for tryWS(s) != nil {
		if time.Now().After(deadline) {
			t.Fatal("no WebSocket opens after the idle connections closed")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// An idle keep-alive connection is closed by the server after httpIdleTimeout.
func TestIdleConnectionClosed(t *testing.T) {
	old := httpIdleTimeout
	httpIdleTimeout = 100 * time.Millisecond
	defer func() { httpIdleTimeout = old }()
	s := startServer(t, "--store", "memory")
	c := keepAlive(t, s)
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	if _, err := c.Read(make([]byte, 1)); err != io.EOF {
		t.Fatalf("reading an idle keep-alive connection: %v, want EOF (closed by the server)", err)
	}
}
