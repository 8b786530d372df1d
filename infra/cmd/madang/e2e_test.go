package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"madang/internal/wstest"
	_ "madang/rules/draughts"
)

// server is one `madang serve` run in-process on a free loopback port.
type server struct {
	url    string // http://127.0.0.1:PORT
	cancel context.CancelFunc
	done   chan int
}

func startServer(t *testing.T, args ...string) *server {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	s := &server{cancel: cancel, done: make(chan int, 1)}
	args = append([]string{"--addr", "127.0.0.1:0", "--quiet", "--site", t.TempDir()}, storeArgs(t, args)...)
	go func() {
		s.done <- serve(ctx, args, pw, io.Discard)
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		cancel()
		t.Fatalf("serve did not start: %v", err)
	}
	go io.Copy(io.Discard, pr)
	f := strings.Fields(line)
	if len(f) < 3 || !strings.HasPrefix(f[2], "http://") {
		t.Fatalf("serve printed %q", line)
	}
	s.url = f[2]
	t.Cleanup(s.stop)
	return s
}

func (s *server) stop() {
	if s.cancel == nil {
		return
	}
	s.cancel()
	s.cancel = nil
	select {
	case <-s.done:
	case <-time.After(10 * time.Second):
		panic("serve did not stop")
	}
}

// The client helpers are package wstest's (shared with infra/awse2e); these names keep
// the tests of this package short.
type (
	snapshot = wstest.Snapshot
	frame    = wstest.Frame
)

type client struct {
	*wstest.Client
	c      *websocket.Conn
	frames chan frame
}

func dialWS(t *testing.T, s *server) *client {
	t.Helper()
	c := wstest.Dial(t, "ws"+strings.TrimPrefix(s.url, "http")+"/ws")
	return &client{Client: c, c: c.C, frames: c.Frames}
}

func (c *client) sendRaw(b []byte)                        { c.T.Helper(); c.SendRaw(b) }
func (c *client) send(m map[string]any)                   { c.T.Helper(); c.Send(m) }
func (c *client) next(ok func(frame) bool) frame          { c.T.Helper(); return c.Next(ok) }
func (c *client) state(ok func(*snapshot) bool) *snapshot { c.T.Helper(); return c.State(ok) }
func (c *client) reply(id string) frame                   { c.T.Helper(); return c.Reply(id) }
func (c *client) joinedAndState() (frame, *snapshot)      { c.T.Helper(); return c.JoinedAndState() }

func roomID(f frame) string { return wstest.RoomID(f) }

// pair makes a checkers room with two seated players and a watcher.
func pair(t *testing.T, s *server) (id string, a, b, w *client, ta, tb string, st *snapshot) {
	a, b, w = dialWS(t, s), dialWS(t, s), dialWS(t, s)
	a.send(map[string]any{"action": "create", "game": "checkers", "options": map[string]any{}})
	ja, st := a.joinedAndState()
	if *ja.Seat != 0 || ja.Token == "" || st.Status != "waiting" {
		t.Fatalf("create: %+v %+v", ja, st)
	}
	id = roomID(ja)
	b.send(map[string]any{"action": "join", "room": id})
	jb, st := b.joinedAndState()
	if *jb.Seat != 1 || jb.Token == "" || st.Status != "playing" || st.ToMove != 0 {
		t.Fatalf("join: %+v %+v", jb, st)
	}
	w.send(map[string]any{"action": "join", "room": id})
	jw, st := w.joinedAndState()
	if *jw.Seat != -1 || jw.Token != "" || st.Spectators != 1 {
		t.Fatalf("watch: %+v %+v", jw, st)
	}
	return id, a, b, w, ja.Token, jb.Token, st
}

func pick(st *snapshot) string { return wstest.Pick(st) }

func checkResult(t *testing.T, st *snapshot) { t.Helper(); wstest.CheckResult(t, st) }

func TestE2ECompleteGameWatched(t *testing.T) {
	s := startServer(t, "--store", "memory")
	id, a, b, w, ta, tb, st := pair(t, s)
	players, tokens := []*client{a, b}, []string{ta, tb}
	for st.Status == "playing" {
		mv := pick(st)
		players[st.ToMove].send(map[string]any{"action": "move", "room": id, "token": tokens[st.ToMove], "ply": st.Ply, "move": mv})
		ply := st.Ply
		st = w.state(func(x *snapshot) bool { return x.Ply > ply || x.Status != "playing" })
		if st.Moves[ply] != mv {
			t.Fatalf("ply %d: played %s, room has %s", ply, mv, st.Moves[ply])
		}
		if st.Ply > 400 {
			t.Fatal("game did not end")
		}
	}
	checkResult(t, st)
	// Both players see the same final snapshot.
	for _, c := range players {
		got := c.state(func(x *snapshot) bool { return x.Version == st.Version })
		if got.Raw != st.Raw {
			t.Fatal("players and watcher saw different final snapshots")
		}
	}
	t.Logf("game over after %d plies: %+v", st.Ply, *st.Result)
}

