package apigateway

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	mgmt "github.com/aws/aws-sdk-go-v2/service/apigatewaymanagementapi"

	"madang/functions/room"
)

// fakeManagement is an @connections endpoint as API Gateway serves it: POST
// /<stage>/@connections/<id> delivers to a live connection, GET describes it, 410 Gone for
// any other.
type fakeManagement struct {
	mu    sync.Mutex
	live  map[string]bool
	got   map[string][]string
	paths []string
}

func (f *fakeManagement) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.paths = append(f.paths, r.Method+" "+r.URL.EscapedPath())
	const prefix = "/prod/@connections/"
	if (r.Method != http.MethodPost && r.Method != http.MethodGet) || !strings.HasPrefix(r.URL.Path, prefix) {
		http.Error(w, "no route", http.StatusNotFound)
		return
	}
	id := strings.TrimPrefix(r.URL.Path, prefix)
	if !f.live[id] {
		w.Header().Set("X-Amzn-Errortype", "GoneException")
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusGone)
		_, _ = io.WriteString(w, `{"message":null}`)
		return
	}
	if r.Method == http.MethodGet {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"connectedAt":"2026-03-01T12:00:00.000Z","identity":{"sourceIp":"192.0.2.1","userAgent":"test"},"lastActiveAt":"2026-03-01T12:04:05.000Z"}`)
		return
	}
	b, _ := io.ReadAll(r.Body)
	f.got[id] = append(f.got[id], string(b))
	w.WriteHeader(http.StatusOK)
}

func newFake(t *testing.T, live ...string) (*fakeManagement, *Notifier) {
	t.Helper()
	f := &fakeManagement{live: map[string]bool{}, got: map[string][]string{}}
	for _, id := range live {
		f.live[id] = true
	}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	c := mgmt.New(mgmt.Options{
		Region:       "eu-west-1",
		BaseEndpoint: aws.String(Endpoint(srv.URL, "prod")),
		Credentials:  credentials.NewStaticCredentialsProvider("k", "s", ""),
	})
	return f, New(c)
}

func TestPostDelivers(t *testing.T) {
	f, n := newFake(t, "Ab1=")
	if err := n.Post(context.Background(), "Ab1=", []byte(`{"type":"pong"}`)); err != nil {
		t.Fatal(err)
	}
	if got := f.got["Ab1="]; len(got) != 1 || got[0] != `{"type":"pong"}` {
		t.Fatalf("delivered %q", got)
	}
}

func TestPostGone(t *testing.T) {
	f, n := newFake(t, "live")
	err := n.Post(context.Background(), "closed", []byte(`{}`))
	if !errors.Is(err, room.ErrGone) {
		t.Fatalf("post to a closed connection: err = %v, want room.ErrGone", err)
	}
	if len(f.got) != 0 {
		t.Fatalf("nothing should be delivered, got %v", f.got)
	}
}

func TestPostOtherErrorIsNotGone(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Amzn-Errortype", "ForbiddenException")
		w.WriteHeader(http.StatusForbidden)
		_, _ = io.WriteString(w, `{"message":"Forbidden"}`)
	}))
	defer srv.Close()
	c := mgmt.New(mgmt.Options{Region: "eu-west-1", BaseEndpoint: aws.String(srv.URL),
		Credentials: credentials.NewStaticCredentialsProvider("k", "s", "")})
	err := New(c).Post(context.Background(), "x", []byte(`{}`))
	if err == nil || errors.Is(err, room.ErrGone) {
		t.Fatalf("403: err = %v, want a non-Gone error", err)
	}
}

// The room asks API Gateway about a silent seat's sockets (GetConnection):
// a live one answers its last activity, a closed one room.ErrGone, without posting anything.
func TestProbe(t *testing.T) {
	f, n := newFake(t, "live")
	at, err := n.Probe(context.Background(), "live")
	if err != nil || !at.Equal(time.Date(2026, 3, 1, 12, 4, 5, 0, time.UTC)) {
		t.Fatalf("probe of a live connection: %v, %v", at, err)
	}
	if _, err := n.Probe(context.Background(), "closed"); !errors.Is(err, room.ErrGone) {
		t.Fatalf("probe of a closed connection: %v, want room.ErrGone", err)
	}
	if len(f.got) != 0 || f.paths[0] != "GET /prod/@connections/live" {
		t.Fatalf("a probe posted %v (requests %v)", f.got, f.paths)
	}
	if _, err := n.Probe(context.Background(), ""); err == nil || errors.Is(err, room.ErrGone) {
		t.Fatalf("probe without an id: %v", err)
	}
}

func TestEndpoint(t *testing.T) {
	cases := []struct{ domain, stage, want string }{
		{"abc.execute-api.eu-west-1.amazonaws.com", "prod", "https://abc.execute-api.eu-west-1.amazonaws.com/prod"},
		{"http://127.0.0.1:8080", "", "http://127.0.0.1:8080"},
		{"http://127.0.0.1:8080", "local", "http://127.0.0.1:8080/local"},
	}
	for _, c := range cases {
		if got := Endpoint(c.domain, c.stage); got != c.want {
			t.Errorf("Endpoint(%q, %q) = %q, want %q", c.domain, c.stage, got, c.want)
		}
	}
}
