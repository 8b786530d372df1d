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

	"madang/infra/local"
)

// FloodURLEnv names a running `madang serve` (http://HOST:PORT) for TestAIAnswersInAFloodedRoom to attack
// instead of starting one in-process, so that the server's CPU and memory can be measured
// on their own (PROTOCOL.md, Limits).
const FloodURLEnv = "MADANG_FLOOD_URL"

// aiThink is the advanced level's thinking time (seed 001), and aiSlack what the write and
// the frames may add under attack.
const (
	aiThink = 1500 * time.Millisecond
	aiSlack = 1500 * time.Millisecond
)

// A person plays the advanced AI at checkers while others grief the room: ten
// spectators send join at the gateway's rate limit (50 a second each), four more sockets
// connect, join and close again without pause, a second socket of the person sends resume
// at the rate limit, and one more spectator floods join at four times the rate (bursts of
// twice the burst allowance each second). The attack must be seen to get through before the
// first move and again after the last one (every griefer at the rate sent and was answered,
// every churn loop joined, the flood was refused rate-limited), and the AI answers every
// move within its thinking time and slack. A server given by FloodURLEnv must run with the
// default limits.
func TestAIAnswersInAFloodedRoom(t *testing.T) {
	srv := &server{url: os.Getenv(FloodURLEnv)}
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
	defer func() { stop(); wg.Wait() }() // also when an assertion below ends the test
	var dialErrs atomic.Int64
	// attacker counts what one griefer sent, what the server answered it, and how often its
	// socket was dropped.
	type attacker struct{ sent, joined, limited, dropped atomic.Int64 }
	drain := func(c *websocket.Conn, at *attacker) {
		for {
			_, b, err := c.Read(ctx)
			if err != nil {
				return
			}
			switch s := string(b); {
			case strings.Contains(s, `"rate-limited"`):
				at.limited.Add(1)
			case strings.Contains(s, `"type":"joined"`):
				at.joined.Add(1)
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
	// attack sends batch copies of msg every period until the end, from one socket at a
	// time: the server drops a socket that does not read its frames fast enough (more than
	// outQueue waiting, which a starved reader on a loaded machine can reach), and a griefer
	// then dials again.
	attack := func(at *attacker, msg []byte, period time.Duration, batch int) {
		defer wg.Done()
		tick := time.NewTicker(period)
		defer tick.Stop()
		for ctx.Err() == nil {
			c := dial()
			if c == nil {
				select { // a pause before dialling again
				case <-ctx.Done():
				case <-tick.C:
				}
				continue
			}
			drained := make(chan struct{})
			go func() { drain(c, at); close(drained) }()
		sending:
			for {
				select {
				case <-ctx.Done():
					break sending
				case <-tick.C:
					for i := 0; i < batch; i++ {
						if c.Write(ctx, websocket.MessageText, msg) != nil {
							if ctx.Err() == nil {
								at.dropped.Add(1)
							}
							break sending
						}
						at.sent.Add(1)
					}
				}
			}
			c.CloseNow()
			<-drained
		}
	}
	join, _ := json.Marshal(map[string]any{"action": "join", "room": id})
	resume, _ := json.Marshal(map[string]any{"action": "resume", "room": id, "token": tok})
	atRate := make([]*attacker, 11) // ten spectators' joins, then the person's resumes
	for i := range atRate {
		atRate[i] = new(attacker)
		msg := join
		if i == len(atRate)-1 {
			msg = resume
		}
		wg.Add(1)
		go attack(atRate[i], msg, time.Second/local.RatePerSecond, 1)
	}
	flood := new(attacker)
	wg.Add(1)
	go attack(flood, join, time.Second, 2*local.RateBurst)
	churns := make([]atomic.Int64, 4) // connect-join-close cycles answered joined, per loop
	for i := range churns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				c := dial()
				if c == nil {
					continue
				}
				if c.Write(ctx, websocket.MessageText, join) == nil {
					for k := 0; k < 4; k++ { // joined (the room's state may come first), or an error
						_, b, err := c.Read(ctx)
						if err != nil || strings.Contains(string(b), `"type":"error"`) {
							break
						}
						if strings.Contains(string(b), `"type":"joined"`) {
							churns[i].Add(1)
							break
						}
					}
				}
				c.CloseNow()
			}
		}()
	}

	// got is what every attacker had got through at one moment.
	type got struct {
		sent, joined []int64 // per griefer at the rate
		churns       []int64 // per churn loop
		limited      int64   // the flood's refusals
	}
	now := func() got {
		var g got
		for _, at := range atRate {
			g.sent, g.joined = append(g.sent, at.sent.Load()), append(g.joined, at.joined.Load())
		}
		for i := range churns {
			g.churns = append(g.churns, churns[i].Load())
		}
		g.limited = flood.limited.Load()
		return g
	}
	dropped := func() int64 {
		n := flood.dropped.Load()
		for _, at := range atRate {
			n += at.dropped.Load()
		}
		return n
	}
	// through waits until every attacker has got past since: each griefer at the rate sent
	// minSent more messages and was answered joined again, each churn loop joined again,
	// and the flood was refused again. The deadline is generous: at the rate, minSent
	// messages take 0.2 s.
	const minSent = 10
	through := func(when string, since got) got {
		t.Helper()
		deadline := time.Now().Add(30 * time.Second)
		for {
			g, ok := now(), true
			for i := range g.sent {
				ok = ok && g.sent[i] >= since.sent[i]+minSent && g.joined[i] > since.joined[i]
			}
			for i := range g.churns {
				ok = ok && g.churns[i] > since.churns[i]
			}
			ok = ok && g.limited > since.limited
			if ok {
				return g
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s, the attack did not get through within 30 s: sent %v and answered joined %v (griefers at the rate, the last resumes), churn loops joined %v, flood refused rate-limited %d times (sent %d), %d failed dials, %d sockets dropped",
					when, g.sent, g.joined, g.churns, g.limited, flood.sent.Load(), dialErrs.Load(), dropped())
			}
			// the person's socket hears every join and leave of the churn loops, which on a
			// quiet machine run thousands a second: read them away while waiting, or its
			// buffer fills and the server drops it as a slow reader
			for len(a.frames) > 0 {
				<-a.frames
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	zero := got{sent: make([]int64, len(atRate)), joined: make([]int64, len(atRate)), churns: make([]int64, len(churns))}
	before := through("before the first move", zero)

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
	// Still getting through after the moves: no attacker fell away while the AI played.
	through("after the last move", before)
	stop()
	wg.Wait()
	g := now()
	var sent, joined, churned int64
	for i := range g.sent {
		sent, joined = sent+g.sent[i], joined+g.joined[i]
	}
	for _, n := range g.churns {
		churned += n
	}
	t.Logf("AI answers: worst %v over %d moves; griefers at the rate sent %d messages (%d answered joined), the flood %d (%d refused rate-limited); %d connect-join-close cycles joined; %d failed dials, %d sockets dropped by the server",
		worst.Round(time.Millisecond), moves, sent, joined, flood.sent.Load(), flood.limited.Load(), churned, dialErrs.Load(), dropped())
}
