package awse2e

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	_ "madang/games/allrules" // every game's rules and room rules
	"madang/internal/wstest"
)

// gameInfo is what a test played in a room, for the report.
type gameInfo struct {
	Label   string `json:"label"`
	Game    string `json:"game"`
	Mode    string `json:"mode"` // "human-vs-human", "vs-AI <level>", ...
	Plies   int    `json:"plies"`
	Rolls   int    `json:"rolls"` // dice entries among the plies (backgammon)
	Sockets int    `json:"sockets"`
	Over    bool   `json:"over"`
	Note    string `json:"note,omitempty"`
}

func (s *stack) record(room string, g *gameInfo) {
	s.mu.Lock()
	s.games[room] = g
	s.mu.Unlock()
}

type seat struct {
	c     *wstest.Client
	token string
}

func (s *stack) dial(t *testing.T) *wstest.Client { return wstest.Dial(t, s.wsURL) }

// create makes a room of game with options; the creator holds seat 0.
func (s *stack) create(t *testing.T, game string, options map[string]any) (string, seat) {
	a := s.dial(t)
	a.Send(map[string]any{"action": "create", "game": game, "options": options})
	j, _ := a.JoinedAndState()
	return wstest.RoomID(j), seat{a, j.Token}
}

func (s *stack) join(t *testing.T, room string) (seat, *wstest.Snapshot) {
	b := s.dial(t)
	b.Send(map[string]any{"action": "join", "room": room})
	j, st := b.JoinedAndState()
	return seat{b, j.Token}, st
}

func countRolls(moves []string) int {
	n := 0
	for _, m := range moves {
		if len(m) == 3 && m[1] == '-' && m[0] >= '1' && m[0] <= '6' && m[2] >= '1' && m[2] <= '6' {
			n++
		}
	}
	return n
}

// play drives the room from st until it is over or maxPly is reached: a person's seat
// (in seats) rolls or plays a legal move (wstest.Pick), an AI seat is waited for; watcher
// sees every state. before, when set, runs before each ply (to change the seats).
func play(t *testing.T, room string, watcher *wstest.Client, seats map[int]seat, st *wstest.Snapshot, maxPly int, before func(*wstest.Snapshot)) *wstest.Snapshot {
	t.Helper()
	for st.Status == "playing" && st.Ply < maxPly {
		if before != nil {
			before(st)
		}
		if p, ok := seats[st.ToMove]; ok && !st.Seats[st.ToMove].AI {
			if st.Phase == "roll" {
				p.c.Send(map[string]any{"action": "roll", "room": room, "token": p.token, "ply": st.Ply})
			} else {
				p.c.Send(map[string]any{"action": "move", "room": room, "token": p.token, "ply": st.Ply, "move": wstest.Pick(st)})
			}
		}
		ply := st.Ply
		st = watcher.StateWithin(90*time.Second, func(x *wstest.Snapshot) bool { return x.Ply > ply || x.Status != "playing" })
	}
	return st
}