func TestE2EResumeSameSnapshot(t *testing.T) {
	s := startServer(t, "--store", "memory")
	id, a, b, _, ta, tb, _ := pair(t, s)
	a.send(map[string]any{"action": "move", "room": id, "token": ta, "ply": 0, "move": "11-15"})
	st := b.state(func(x *snapshot) bool { return x.Ply == 1 })
	b.c.Close(websocket.StatusNormalClosure, "")
	a.state(func(x *snapshot) bool { return !x.Seats[1].Connected })
	b2 := dialWS(t, s)
	b2.send(map[string]any{"action": "resume", "room": id, "token": tb, "id": "r"})
	j := b2.reply("r")
	if j.Type != "joined" || *j.Seat != 1 || j.Token != "" {
		t.Fatalf("resume: %+v", j)
	}
	got := b2.state(func(*snapshot) bool { return true })
	if strings.Join(got.Moves, " ") != strings.Join(st.Moves, " ") || got.Ply != 1 || !got.Seats[1].Connected || got.ToMove != 1 {
		t.Fatalf("resumed snapshot %+v, before %+v", got, st)
	}
	b2.send(map[string]any{"action": "move", "room": id, "token": tb, "ply": 1, "move": got.Legal[0]})
	a.state(func(x *snapshot) bool { return x.Ply == 2 })
}

func TestE2ERepeatedMoveAppliedOnce(t *testing.T) {
	s := startServer(t, "--store", "memory")
	id, a, _, w, ta, _, _ := pair(t, s)
	msg := map[string]any{"action": "move", "room": id, "token": ta, "ply": 0, "move": "9-13"}
	a.send(msg)
	msg["id"] = "again"
	a.send(msg)
	r := a.reply("again")
	if r.Type != "state" || r.Snap.Ply != 1 {
		t.Fatalf("repeat answered %+v", r)
	}
	ver := r.Snap.Version
	// A join through the watcher's socket orders after everything; the room stays at ply 1
	// (the watcher's join again changes nothing, so it is not written).
	w.send(map[string]any{"action": "join", "room": id, "id": "probe"})
	w.reply("probe")
	st := w.state(func(*snapshot) bool { return true })
	if st.Ply != 1 || len(st.Moves) != 1 || st.Version != ver {
		t.Fatalf("after a repeated move: ply %d moves %v version %d (want ply 1, version %d)", st.Ply, st.Moves, st.Version, ver)
	}
}

func TestE2ETwentyConflictingMoves(t *testing.T) {
	s := startServer(t, "--store", "memory")
	id, _, _, w, ta, tb, _ := pair(t, s)
	opening := []string{"9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"}
	clients := make([]*client, 20)
	sent := make([]string, 20)
	for i := range clients {
		clients[i] = dialWS(t, s)
	}
	var wg sync.WaitGroup
	for i, c := range clients {
		tok, mv := ta, opening[i%len(opening)]
		if i%4 == 3 {
			tok, mv = tb, "22-18" // seat 1 is not to move
		}
		sent[i] = mv
		wg.Add(1)
		go func(c *client, tok, mv string, i int) {
			defer wg.Done()
			b, _ := json.Marshal(map[string]any{"action": "move", "room": id, "token": tok, "ply": 0, "move": mv, "id": fmt.Sprint(i)})
			c.c.Write(context.Background(), websocket.MessageText, b)
		}(c, tok, mv, i)
	}
	wg.Wait()
	replies := make([]frame, 20)
	for i, c := range clients {
		replies[i] = c.reply(fmt.Sprint(i))
	}
	st := w.state(func(x *snapshot) bool { return x.Ply >= 1 })
	if st.Ply != 1 {
		t.Fatalf("ply %d after 20 conflicting moves", st.Ply)
	}
	applied := 0
	for i, r := range replies {
		switch {
		case r.Type == "error" && (r.Code == "stale-ply" || r.Code == "not-your-turn"):
		case r.Type == "state" && sent[i] == st.Moves[0]:
			applied++ // the applied move, or the very same move repeated
		default:
			t.Fatalf("client %d (%s): %+v", i, sent[i], r)
		}
	}
	if applied == 0 {
		t.Fatal("nobody's move was applied")
	}
	// Exactly one version was written for the move.
	w.send(map[string]any{"action": "resume", "room": id, "token": ta, "id": "v"})
	w.reply("v")
	if v := w.state(func(*snapshot) bool { return true }).Version; v != 5 {
		t.Fatalf("version %d, want 5 (create, join, watch, the move, this resume)", v)
	}
}

