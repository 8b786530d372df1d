package local_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"madang/functions/store/embedded"
	_ "madang/games/draughts"
	"madang/infra/local"
)

// wsFrame is what the test clients read of a server frame.
type wsFrame struct {
	Type  string          `json:"type"`
	ID    json.RawMessage `json:"id"`
	Code  string          `json:"code"`
	Seat  *int            `json:"seat"`
	Token string          `json:"token"`
	Room  json.RawMessage `json:"room"`
}

type wsSnap struct {
	ID      string   `json:"id"`
	Version int64    `json:"version"`
	Status  string   `json:"status"`
	Ply     int      `json:"ply"`
	Moves   []string `json:"moves"`
	ToMove  int      `json:"toMove"`
	Legal   []string `json:"legal"`
}

// wsClient is one test socket: a reader goroutine keeps the newest snapshot and hands the
// frames that answer a message (those carrying its id) to ask.
type wsClient struct {
	c      *websocket.Conn
	mu     sync.Mutex
	latest wsSnap
	states int // state frames received
	byID   map[string]chan wsFrame
	nextID int
	name   string
}

func newClient(t testing.TB, srv *httptest.Server, name string) *wsClient {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http")+"/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	c.SetReadLimit(1 << 20)
	cl := &wsClient{c: c, byID: map[string]chan wsFrame{}, name: name}
	go cl.read()
	return cl
}

func (cl *wsClient) read() {
	for {
		_, b, err := cl.c.Read(context.Background())
		if err != nil {
			return
		}
		var f wsFrame
		if json.Unmarshal(b, &f) != nil {
			continue
		}
		cl.mu.Lock()
		if f.Type == "state" {
			var s wsSnap
			if json.Unmarshal(f.Room, &s) == nil && s.Version >= cl.latest.Version {
				cl.latest = s
			}
			cl.states++
		}
		ch := cl.byID[string(f.ID)]
		cl.mu.Unlock()
		if ch != nil {
			select {
			case ch <- f:
			default:
			}
		}
	}
}

// ask sends msg with a fresh id and returns the frames answering it: up to and including
// the first state or error with that id (a joined comes before its state).
func (cl *wsClient) ask(msg map[string]any, timeout time.Duration) ([]wsFrame, error) {
	cl.mu.Lock()
	cl.nextID++
	id := fmt.Sprintf(`"%s-%d"`, cl.name, cl.nextID)
	ch := make(chan wsFrame, 8)
	cl.byID[id] = ch
	cl.mu.Unlock()
	defer func() { cl.mu.Lock(); delete(cl.byID, id); cl.mu.Unlock() }()
	msg["id"] = json.RawMessage(id)
	raw, _ := json.Marshal(msg)
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	if err := cl.c.Write(ctx, websocket.MessageText, raw); err != nil {
		return nil, err
	}
	var out []wsFrame
	for {
		select {
		case f := <-ch:
			out = append(out, f)
			if f.Type == "state" || f.Type == "error" || f.Type == "pong" {
				return out, nil
			}
		case <-ctx.Done():
			return out, fmt.Errorf("%s: no answer to %s within %v", cl.name, raw, timeout)
		}
	}
}

func (cl *wsClient) snap() wsSnap {
	cl.mu.Lock()
	defer cl.mu.Unlock()
	return cl.latest
}

func snapOf(t testing.TB, fs []wsFrame) wsSnap {
	t.Helper()
	var s wsSnap
	for _, f := range fs {
		if f.Type == "state" {
			json.Unmarshal(f.Room, &s)
		}
	}
	return s
}

// 100 sockets write to one checkers room at once: spectators join and
// join again, tabs of both players resume, and the players' tabs move whenever their seat
// is to move. Every message is answered, none with internal, and every acknowledged move is
// in the room's log at its ply. The store is the embedded one (bbolt), which lets one write
// per room through each batch.
func TestContentionOneRoom(t *testing.T) {
	store, err := embedded.Open(t.TempDir(), embedded.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	st := local.New(local.Config{Store: store, Rate: -1, Log: quietLog})
	srv := httptest.NewServer(st.Handler())
	defer srv.Close()
	defer st.Close()

	a, b := newClient(t, srv, "a"), newClient(t, srv, "b")
	fs, err := a.ask(map[string]any{"action": "create", "game": "checkers", "options": map[string]any{}}, 5*time.Second)
	if err != nil || fs[0].Type != "joined" {
		t.Fatalf("create: %v %+v", err, fs)
	}
	roomID := snapOf(t, fs).ID
	tokens := []string{fs[0].Token}
	fs, err = b.ask(map[string]any{"action": "join", "room": roomID}, 5*time.Second)
	if err != nil || fs[0].Type != "joined" {
		t.Fatalf("join: %v %+v", err, fs)
	}
	tokens = append(tokens, fs[0].Token)

	const sockets, rounds = 100, 6
	clients := make([]*wsClient, sockets)
	for i := range clients {
		clients[i] = newClient(t, srv, fmt.Sprint("s", i))
	}
	type ack struct {
		ply  int
		move string
	}
	var (
		mu      sync.Mutex
		acks    []ack
		codes   = map[string]int{}
		answers int
		fails   []string
	)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i, cl := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			r := rand.New(rand.NewPCG(uint64(i), 7))
			seat := -1
			if i%4 == 1 || i%4 == 2 {
				seat = i%4 - 1
			}
			for k := 0; k < rounds; k++ {
				msg := map[string]any{"action": "join", "room": roomID}
				isMove := false
				switch {
				case i%4 == 3:
					msg = map[string]any{"action": "resume", "room": roomID, "token": tokens[k%2]}
				case seat >= 0:
					s := cl.snap()
					if k > 0 && s.Status == "playing" && s.ToMove == seat && len(s.Legal) > 0 {
						msg = map[string]any{"action": "move", "room": roomID, "token": tokens[seat], "ply": s.Ply, "move": s.Legal[r.IntN(len(s.Legal))]}
						isMove = true
					} else {
						msg = map[string]any{"action": "resume", "room": roomID, "token": tokens[seat]}
					}
				}
				fs, err := cl.ask(msg, 20*time.Second)
				mu.Lock()
				if err != nil {
					fails = append(fails, err.Error())
					mu.Unlock()
					return
				}
				answers++
				last := fs[len(fs)-1]
				if last.Type == "error" {
					codes[last.Code]++
				} else if isMove {
					acks = append(acks, ack{msg["ply"].(int), msg["move"].(string)})
				}
				mu.Unlock()
			}
		}()
	}
	began := time.Now()
	close(start)
	wg.Wait()
	took := time.Since(began)
	for _, f := range fails {
		t.Error(f)
	}
	if codes["internal"] > 0 {
		t.Errorf("%d of %d answers were internal (codes %v)", codes["internal"], answers, codes)
	}
	fs, err = newClient(t, srv, "peek").ask(map[string]any{"action": "peek", "room": roomID}, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	final := snapOf(t, fs)
	for _, ak := range acks {
		if ak.ply >= len(final.Moves) || final.Moves[ak.ply] != ak.move {
			t.Errorf("acknowledged move %s at ply %d is not in the log %v", ak.move, ak.ply, final.Moves)
		}
	}
	if len(acks) == 0 {
		t.Errorf("no move was acknowledged (codes %v)", codes)
	}
	t.Logf("%d sockets x %d messages in %v: %d answers, %d moves acknowledged, log %d plies, refusals %v",
		sockets, rounds, took.Round(time.Millisecond), answers, len(acks), len(final.Moves), codes)
}

// quietLog drops the stack's logs.
var quietLog = slog.New(slog.NewTextHandler(io.Discard, nil))