func TestAWS(t *testing.T) {
	s := startStack(t)
	// Serial first: the lost $disconnect below needs the only $disconnect in flight to be
	// its own.
	t.Run("closed socket", s.testClosedSocket)
	// Serial too: FailNext and DuplicateNext act on whichever invocations of the AI function
	// come next.
	t.Run("lost AI turn", s.testLostAITurn)
	t.Run("duplicated AI turn", s.testDuplicatedAITurn)
	// The subtests that mostly wait on the service's timers (30 s ProbeAfter, the 45 s away
	// time) run beside the parallel group without taking one of its -parallel slots
	// (GOMAXPROCS by default: 2 here, where they held both for most of a minute). The lost
	// $disconnect is one socket's (lossyDisconnect): the others keep theirs.
	var waiting sync.WaitGroup
	for _, w := range []struct {
		name string
		f    func(*testing.T)
	}{{"lost disconnect", s.testLostDisconnect}, {"away timer", s.testAway}} {
		waiting.Add(1)
		go func() { defer waiting.Done(); t.Run(w.name, w.f) }()
	}
	t.Run("parallel", func(t *testing.T) {
		t.Run("rooms nobody watches", func(t *testing.T) { t.Parallel(); s.testUnwatched(t) })
		for _, g := range []struct {
			game  string
			max   int
			label string
		}{{"checkers", 600, "checkers"}, {"draughts", 600, "draughts"}, {"chinese-checkers", 200, "chinese-checkers"}, {"backgammon", 1500, "backgammon"}} {
			t.Run(g.label+" human-vs-human", func(t *testing.T) { t.Parallel(); s.testHumans(t, g.game, g.max) })
		}
		// Against the AI: to the end where the search is cheap, a bounded number of plies
		// at the advanced level (1.5 s a move).
		for _, v := range []struct {
			game, level string
			max         int
		}{{"checkers", "beginner", 400}, {"checkers", "intermediate", 400}, {"checkers", "advanced", 24},
			{"draughts", "beginner", 400}, {"draughts", "advanced", 16},
			{"backgammon", "beginner", 1500}, {"backgammon", "intermediate", 1500}, {"backgammon", "advanced", 60},
			{"chinese-checkers", "beginner", 60}} {
			t.Run(v.game+" vs AI "+v.level, func(t *testing.T) { t.Parallel(); s.testVsAI(t, v.game, v.level, v.max) })
		}
		t.Run("diamond three seats", func(t *testing.T) { t.Parallel(); s.testDiamond(t) })
		t.Run("malformed events", func(t *testing.T) { t.Parallel(); s.testMalformed(t) })
	})
	waiting.Wait()
	t.Run("cold starts", s.testColdStarts)
	s.report(t)
}

// testClosedSocket: a socket closes and its $disconnect is lost (the disconnect function
// fails once, and API Gateway does not retry $disconnect); the next post to it answers 410
// GoneException and the message function drops the connection: the seat shows away.
func (s *stack) testClosedSocket(t *testing.T) {
	room, a := s.create(t, "checkers", map[string]any{})
	b, _ := s.join(t, room)
	s.svc.FailNext(fnName("DisconnectFunction"), 1)
	b.c.C.CloseNow()
	deadline := time.Now().Add(20 * time.Second)
	for s.gw.Open() > 1 { // the gateway has ended b's socket
		if time.Now().After(deadline) {
			t.Fatal("the closed socket stays open")
		}
		time.Sleep(10 * time.Millisecond)
	}
	a.c.Send(map[string]any{"action": "move", "room": room, "token": a.token, "ply": 0, "move": "11-15"})
	st := a.c.State(func(x *wstest.Snapshot) bool { return x.Ply == 1 && !x.Seats[1].Connected })
	if st.Seats[1].AwaySince == nil {
		t.Fatalf("seat 1 after the post to its closed socket: %+v", st.Seats[1])
	}
	gone := 0
	s.ledger.mu.Lock()
	for _, p := range s.ledger.posts {
		if p.Status == 410 {
			gone++
		}
	}
	s.ledger.mu.Unlock()
	if gone == 0 {
		t.Fatal("no post was answered 410")
	}
	s.record(room, &gameInfo{Label: "closed socket", Game: "checkers", Mode: "human-vs-human", Plies: st.Ply, Sockets: 2, Note: "fault test, not a whole game"})
}

// testHumans plays a whole game between two people (random legal moves), with the
// server's dice in backgammon, to the end or maxPly.
func (s *stack) testHumans(t *testing.T, game string, maxPly int) {
	room, a := s.create(t, game, map[string]any{})
	b, st := s.join(t, room)
	st = play(t, room, a.c, map[int]seat{0: a, 1: b}, st, maxPly, nil)
	g := &gameInfo{Label: game + " human-vs-human", Game: game, Mode: "human-vs-human", Plies: st.Ply, Rolls: countRolls(st.Moves), Sockets: 2, Over: st.Status == "over"}
	if g.Over {
		wstest.CheckResult(t, st)
	} else {
		g.Note = fmt.Sprintf("stopped at ply %d", maxPly)
	}
	s.record(room, g)
	t.Logf("%s: %d plies, over %v", game, st.Ply, g.Over)
}