func TestE2ERefusalsChangeNothing(t *testing.T) {
	s := startServer(t, "--store", "memory")
	id, a, _, w, ta, _, _ := pair(t, s)
	a.send(map[string]any{"action": "move", "room": id, "token": ta, "ply": 0, "move": "11-15"})
	st := w.state(func(x *snapshot) bool { return x.Ply == 1 })
	for _, c := range []struct {
		name string
		from *client
		raw  string
		code string
	}{
		{"wrong token", a, fmt.Sprintf(`{"action":"move","room":%q,"token":"AAAAAAAAAAAAAAAAAAAAAA","ply":1,"move":"22-18","id":"x"}`, id), "bad-token"},
		{"spectator's move", w, fmt.Sprintf(`{"action":"move","room":%q,"token":"","ply":1,"move":"22-18","id":"x"}`, id), "bad-message"},
		{"spectator with a made-up token", w, fmt.Sprintf(`{"action":"move","room":%q,"token":"me","ply":1,"move":"22-18","id":"x"}`, id), "bad-token"},
		{"malformed JSON", a, `{"action":"move","room":` + "\x00" + `,"id":"x"`, "bad-message"},
	} {
		c.from.sendRaw([]byte(c.raw))
		r := c.from.next(func(f frame) bool { return f.Type == "error" })
		if r.Code != c.code {
			t.Fatalf("%s: %s, want %s", c.name, r.Code, c.code)
		}
	}
	w.send(map[string]any{"action": "ping", "id": "p"})
	w.reply("p")
	a.send(map[string]any{"action": "resume", "room": id, "token": ta, "id": "r"})
	a.reply("r")
	got := a.state(func(*snapshot) bool { return true })
	// The resume of the socket that holds the seat changes nothing either.
	if got.Ply != 1 || got.Version != st.Version {
		t.Fatalf("refusals changed the room: v%d ply %d, want v%d ply 1", got.Version, got.Ply, st.Version)
	}
	// A message over API Gateway's 32 KB frame limit closes the socket (1009), as on AWS,
	// and changes nothing: the others see the seat away, still at ply 1.
	// The write may fail: the gateway closes the socket before it has read everything.
	big := fmt.Sprintf(`{"action":"move","room":%q,"token":%q,"ply":1,"move":"22-18","id":"x","pad":%q}`, id, ta, strings.Repeat("x", 200<<10))
	wctx, wcancel := context.WithTimeout(context.Background(), 5*time.Second)
	_ = a.c.Write(wctx, websocket.MessageText, []byte(big))
	wcancel()
	closed := time.After(5 * time.Second)
	for open := true; open; {
		select {
		case _, open = <-a.frames:
		case <-closed:
			t.Fatal("a 200 KB message did not close the socket")
		}
	}
	if after := w.state(func(*snapshot) bool { return true }); after.Ply != 1 {
		t.Fatalf("after the oversize message: ply %d, want 1", after.Ply)
	}
}

func TestE2ERestartContinues(t *testing.T) {
	data := t.TempDir()
	s := startServer(t, "--data", data)
	id, a, _, _, ta, tb, _ := pair(t, s)
	for i, mv := range []string{"11-15", "23-19", "8-11"} {
		tok := ta
		if i%2 == 1 {
			tok = tb
		}
		a.send(map[string]any{"action": "move", "room": id, "token": tok, "ply": i, "move": mv})
		a.state(func(x *snapshot) bool { return x.Ply == i+1 })
	}
	s.stop()
	s2 := startServer(t, "--data", data)
	b := dialWS(t, s2)
	b.send(map[string]any{"action": "resume", "room": id, "token": tb})
	j, st := b.joinedAndState()
	if *j.Seat != 1 || st.Ply != 3 || strings.Join(st.Moves, " ") != "11-15 23-19 8-11" || st.Status != "playing" {
		t.Fatalf("after restart: %+v %+v", j, st)
	}
	if st.Seats[0].Connected || !st.Seats[1].Connected || st.Spectators != 0 {
		t.Fatalf("sockets of the first run still counted: %+v, %d spectators", st.Seats, st.Spectators)
	}
	b.send(map[string]any{"action": "move", "room": id, "token": tb, "ply": 3, "move": "22-17"})
	if st := b.state(func(x *snapshot) bool { return x.Ply == 4 }); st.Moves[3] != "22-17" {
		t.Fatalf("%+v", st)
	}
}

