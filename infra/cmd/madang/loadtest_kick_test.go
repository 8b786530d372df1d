package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"madang/functions/store/memory"
	"madang/infra/local"
)

// actionLog is a local.Handler in front of the room service that notes when each action
// arrived.
type actionLog struct {
	local.Handler
	mu sync.Mutex
	at map[string][]time.Time
}

func (a *actionLog) Handle(ctx context.Context, conn string, raw []byte) error {
	var m struct {
		Action string `json:"action"`
	}
	json.Unmarshal(raw, &m)
	a.mu.Lock()
	a.at[m.Action] = append(a.at[m.Action], time.Now())
	a.mu.Unlock()
	return a.Handler.Handle(ctx, conn, raw)
}

// readyAt notes when the loadtest says its rooms are ready (the playing time begins).
type readyAt struct {
	mu sync.Mutex
	t  time.Time
}

func (r *readyAt) Write(p []byte) (int, error) {
	r.mu.Lock()
	if r.t.IsZero() && bytes.Contains(p, []byte("ready")) {
		r.t = time.Now()
	}
	r.mu.Unlock()
	return len(p), nil
}

// The resumes that make the server send each client a fresh state are sent while setting
// up, not when the playing time begins: the server never answers every room's resume at
// once just as the first paced moves are measured.
func TestLoadtestKickBeforePlaying(t *testing.T) {
	st := local.New(local.Config{Store: memory.New(), Rate: -1})
	log := &actionLog{Handler: st.Service, at: map[string][]time.Time{}}
	st.Gateway.SetHandler(log)
	srv := httptest.NewServer(st.Handler())
	defer srv.Close()
	defer st.Close()
	ready := &readyAt{}
	code := loadtest(context.Background(), []string{"--url", "ws" + strings.TrimPrefix(srv.URL, "http") + "/ws",
		"--rooms", "4", "--duration", "400ms", "--pace", "200ms"}, io.Discard, ready)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	log.mu.Lock()
	defer log.mu.Unlock()
	if len(log.at["resume"]) != 8 || len(log.at["move"]) == 0 {
		t.Fatalf("%d resumes and %d moves, want 8 (two a room) and some", len(log.at["resume"]), len(log.at["move"]))
	}
	for _, at := range log.at["resume"] {
		if at.After(ready.t) {
			t.Fatalf("a resume arrived %v after the playing time began", at.Sub(ready.t))
		}
	}
}
