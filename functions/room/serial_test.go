package room_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"madang/functions/room"
)

// lockedLog is a text log safe for concurrent writers.
type lockedLog struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *lockedLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *lockedLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// With SerialRooms, a message whose socket goes away while it waits for the room's turn
// (its context cancelled) is no server error: nothing is logged at error level, and the
// room is unchanged. A wait that runs out of time (a deadline) is still an error.
func TestSerialRoomCallerGoneIsNoError(t *testing.T) {
	h, hs := hooked(t)
	usePolicy(t, room.Policy{})
	log := &lockedLog{}
	h.svc = room.New(room.Deps{Store: hs, Notifier: h.note, Invoker: h.inv, Scheduler: h.sched, Clock: h.clock, AI: h.ai,
		Log: slog.New(slog.NewTextHandler(log, &slog.HandlerOptions{Level: slog.LevelDebug})), SerialRooms: true})
	tb := h.open("track", M{}, 2)
	v0 := h.snap(tb).Version

	// A move holds the room's turn (blocked in its write) while the others wait.
	inWrite, release := make(chan struct{}), make(chan struct{})
	hs.arm(func() { close(inWrite); <-release })
	done := make(chan struct{})
	go func() {
		defer close(done)
		raw, _ := json.Marshal(M{"action": "move", "room": tb.id, "token": tb.tokens[0], "ply": 0, "move": "+1"})
		h.svc.Handle(context.Background(), "c0", raw)
	}()
	<-inWrite

	resume, _ := json.Marshal(M{"action": "resume", "room": tb.id, "token": tb.tokens[1]})
	gone, cancel := context.WithCancel(context.Background())
	cancel()
	if err := h.svc.Handle(gone, "c1", resume); err != nil {
		t.Fatalf("Handle: %v", err)
	}
	if s := log.String(); strings.Contains(s, "level=ERROR") || !strings.Contains(s, "caller gone") {
		t.Errorf("a cancelled wait logged:\n%s", s)
	}

	late, cancel2 := context.WithTimeout(context.Background(), 0)
	defer cancel2()
	h.svc.Handle(late, "c1", resume)
	if s := log.String(); !strings.Contains(s, `level=ERROR msg="room: wait for the room's turn"`) {
		t.Errorf("a wait past its deadline was not logged as an error:\n%s", s)
	}

	close(release)
	<-done
	if st := h.snap(tb); st.Ply != 1 || st.Version != v0+1 {
		t.Fatalf("after the move: ply %d v%d, want 1, v%d (only the move written)", st.Ply, st.Version, v0+1)
	}
}
