// Package wstest is the WebSocket client of the end-to-end tests: it dials a gateway (the
// local one of `madang serve`, or the same gateway in Lambda mode in front of the real
// Lambda binaries), sends protocol messages (functions/room/PROTOCOL.md) and waits for the
// frames the server posts, with a bounded deadline and never a timed assertion. Shared by
// infra/cmd/madang and infra/awse2e.
package wstest

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/coder/websocket"

	"madang/rules"
)

// Wait is how long Next waits for a frame before the test fails.
const Wait = 20 * time.Second

// Snapshot is the room snapshot of a state frame (the fields the tests read).
type Snapshot struct {
	ID      string   `json:"id"`
	Game    string   `json:"game"`
	Version int64    `json:"version"`
	Status  string   `json:"status"`
	Phase   string   `json:"phase"`
	Ply     int      `json:"ply"`
	Moves   []string `json:"moves"`
	ToMove  int      `json:"toMove"`
	Legal   []string `json:"legal"`
	Seats   []struct {
		Kind      string `json:"kind"`
		Connected bool   `json:"connected"`
		AI        bool   `json:"ai"`
		AwaySince *int64 `json:"awaySince"`
	} `json:"seats"`
	Spectators int `json:"spectators"`
	Result     *struct {
		Winner *int   `json:"winner"`
		Reason string `json:"reason"`
	} `json:"result"`
	// Raw is the snapshot's JSON as received.
	Raw string `json:"-"`
}

// Frame is one server frame; Snap is its snapshot when it is a state frame. Frames that
// are not protocol frames (API Gateway's {"message":"Internal server error",...} when an
// integration fails) have an empty Type and keep their text in Text.
type Frame struct {
	Type    string          `json:"type"`
	ID      json.RawMessage `json:"id"`
	Code    string          `json:"code"`
	Seat    *int            `json:"seat"`
	Token   string          `json:"token"`
	Room    json.RawMessage `json:"room"`
	Message string          `json:"message"`
	Snap    *Snapshot       `json:"-"`
	Text    string          `json:"-"`
}

// Client is one socket. Frames receives every frame read, in order, and is closed when the
// socket ends.
type Client struct {
	T      testing.TB
	C      *websocket.Conn
	Frames chan Frame
	// Resp is the upgrade's HTTP response.
	Resp *http.Response
}

// Dial opens a socket to wsURL ("ws://host/ws") and starts reading it; the socket is
// closed when the test ends. A refused upgrade fails the test (see TryDial).
func Dial(t testing.TB, wsURL string) *Client {
	t.Helper()
	c, err := TryDial(t, wsURL, nil)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TryDial is Dial that returns the upgrade's error (with the response in it, for a status
// the gateway refused with) instead of failing the test. header may be nil.
func TryDial(t testing.TB, wsURL string, header http.Header) (*Client, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), Wait)
	defer cancel()
	c, resp, err := websocket.Dial(ctx, wsURL, &websocket.DialOptions{HTTPHeader: header})
	if err != nil {
		return &Client{T: t, Resp: resp}, err
	}
	c.SetReadLimit(1 << 20)
	cl := &Client{T: t, C: c, Frames: make(chan Frame, 4096), Resp: resp}
	go func() {
		defer close(cl.Frames)
		for {
			_, b, err := c.Read(context.Background())
			if err != nil {
				return
			}
			var f Frame
			if json.Unmarshal(b, &f) != nil {
				continue
			}
			f.Text = string(b)
			if f.Type == "state" {
				f.Snap = &Snapshot{Raw: string(f.Room)}
				json.Unmarshal(f.Room, f.Snap)
			}
			cl.Frames <- f
		}
	}()
	t.Cleanup(func() { c.CloseNow() })
	return cl, nil
}

// SendRaw writes one text frame.
func (c *Client) SendRaw(b []byte) {
	c.T.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := c.C.Write(ctx, websocket.MessageText, b); err != nil {
		c.T.Fatal(err)
	}
}

// Send writes m as JSON.
func (c *Client) Send(m map[string]any) {
	c.T.Helper()
	b, _ := json.Marshal(m)
	c.SendRaw(b)
}

// Next returns the first frame that satisfies ok, dropping the others; the test fails
// when the socket closes first or none comes within Wait.
func (c *Client) Next(ok func(Frame) bool) Frame {
	c.T.Helper()
	return c.NextWithin(Wait, ok)
}

// NextWithin is Next with another deadline (the away timer's 45 s).
func (c *Client) NextWithin(d time.Duration, ok func(Frame) bool) Frame {
	c.T.Helper()
	timeout := time.After(d)
	for {
		select {
		case f, open := <-c.Frames:
			if !open {
				c.T.Fatal("socket closed")
			}
			if ok(f) {
				return f
			}
		case <-timeout:
			c.T.Fatal("timed out waiting for a frame")
		}
	}
}

// State returns the first state frame whose snapshot satisfies ok.
func (c *Client) State(ok func(*Snapshot) bool) *Snapshot {
	c.T.Helper()
	return c.Next(func(f Frame) bool { return f.Snap != nil && ok(f.Snap) }).Snap
}

// StateWithin is State with another deadline.
func (c *Client) StateWithin(d time.Duration, ok func(*Snapshot) bool) *Snapshot {
	c.T.Helper()
	return c.NextWithin(d, func(f Frame) bool { return f.Snap != nil && ok(f.Snap) }).Snap
}

// Reply returns the frame that echoes id (a string id).
func (c *Client) Reply(id string) Frame {
	c.T.Helper()
	return c.Next(func(f Frame) bool { return string(f.ID) == `"`+id+`"` })
}

// JoinedAndState answers create, join and resume: the joined frame and the state after
// it; an error frame instead fails the test.
func (c *Client) JoinedAndState() (Frame, *Snapshot) {
	c.T.Helper()
	j := c.Next(func(f Frame) bool { return f.Type == "joined" || f.Type == "error" })
	if j.Type == "error" {
		c.T.Fatalf("refused: %s", j.Code)
	}
	return j, c.State(func(*Snapshot) bool { return true })
}

// RoomID is the room id of a joined frame.
func RoomID(f Frame) string {
	var id string
	json.Unmarshal(f.Room, &id)
	return id
}

// Pick chooses a legal move deterministically but not always the first.
func Pick(st *Snapshot) string { return st.Legal[(st.Ply*7+3)%len(st.Legal)] }

// CheckResult replays the moves with the rules and checks the room's result against them.
func CheckResult(t testing.TB, st *Snapshot) {
	t.Helper()
	g, ok := rules.Lookup(st.Game)
	if !ok {
		t.Fatalf("game %q is not registered (import its rules)", st.Game)
	}
	s0, err := g.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	s, n, err := rules.Replay(s0, st.Moves)
	if err != nil || n != len(st.Moves) {
		t.Fatalf("moves do not replay: %d %v", n, err)
	}
	o := s.Outcome()
	if !o.Over() || st.Result == nil || st.Result.Reason != o.Reason.String() {
		t.Fatalf("room result %+v, rules say %+v", st.Result, o)
	}
	if (st.Result.Winner == nil) != (o.Status != rules.Win) || (st.Result.Winner != nil && *st.Result.Winner != int(o.Winner)) {
		t.Fatalf("winner %v, rules say %v", st.Result.Winner, o.Winner)
	}
}
