package apigateway_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	mgmt "github.com/aws/aws-sdk-go-v2/service/apigatewaymanagementapi"
	"github.com/coder/websocket"

	"madang/functions/aws/apigateway"
	"madang/functions/room"
	"madang/infra/local"
)

// conns records the connection ids the local gateway hands out.
type conns struct {
	mu  sync.Mutex
	ids []string
}

func (c *conns) Connect(_ context.Context, id string) error {
	c.mu.Lock()
	c.ids = append(c.ids, id)
	c.mu.Unlock()
	return nil
}
func (c *conns) Disconnect(context.Context, string) error     { return nil }
func (c *conns) Handle(context.Context, string, []byte) error { return nil }
func (c *conns) first() string                                { c.mu.Lock(); defer c.mu.Unlock(); return c.ids[0] }
func (c *conns) count() int                                   { c.mu.Lock(); defer c.mu.Unlock(); return len(c.ids) }

// TestAgainstLocalGateway posts through the real management API client to the local stack's
// @connections emulator: delivery to an open socket, room.ErrGone once it has closed.
func TestAgainstLocalGateway(t *testing.T) {
	h := &conns{}
	g := local.NewGateway(h, nil)
	mux := http.NewServeMux()
	mux.Handle("/ws", g)
	mux.Handle("/@connections/", g.Management())
	srv := httptest.NewServer(mux)
	defer srv.Close()

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http")+"/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	for h.count() == 0 {
		select {
		case <-ctx.Done():
			t.Fatal("no $connect")
		case <-time.After(5 * time.Millisecond):
		}
	}
	id := h.first()

	client := mgmt.New(mgmt.Options{Region: "us-east-1", BaseEndpoint: aws.String(apigateway.Endpoint(srv.URL, "")),
		Credentials: credentials.NewStaticCredentialsProvider("local", "local", "")})
	n := apigateway.New(client)
	if err := n.Post(ctx, id, []byte(`{"type":"pong"}`)); err != nil {
		t.Fatalf("post to open socket: %v", err)
	}
	typ, msg, err := c.Read(ctx)
	if err != nil || typ != websocket.MessageText || string(msg) != `{"type":"pong"}` {
		t.Fatalf("read %v %q %v", typ, msg, err)
	}
	// GetConnection: the emulator answers as API Gateway does (its JSON names included).
	if at, err := n.Probe(ctx, id); err != nil || at.IsZero() {
		t.Fatalf("probe of the open socket: %v, %v", at, err)
	}
	c.Close(websocket.StatusNormalClosure, "bye")
	deadline := time.Now().Add(5 * time.Second)
	for {
		err = n.Post(ctx, id, []byte(`{}`))
		if errors.Is(err, room.ErrGone) || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if !errors.Is(err, room.ErrGone) {
		t.Fatalf("post after close: %v, want room.ErrGone", err)
	}
	if _, err := n.Probe(ctx, id); !errors.Is(err, room.ErrGone) {
		t.Fatalf("probe after close: %v, want room.ErrGone", err)
	}
}