// testVsAI plays a person against the AI at level for maxPly plies (a game to the end
// against the advanced level takes minutes of search).
func (s *stack) testVsAI(t *testing.T, game, level string, maxPly int) {
	room, a := s.create(t, game, map[string]any{})
	a.c.Send(map[string]any{"action": "fillAI", "room": room, "token": a.token, "level": level})
	st := a.c.State(func(x *wstest.Snapshot) bool { return x.Status == "playing" })
	if st.Seats[1].Kind != "ai" {
		t.Fatalf("seats %+v", st.Seats)
	}
	st = play(t, room, a.c, map[int]seat{0: a}, st, maxPly, nil)
	g := &gameInfo{Label: game + " vs AI " + level, Game: game, Mode: "vs-AI " + level, Plies: st.Ply, Rolls: countRolls(st.Moves), Sockets: 1, Over: st.Status == "over"}
	if g.Over {
		wstest.CheckResult(t, st)
	} else {
		g.Note = fmt.Sprintf("stopped at ply %d", maxPly)
	}
	s.record(room, g)
}

// testDiamond: three-seat diamond, seat 2 filled by the AI; after some plies seat 1's
// person leaves and the AI plays it on (policy leaveToAI).
func (s *stack) testDiamond(t *testing.T) {
	room, a := s.create(t, "diamond", map[string]any{"players": 3})
	b, _ := s.join(t, room)
	a.c.Send(map[string]any{"action": "fillAI", "room": room, "token": a.token})
	st := a.c.State(func(x *wstest.Snapshot) bool { return x.Status == "playing" })
	if len(st.Seats) != 3 || st.Seats[2].Kind != "ai" || st.Seats[1].Kind != "human" {
		t.Fatalf("seats %+v", st.Seats)
	}
	seats := map[int]seat{0: a, 1: b}
	left := false
	st = play(t, room, a.c, seats, st, 150, func(x *wstest.Snapshot) {
		if x.Ply >= 20 && !left {
			left = true
			b.c.Send(map[string]any{"action": "leave", "room": room, "token": b.token, "id": "leave"})
			if r := b.c.Reply("leave"); r.Type == "error" {
				t.Fatalf("leave: %s", r.Code)
			}
			delete(seats, 1)
		}
	})
	if !left || !st.Seats[1].AI {
		t.Fatalf("after the leave: %+v", st.Seats)
	}
	// play waits for every ply of a seat no person plays: the AI played seat 1 after the
	// leave, or play failed on its deadline.
	s.record(room, &gameInfo{Label: "diamond three seats", Game: "diamond", Mode: "2 humans + AI, one leaves to the AI", Plies: st.Ply, Sockets: 2, Over: st.Status == "over",
		Note: "stopped at ply 150 unless over"})
}

// testAway: a star game, the person to move disconnects; 45 s later (the SQS delay, the
// delay queue's event source mapping, the AI function) the AI plays for them.
func (s *stack) testAway(t *testing.T) {
	room, a := s.create(t, "chinese-checkers", map[string]any{})
	b, st := s.join(t, room)
	a.c.Send(map[string]any{"action": "move", "room": room, "token": a.token, "ply": 0, "move": wstest.Pick(st)})
	st = a.c.State(func(x *wstest.Snapshot) bool { return x.Ply == 1 })
	left := time.Now()
	b.c.C.Close(1000, "")
	a.c.State(func(x *wstest.Snapshot) bool { return !x.Seats[1].Connected })
	st = a.c.StateWithin(120*time.Second, func(x *wstest.Snapshot) bool { return x.Ply >= 2 })
	waited := time.Since(left)
	if !st.Seats[1].AI {
		t.Fatalf("seat 1 after the away time: %+v", st.Seats[1])
	}
	if waited < 45*time.Second {
		t.Fatalf("the AI played the away seat after %v, before the 45 s", waited)
	}
	// While away, the AI plays the seat's turns at once.
	a.c.Send(map[string]any{"action": "move", "room": room, "token": a.token, "ply": st.Ply, "move": wstest.Pick(st)})
	a.c.State(func(x *wstest.Snapshot) bool { return x.Ply >= 4 })
	s.record(room, &gameInfo{Label: "away timer", Game: "chinese-checkers", Mode: "human-vs-human, one away", Plies: 4, Sockets: 2,
		Note: fmt.Sprintf("the AI moved for the away seat %.1f s after it left", waited.Seconds())})
}

