package local_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"madang/infra/local"
)

// recorder is a Handler that records the gateway's calls and echoes each message back
// through the gateway's Post.
type recorder struct {
	mu          sync.Mutex
	g           *local.Gateway
	connected   []string
	disconnects chan string
	messages    []string
}

func (r *recorder) Connect(_ context.Context, id string) error {
	r.mu.Lock()
	r.connected = append(r.connected, id)
	r.mu.Unlock()
	return nil
}

func (r *recorder) Disconnect(_ context.Context, id string) error {
	r.disconnects <- id
	return nil
}

func (r *recorder) Handle(ctx context.Context, id string, raw []byte) error {
	r.mu.Lock()
	r.messages = append(r.messages, string(raw))
	r.mu.Unlock()
	return r.g.Post(ctx, id, append([]byte("echo:"), raw...))
}

func setup(t *testing.T) (*recorder, *httptest.Server) {
	rec := &recorder{disconnects: make(chan string, 10)}
	rec.g = local.NewGateway(rec, nil)
	mux := http.NewServeMux()
	mux.Handle("/ws", rec.g)
	mux.Handle("/@connections/", rec.g.Management())
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return rec, srv
}

func dial(t *testing.T, srv *httptest.Server) *websocket.Conn {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http")+"/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	c.SetReadLimit(1 << 20)
	t.Cleanup(func() { c.CloseNow() })
	return c
}

