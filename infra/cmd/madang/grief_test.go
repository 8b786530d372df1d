package main

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// GriefURLEnv names a running `madang serve` (http://HOST:PORT) for TestGriefing to attack
// instead of starting one in-process, so that the server's CPU and memory can be measured
// on their own (PROTOCOL.md, Limits).
const GriefURLEnv = "MADANG_GRIEF_URL"

// aiThink is the advanced level's thinking time (seed 001), and aiSlack what the write and
// the frames may add under attack.
const (
	aiThink = 1500 * time.Millisecond
	aiSlack = 1500 * time.Millisecond
)

// A person plays the advanced AI at checkers while others grief the room (issue 10): ten
// spectators send join at the gateway's rate limit (50 a second each), four more sockets
// connect, join and close again without pause, and a second socket of the person sends
// resume at the rate limit. The AI answers every move within its thinking time and slack.
func TestGriefing(t *testing.T) {
	srv := &server{url: os.Getenv(GriefURLEnv)}
	if srv.url == "" {
		srv = startServer(t, "--store", "memory")
	}
	wsURL := "ws" + strings.TrimPrefix(srv.url, "http") + "/ws"
	a := dialWS(t, srv)
	a.send(map[string]any{"action": "create", "game": "checkers", "options": map[string]any{}})
	ja, _ := a.joinedAndState()
	id, tok := roomID(ja), ja.Token
	a.send(map[string]any{"action": "fillAI", "room": id, "token": tok, "level": "advanced"})
	a.state(func(x *snapshot) bool { return x.Status == "playing" })

	ctx, stop := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	var sent, limited, churns, dialErrs atomic.Int64
	drain := func(c *websocket.Conn) {
		for {
			_, b, err := c.Read(ctx)
			if err != nil {
				return
			}
			if strings.Contains(string(b), `"rate-limited"`) {
				limited.Add(1)
			}
		}
	}
	dial := func() *websocket.Conn {
		dctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		c, _, err := websocket.Dial(dctx, wsURL, nil)
		if err != nil {
			if ctx.Err() == nil {
				dialErrs.Add(1)
			}
			return nil
		}
		c.SetReadLimit(1 << 20)
		return c
	}
	atRate := func(msg []byte) { // one socket sending msg 50 times a second
		defer wg.Done()
		c := dial()
		if c == nil {
			return
		}
		defer c.CloseNow()
		go drain(c)
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
				if c.Write(ctx, websocket.MessageText, msg) == nil {
					sent.Add(1)
				}
			}
		}
	}
	join, _ := json.Marshal(map[string]any{"action": "join", "room": id})
	resume, _ := json.Marshal(map[string]any{"action": "resume", "room": id, "token": tok})
	for i := 0; i < 10; i++ {
		wg.Add(1)
		go atRate(join)
	}
	wg.Add(1)
	go atRate(resume)
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				c := dial()
				if c == nil {
					continue
				}
				if c.Write(ctx, websocket.MessageText, join) == nil {
					sent.Add(1)
					c.Read(ctx) // joined (or an error)
					churns.Add(1)
				}
				c.CloseNow()
			}
		}()
	}

	var worst time.Duration
	const moves = 4
	for k := 0; k < moves; k++ {
		st := a.state(func(x *snapshot) bool { return x.ToMove == 0 || x.Status != "playing" })
		if st.Status != "playing" {
			break
		}
		a.send(map[string]any{"action": "move", "room": id, "token": tok, "ply": st.Ply, "move": pick(st)})
		began := time.Now()
		a.state(func(x *snapshot) bool { return x.Ply >= st.Ply+2 || x.Status != "playing" })
		took := time.Since(began)
		worst = max(worst, took)
		if took > aiThink+aiSlack {
			t.Errorf("the AI answered the move at ply %d after %v (think %v, slack %v)", st.Ply, took, aiThink, aiSlack)
		}
	}
	stop()
	wg.Wait()
	t.Logf("AI answers: worst %v over %d moves; griefers sent %d messages (%d refused rate-limited), %d connect-join-close cycles, %d failed dials",
		worst.Round(time.Millisecond), moves, sent.Load(), limited.Load(), churns.Load(), dialErrs.Load())
}
