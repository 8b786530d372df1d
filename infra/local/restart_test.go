package local_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"madang/functions/room"
	"madang/functions/store/embedded"
	"madang/functions/store/memory"
	"madang/infra/local"
)

// A restart forgets the sockets of the previous run in every store: a
// room whose two players' sockets died with the server shows both seats away after the
// next start, and expires after its idle time (30 min) instead of living 24 h. The
// DynamoDB store runs the same through its contract suite (RoomIDs) and the end-to-end
// suite under make dynamodbtest.
func TestRestartForgetsSockets(t *testing.T) {
	emb, err := embedded.Open(t.TempDir(), embedded.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer emb.Close()
	for name, store := range map[string]room.Store{"memory": memory.New(), "embedded": emb} {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			rec := &frames{}
			prev := room.New(room.Deps{Store: store, Notifier: rec, Clock: local.SystemClock{}, Log: quietLog})
			prev.Handle(ctx, "a", []byte(`{"action":"create","game":"checkers","options":{}}`))
			id := rec.room(t)
			prev.Handle(ctx, "b", []byte(`{"action":"join","room":"`+id+`"}`))
			prev.Handle(ctx, "w", []byte(`{"action":"join","room":"`+id+`"}`))
			snap, _ := prev.Snapshot(ctx, id)
			if !snap.Seats[0].Connected || !snap.Seats[1].Connected || snap.Spectators != 1 {
				t.Fatalf("before the restart: %+v", snap)
			}

			st := local.New(local.Config{Store: store, Log: quietLog})
			defer st.Close()
			start := time.Now().Truncate(time.Millisecond)
			if err := st.ResetConnections(ctx); err != nil {
				t.Fatal(err)
			}
			snap, err := st.Service.Snapshot(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if snap.Seats[0].Connected || snap.Seats[1].Connected || snap.Spectators != 0 || snap.Seats[0].AwaySince == nil {
				t.Fatalf("after the restart the dead sockets still count: %+v, %d spectators", snap.Seats, snap.Spectators)
			}
			if exp := time.UnixMilli(snap.ExpiresAt); exp.Before(start.Add(30*time.Minute)) || exp.After(time.Now().Add(30*time.Minute)) {
				t.Fatalf("expires at %v, want 30 min after the restart (%v)", exp, start.Add(30*time.Minute))
			}
		})
	}
}

// frames takes every post, as the sockets of a run that then died without $disconnect
// did, and keeps the room ids of the joined frames.
type frames struct{ ids []string }

func (f *frames) Post(_ context.Context, _ string, msg []byte) error {
	var j struct {
		Type string `json:"type"`
		Room string `json:"room"`
	}
	if json.Unmarshal(msg, &j) == nil && j.Type == "joined" {
		f.ids = append(f.ids, j.Room)
	}
	return nil
}

func (f *frames) room(t *testing.T) string {
	t.Helper()
	if len(f.ids) == 0 {
		t.Fatal("no joined frame")
	}
	return f.ids[0]
}