func read(t *testing.T, c *websocket.Conn) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, b, err := c.Read(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestConnectRouteDisconnect(t *testing.T) {
	rec, srv := setup(t)
	c := dial(t, srv)
	ctx := context.Background()
	c.Write(ctx, websocket.MessageText, []byte(`{"action":"ping"}`))
	if got := read(t, c); got != `echo:{"action":"ping"}` {
		t.Fatalf("got %q", got)
	}
	rec.mu.Lock()
	if len(rec.connected) != 1 || len(rec.connected[0]) != 16 {
		t.Fatalf("$connect ids %v", rec.connected)
	}
	id := rec.connected[0]
	rec.mu.Unlock()
	c.Close(websocket.StatusNormalClosure, "")
	select {
	case got := <-rec.disconnects:
		if got != id {
			t.Fatalf("$disconnect %s, want %s", got, id)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no $disconnect")
	}
}

func TestRouteKey(t *testing.T) {
	for body, want := range map[string]string{
		`{"action":"move","room":"x"}`: "move",
		`{"room":"x"}`:                 "$default",
		`not json`:                     "$default",
		`{"action":""}`:                "$default",
		// API Gateway's route selection matches the key exactly.
		`{"ACTION":"ping"}`:            "$default",
		`{"Action":"move","room":"x"}`: "$default",
		`["action"]`:                   "$default",
	} {
		if got := local.RouteKey([]byte(body)); got != want {
			t.Errorf("RouteKey(%s) = %s, want %s", body, got, want)
		}
	}
}

// closedWith reads from c until the socket closes and returns the close status.
func closedWith(t *testing.T, c *websocket.Conn) websocket.StatusCode {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for {
		if _, _, err := c.Read(ctx); err != nil {
			return websocket.CloseStatus(err)
		}
	}
}

// TestQuotaCloseCodes: as on API Gateway, a frame over 32 KB closes the socket with 1009
// and a binary frame closes it with 1003; neither message reaches the service, and the
// socket's $disconnect runs. A text message of exactly 32 KB passes.
func TestQuotaCloseCodes(t *testing.T) {
	for _, c := range []struct {
		name string
		typ  websocket.MessageType
		size int
		want websocket.StatusCode
	}{
		{"frame over 32 KB", websocket.MessageText, local.MaxFrame + 1, 1009},
		{"200 KB", websocket.MessageText, 200 << 10, 1009},
		{"binary frame", websocket.MessageBinary, 40, 1003},
	} {
		t.Run(c.name, func(t *testing.T) {
			rec, srv := setup(t)
			ws := dial(t, srv)
			msg := `{"action":"ping","pad":"` + strings.Repeat("x", c.size-len(`{"action":"ping","pad":""}`)) + `"}`
			if len(msg) != c.size {
				t.Fatalf("test message %d bytes, want %d", len(msg), c.size)
			}
			ws.Write(context.Background(), c.typ, []byte(msg))
			if got := closedWith(t, ws); got != c.want {
				t.Fatalf("close status %d, want %d", got, c.want)
			}
			select {
			case <-rec.disconnects:
			case <-time.After(5 * time.Second):
				t.Fatal("no $disconnect after the close")
			}
			rec.mu.Lock()
			defer rec.mu.Unlock()
			if len(rec.messages) != 0 {
				t.Fatalf("the message reached the handler: %d bytes", len(rec.messages[0]))
			}
		})
	}
	t.Run("exactly 32 KB", func(t *testing.T) {
		_, srv := setup(t)
		ws := dial(t, srv)
		msg := `{"action":"ping","pad":"` + strings.Repeat("x", local.MaxFrame-len(`{"action":"ping","pad":""}`)) + `"}`
		ws.Write(context.Background(), websocket.MessageText, []byte(msg))
		if got := read(t, ws); got != "echo:"+msg {
			t.Fatalf("a 32 KB message: got %d bytes back", len(got))
		}
	})
}

func TestRateLimited(t *testing.T) {
	_, srv := setup(t)
	c := dial(t, srv)
	ctx := context.Background()
	for i := 0; i < local.RateBurst+20; i++ {
		c.Write(ctx, websocket.MessageText, []byte(`{"action":"ping"}`))
	}
	limited := 0
	for i := 0; i < local.RateBurst+20; i++ {
		if strings.Contains(read(t, c), `"rate-limited"`) {
			limited++
		}
	}
	if limited == 0 {
		t.Fatal("a burst over the limit was not refused")
	}
}

func TestManagementAPI(t *testing.T) {
	rec, srv := setup(t)
	c := dial(t, srv)
	c.Write(context.Background(), websocket.MessageText, []byte(`{"action":"ping"}`))
	read(t, c)
	rec.mu.Lock()
	id := rec.connected[0]
	rec.mu.Unlock()
	url := srv.URL + "/@connections/" + id

	resp, err := http.Post(url, "application/json", strings.NewReader(`{"type":"pong"}`))
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("POST: %v %v", resp, err)
	}
	if got := read(t, c); got != `{"type":"pong"}` {
		t.Fatalf("posted frame %q", got)
	}
	resp, err = http.Get(url)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("GET: %v %v", resp, err)
	}
	var info struct {
		ConnectedAt string
		Identity    struct{ SourceIp string }
	}
	json.NewDecoder(resp.Body).Decode(&info)
	if info.ConnectedAt == "" || info.Identity.SourceIp != "127.0.0.1" {
		t.Fatalf("GET body %+v", info)
	}
	req, _ := http.NewRequest(http.MethodDelete, url, nil)
	resp, err = http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != http.StatusNoContent {
		t.Fatalf("DELETE: %v %v", resp, err)
	}
	select {
	case <-rec.disconnects:
	case <-time.After(5 * time.Second):
		t.Fatal("DELETE did not close the socket")
	}
	resp, err = http.Post(url, "application/json", strings.NewReader(`{}`))
	if err != nil || resp.StatusCode != http.StatusGone {
		t.Fatalf("POST to a closed connection: %v %v", resp, err)
	}
	io.Copy(io.Discard, resp.Body)
}

// Sockets in total are bounded: past MaxSockets an upgrade is refused
// with 429, and a socket that closes frees its place.
func TestMaxSockets(t *testing.T) {
	rec, srv := setup(t)
	rec.g.MaxSockets = 2
	a := dial(t, srv)
	dial(t, srv)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(srv.URL, "http") + "/ws"
	_, resp, err := websocket.Dial(ctx, url, nil)
	if err == nil || resp == nil || resp.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("third socket: %v %v, want 429", err, resp)
	}
	a.Close(websocket.StatusNormalClosure, "")
	<-rec.disconnects
	deadline := time.Now().Add(5 * time.Second)
	for {
		c, _, err := websocket.Dial(ctx, url, nil)
		if err == nil {
			c.CloseNow()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no place after a socket closed: %v", err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