// testMalformed sends events no gateway or queue would send straight to each function's
// invoke endpoint: none may crash its runtime, and each function serves the next event.
func (s *stack) testMalformed(t *testing.T) {
	ctx := context.Background()
	bad := []string{`{}`, `[]`, `"text"`, `null`, `42`, `{"requestContext":{"connectionId":""}}`,
		`{"requestContext":{"connectionId":"awse2e-probe","routeKey":"move"},"body":"{\"action\":\"move\",\"room\":\"nosuch\"}"}`,
		`{"requestContext":{"connectionId":"awse2e-probe"},"body":"%%%","isBase64Encoded":true}`,
		`{"requestContext":{"connectionId":"awse2e-probe"},"body":"` + strings.Repeat("x", 200<<10) + `"}`,
		`{"Records":"x"}`, `{"Records":[{"messageId":"m1","body":"not json"}]}`, `{"Records":[{"messageId":"m2","body":"{\"room\":\"nosuch\",\"kind\":\"away\",\"version\":1}"}]}`,
		`{"room":"","version":0}`, `{"room":"nosuch","version":5}`}
	ws := func(route, typ string) []byte {
		b, _ := json.Marshal(events.APIGatewayWebsocketProxyRequest{Body: `{"action":"ping"}`, RequestContext: events.APIGatewayWebsocketProxyRequestContext{
			RouteKey: route, EventType: typ, ConnectionID: "awse2e-probe", Stage: "prod", DomainName: "127.0.0.1"}})
		return b
	}
	next := map[string][]byte{
		"ConnectFunction":    ws("$connect", "CONNECT"),
		"MessageFunction":    ws("ping", "MESSAGE"),
		"DisconnectFunction": ws("$disconnect", "DISCONNECT"),
		"AIFunction":         []byte(`{"room":"nosuch","version":1}`),
	}
	for _, id := range []string{"ConnectFunction", "MessageFunction", "DisconnectFunction", "AIFunction"} {
		var answers []string
		for _, p := range bad {
			res, err := s.svc.Invoke(ctx, fnName(id), []byte(p))
			if err != nil {
				t.Fatalf("%s %.60s: %v", id, p, err)
			}
			if res.Exited {
				t.Errorf("%s: the runtime exited on %.80s: %s", id, p, res.Payload)
			}
			answers = append(answers, fmt.Sprintf("%.40s -> %s%.80s", p, map[bool]string{true: "function error ", false: ""}[res.FunctionError != ""], res.Payload))
		}
		res, err := s.svc.Invoke(ctx, fnName(id), next[id])
		if err != nil || res.FunctionError != "" || res.Exited {
			t.Fatalf("%s after the malformed events: %s %v", id, res.Payload, err)
		}
		if id != "AIFunction" {
			var r events.APIGatewayProxyResponse
			if json.Unmarshal(res.Payload, &r) != nil || r.StatusCode != 200 {
				t.Fatalf("%s after the malformed events: %s", id, res.Payload)
			}
		}
		t.Logf("%s: %d malformed events answered, none crashed it:\n  %s", id, len(bad), strings.Join(answers, "\n  "))
	}
}

// testColdStarts: every function started at least one environment, and each start's
// init was seen (INIT REPORT).
func (s *stack) testColdStarts(t *testing.T) {
	for _, st := range s.svc.Stats() {
		if st.Environments < 1 || st.ColdStarts < st.Environments || st.InitMs.Min <= 0 {
			t.Errorf("%s: %d environments, %d inits (%+v)", st.Name, st.Environments, st.ColdStarts, st.InitMs)
		}
	}
}