func TestE2EFillAIFullGame(t *testing.T) {
	s := startServer(t, "--store", "memory")
	a := dialWS(t, s)
	a.send(map[string]any{"action": "create", "game": "checkers", "options": map[string]any{}})
	j, _ := a.joinedAndState()
	id := roomID(j)
	a.send(map[string]any{"action": "fillAI", "room": id, "token": j.Token})
	st := a.state(func(x *snapshot) bool { return x.Status == "playing" })
	if st.Seats[1].Kind != "ai" {
		t.Fatalf("%+v", st.Seats)
	}
	for st.Status == "playing" {
		if st.ToMove == 0 {
			a.send(map[string]any{"action": "move", "room": id, "token": j.Token, "ply": st.Ply, "move": pick(st)})
		}
		ply := st.Ply
		st = a.state(func(x *snapshot) bool { return x.Ply > ply || x.Status != "playing" })
		if st.Ply > 400 {
			t.Fatal("game did not end")
		}
	}
	checkResult(t, st)
	t.Logf("vs AI: %d plies, %+v", st.Ply, *st.Result)
}

func TestE2EConfigAndPlaceholder(t *testing.T) {
	s := startServer(t, "--store", "memory")
	resp, err := http.Get(s.url + "/config.json")
	if err != nil {
		t.Fatal(err)
	}
	var cfg struct{ WS string }
	json.NewDecoder(resp.Body).Decode(&cfg)
	resp.Body.Close()
	if cfg.WS != "/ws" {
		t.Fatalf("config.json ws %q", cfg.WS)
	}
	resp, err = http.Get(s.url + "/")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(body), `lang="ko"`) || !strings.Contains(string(body), "빌드되지 않았습니다") {
		t.Fatalf("placeholder page: %s", body)
	}
}

// Seed 001 over the wire: a draw offered with a move and accepted, then a rematch with
// colours swapped (the joiner now moves first as Black).
func TestE2EDrawOfferAndRematch(t *testing.T) {
	s := startServer(t, "--store", "memory")
	id, a, b, _, ta, tb, _ := pair(t, s)
	a.send(map[string]any{"action": "move", "room": id, "token": ta, "ply": 0, "move": "11-15", "offerDraw": true})
	st := b.state(func(x *snapshot) bool { return x.Ply == 1 })
	if !strings.Contains(st.Raw, `"drawOffer":{"seat":0,"ply":1}`) {
		t.Fatalf("offer not shown: %s", st.Raw)
	}
	b.send(map[string]any{"action": "acceptDraw", "room": id, "token": tb})
	st = a.state(func(x *snapshot) bool { return x.Status == "over" })
	if st.Result == nil || st.Result.Winner != nil || st.Result.Reason != "agreement" {
		t.Fatalf("after accept: %+v", st.Result)
	}
	a.send(map[string]any{"action": "rematch", "room": id, "token": ta})
	b.send(map[string]any{"action": "rematch", "room": id, "token": tb})
	jb := b.next(func(f frame) bool { return f.Type == "joined" })
	ja := a.next(func(f frame) bool { return f.Type == "joined" })
	if *jb.Seat != 0 || *ja.Seat != 1 {
		t.Fatalf("rematch seats: joiner %d creator %d, want 0 and 1", *jb.Seat, *ja.Seat)
	}
	st = b.state(func(x *snapshot) bool { return x.Status == "playing" })
	if st.Ply != 0 || st.ToMove != 0 {
		t.Fatalf("new game: %+v", st)
	}
	b.send(map[string]any{"action": "move", "room": id, "token": tb, "ply": 0, "move": "9-13"})
	if st := a.state(func(x *snapshot) bool { return x.Status == "playing" && x.Ply == 1 }); st.Moves[0] != "9-13" {
		t.Fatalf("%+v", st)
	}
}
