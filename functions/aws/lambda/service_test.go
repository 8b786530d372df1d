package lambda_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	mgmt "github.com/aws/aws-sdk-go-v2/service/apigatewaymanagementapi"
	sqsapi "github.com/aws/aws-sdk-go-v2/service/sqs"

	"madang/functions/aws/apigateway"
	"madang/functions/aws/lambda"
	"madang/functions/aws/sqs"
	"madang/functions/room"
	"madang/functions/store/dynamodb"
	"madang/functions/store/memory"
	"madang/internal/trackgame"
)

// management is a fake API Gateway management endpoint: it keeps the frames posted to each
// connection and answers 410 Gone for connections marked gone.
type management struct {
	mu     sync.Mutex
	frames map[string][]map[string]any
	gone   map[string]bool
}

func (m *management) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	id, ok := strings.CutPrefix(r.URL.Path, "/prod/@connections/")
	if r.Method != http.MethodPost || !ok {
		http.Error(w, "no route", http.StatusNotFound)
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.gone[id] {
		w.Header().Set("X-Amzn-Errortype", "GoneException")
		w.WriteHeader(http.StatusGone)
		_, _ = io.WriteString(w, `{"message":null}`)
		return
	}
	var f map[string]any
	b, _ := io.ReadAll(r.Body)
	if err := json.Unmarshal(b, &f); err != nil {
		http.Error(w, "not json", http.StatusBadRequest)
		return
	}
	m.frames[id] = append(m.frames[id], f)
	w.WriteHeader(http.StatusOK)
}

// fakeManagement starts a fake @connections management API for the test and returns it with
// a real apigatewaymanagementapi client pointed at it.
func fakeManagement(t *testing.T) (*management, *mgmt.Client) {
	t.Helper()
	m := &management{frames: map[string][]map[string]any{}, gone: map[string]bool{}}
	srv := httptest.NewServer(m)
	t.Cleanup(srv.Close)
	client := mgmt.New(mgmt.Options{Region: "eu-west-1", BaseEndpoint: aws.String(srv.URL + "/prod"),
		Credentials: credentials.NewStaticCredentialsProvider("k", "s", "")})
	return m, client
}

// lastRoom is the room of the last state frame among frames, or nil when there is none.
func lastRoom(frames []map[string]any) map[string]any {
	var last map[string]any
	for _, f := range frames {
		if f["type"] == "state" {
			last = f["room"].(map[string]any)
		}
	}
	return last
}

// take returns and forgets the frames posted to a connection.
func (m *management) take(id string) []map[string]any {
	m.mu.Lock()
	defer m.mu.Unlock()
	f := m.frames[id]
	delete(m.frames, id)
	return f
}

type fixedClock struct{ t time.Time }

func (c fixedClock) Now() time.Time { return c.t }

// stores returns the stores the test runs on: memory always, DynamoDB Local when
// MADANG_DYNAMODB_ENDPOINT is set.
func stores(t *testing.T) map[string]func(t *testing.T) room.Store {
	out := map[string]func(t *testing.T) room.Store{
		"memory": func(t *testing.T) room.Store { return memory.New() },
	}
	if ep := os.Getenv("MADANG_DYNAMODB_ENDPOINT"); ep != "" {
		out["dynamodb"] = func(t *testing.T) room.Store {
			ctx := context.Background()
			c, err := dynamodb.NewClient(ctx, ep)
			if err != nil {
				t.Fatal(err)
			}
			table := "handler-" + strings.ReplaceAll(time.Now().Format("150405.000000000"), ".", "")
			if err := dynamodb.CreateTable(ctx, c, table); err != nil {
				t.Fatal(err)
			}
			return dynamodb.New(c, table)
		}
	}
	return out
}

func ws(route, conn, body string) events.APIGatewayWebsocketProxyRequest {
	return events.APIGatewayWebsocketProxyRequest{
		Body: body,
		RequestContext: events.APIGatewayWebsocketProxyRequestContext{
			RouteKey: route, ConnectionID: conn, Stage: "prod",
			DomainName: "abc123.execute-api.eu-west-1.amazonaws.com", APIID: "abc123",
		},
	}
}

// TestGoneConnectionMarksSeatAway plays through the Lambda handlers with the real room
// service and the real management-API notifier against a fake endpoint: when a post to a
// seat's connection answers 410 Gone, the connection is dropped and its seat shown away.
func TestGoneConnectionMarksSeatAway(t *testing.T) {
	room.RegisterPolicy(trackgame.ID, room.Policy{})
	for name, open := range stores(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			m, client := fakeManagement(t)
			store := open(t)
			now := time.Date(2036, 11, 30, 12, 0, 0, 0, time.UTC)
			log := slog.New(slog.NewTextHandler(io.Discard, nil))
			svc := room.New(room.Deps{Store: store, Notifier: apigateway.New(client), Clock: fixedClock{now}, Log: log})
			connect, disconnect, message := lambda.Connect(svc, log), lambda.Disconnect(svc, log), lambda.Message(svc, log)

			send := func(h lambda.WebSocket, req events.APIGatewayWebsocketProxyRequest) {
				t.Helper()
				resp, err := h(ctx, req)
				if err != nil || resp.StatusCode != 200 {
					t.Fatalf("%s from %s: status %d, %v", req.RequestContext.RouteKey, req.RequestContext.ConnectionID, resp.StatusCode, err)
				}
			}
			send(connect, ws("$connect", "A", ""))
			send(connect, ws("$connect", "B", ""))
			send(message, ws("create", "A", `{"action":"create","id":1,"game":"track","options":{}}`))
			fa := m.take("A")
			if len(fa) < 2 || fa[0]["type"] != "joined" || fa[1]["type"] != "state" {
				t.Fatalf("create: frames to A %v, want joined then state", fa)
			}
			roomID, _ := fa[0]["room"].(string)
			send(message, ws("join", "B", `{"action":"join","room":"`+roomID+`"}`))
			fb := m.take("B")
			if len(fb) < 2 || fb[0]["type"] != "joined" || fb[0]["seat"] != 1.0 {
				t.Fatalf("join: frames to B %v, want joined seat 1", fb)
			}
			tokenA, _ := fa[0]["token"].(string)
			m.take("A")

			// B's socket is gone without a $disconnect reaching us; A moves.
			m.mu.Lock()
			m.gone["B"] = true
			m.mu.Unlock()
			send(message, ws("move", "A", `{"action":"move","id":2,"room":"`+roomID+`","token":"`+tokenA+`","ply":0,"move":"+1"}`))

			if _, err := store.GetConn(ctx, "B", now); !errors.Is(err, room.ErrNotFound) {
				t.Errorf("gone connection B still stored: %v", err)
			}
			var last map[string]any
			for _, f := range m.take("A") {
				if f["type"] == "state" {
					last = f
				}
			}
			if last == nil {
				t.Fatal("A got no state after its move")
			}
			snap := last["room"].(map[string]any)
			seat1 := snap["seats"].([]any)[1].(map[string]any)
			if seat1["connected"] != false || seat1["awaySince"] == nil {
				t.Errorf("seat 1 after 410: %v, want connected false and awaySince set", seat1)
			}
			if snap["ply"] != 1.0 {
				t.Errorf("ply %v, want 1", snap["ply"])
			}
			// The real $disconnect arriving later is harmless.
			send(disconnect, ws("$disconnect", "B", ""))
		})
	}
}

// queue is an SQS API that keeps sent messages, as the delay queue would before delivery.
type queue struct {
	mu   sync.Mutex
	sent []*sqsapi.SendMessageInput
}

func (q *queue) SendMessage(_ context.Context, in *sqsapi.SendMessageInput, _ ...func(*sqsapi.Options)) (*sqsapi.SendMessageOutput, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.sent = append(q.sent, in)
	return &sqsapi.SendMessageOutput{MessageId: aws.String(fmt.Sprint("m", len(q.sent)))}, nil
}

type movingClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *movingClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *movingClock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// TestAwayTimerThroughDelayQueue: a person who disconnects in a game whose policy lets the AI
// play for persons away 45 s (seed 000) gets an away check on the delay queue with
// DelaySeconds 45; when the AI function receives that message as an SQS event 45 s later, the
// seat is played by the AI.
func TestAwayTimerThroughDelayQueue(t *testing.T) {
	game := trackgame.ID
	room.RegisterPolicy(game, room.Policy{AwayAI: 45 * time.Second})
	defer room.RegisterPolicy(game, room.Policy{})
	ctx := context.Background()
	m, client := fakeManagement(t)
	q := &queue{}
	clock := &movingClock{t: time.Date(2036, 11, 30, 12, 0, 0, 0, time.UTC)}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	svc := room.New(room.Deps{Store: memory.New(), Notifier: apigateway.New(client), Clock: clock, Log: log,
		Scheduler: sqs.New(q, "https://sqs.eu-west-1.amazonaws.com/1/delay")})
	message, disconnect := lambda.Message(svc, log), lambda.Disconnect(svc, log)

	if _, err := message(ctx, ws("create", "A", `{"action":"create","game":"`+game+`","options":{}}`)); err != nil {
		t.Fatal(err)
	}
	roomID, _ := m.take("A")[0]["room"].(string)
	if _, err := message(ctx, ws("join", "B", `{"action":"join","room":"`+roomID+`"}`)); err != nil {
		t.Fatal(err)
	}
	if _, err := disconnect(ctx, ws("$disconnect", "B", "")); err != nil {
		t.Fatal(err)
	}
	q.mu.Lock()
	sent := append([]*sqsapi.SendMessageInput(nil), q.sent...)
	q.mu.Unlock()
	if len(sent) != 1 || sent[0].DelaySeconds != 45 {
		t.Fatalf("delay queue got %d messages (first %+v), want one with DelaySeconds 45", len(sent), sent)
	}
	m.take("A")

	clock.add(45 * time.Second)
	ev := events.SQSEvent{Records: []events.SQSMessage{{MessageId: "m1", Body: *sent[0].MessageBody, EventSource: "aws:sqs"}}}
	payload, _ := json.Marshal(ev)
	resp, err := lambda.AI(svc, log)(ctx, payload)
	if err != nil || resp == nil || len(resp.BatchItemFailures) != 0 {
		t.Fatalf("AI handler on the delay message: %+v, %v", resp, err)
	}
	last := lastRoom(m.take("A"))
	if last == nil {
		t.Fatal("no state after the away check")
	}
	if seat1 := last["seats"].([]any)[1].(map[string]any); seat1["ai"] != true {
		t.Errorf("seat 1 after 45 s away: %v, want ai true", seat1)
	}
}

// TestDisconnectAtTheCutoff: API Gateway closes every socket after 2 h and sends $disconnect
// then (or a little later); the connection record must still be there, so that the seat is
// shown away rather than connected for good.
func TestDisconnectAtTheCutoff(t *testing.T) {
	room.RegisterPolicy(trackgame.ID, room.Policy{})
	for name, open := range stores(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			m, client := fakeManagement(t)
			clock := &movingClock{t: time.Date(2036, 11, 30, 12, 0, 0, 0, time.UTC)}
			log := slog.New(slog.NewTextHandler(io.Discard, nil))
			svc := room.New(room.Deps{Store: open(t), Notifier: apigateway.New(client), Clock: clock, Log: log})
			connect, disconnect, message := lambda.Connect(svc, log), lambda.Disconnect(svc, log), lambda.Message(svc, log)
			for _, req := range []events.APIGatewayWebsocketProxyRequest{
				ws("$connect", "A", ""), ws("$connect", "B", ""),
				ws("create", "A", `{"action":"create","game":"track","options":{}}`),
			} {
				h := message
				if req.RequestContext.RouteKey == "$connect" {
					h = connect
				}
				if resp, err := h(ctx, req); err != nil || resp.StatusCode != 200 {
					t.Fatalf("%s: %d %v", req.RequestContext.RouteKey, resp.StatusCode, err)
				}
			}
			roomID, _ := m.take("A")[0]["room"].(string)
			if resp, err := message(ctx, ws("join", "B", `{"action":"join","room":"`+roomID+`"}`)); err != nil || resp.StatusCode != 200 {
				t.Fatalf("join: %d %v", resp.StatusCode, err)
			}
			m.take("A")
			m.take("B")

			// A's socket reaches API Gateway's 2 h limit; its $disconnect comes a minute late.
			clock.add(room.MaxConnection + time.Minute)
			if resp, err := disconnect(ctx, ws("$disconnect", "A", "")); err != nil || resp.StatusCode != 200 {
				t.Fatalf("$disconnect: %d %v", resp.StatusCode, err)
			}
			last := lastRoom(m.take("B"))
			if last == nil {
				t.Fatal("B got no state after A's $disconnect at the cutoff: the connection record had expired")
			}
			if seat0 := last["seats"].([]any)[0].(map[string]any); seat0["connected"] != false {
				t.Errorf("seat 0 after its $disconnect: %v, want connected false", seat0)
			}
		})
	}
}

// TestRateLimitedSocket: through the message handler as the message function wires it
// (MessageFunction: SocketRate in front of the room service), a socket sending more than
// its burst at once gets rate-limited error frames for the excess, which never reach the
// service; a second later it may send room.MessagesPerSecond more, and another socket is not
// affected.
func TestRateLimitedSocket(t *testing.T) {
	ctx := context.Background()
	m, client := fakeManagement(t)
	clock := &movingClock{t: time.Date(2036, 11, 30, 12, 0, 0, 0, time.UTC)}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	notifier := apigateway.New(client)
	svc := room.New(room.Deps{Store: memory.New(), Notifier: notifier, Clock: clock, Log: log})
	limit := lambda.NewSocketRate(room.MessagesPerSecond, room.MessageBurst)
	message := lambda.RateLimited(limit, notifier, clock, log, lambda.Message(svc, log))

	count := func(conn string) (pongs, limited int) {
		for _, f := range m.take(conn) {
			switch {
			case f["type"] == "pong":
				pongs++
			case f["type"] == "error" && f["code"] == room.CodeRateLimited:
				limited++
			default:
				t.Errorf("unexpected frame %v", f)
			}
		}
		return
	}
	send := func(conn string, n int) {
		for i := 0; i < n; i++ {
			resp, err := message(ctx, ws("ping", conn, `{"action":"ping"}`))
			if err != nil || resp.StatusCode != 200 {
				t.Fatalf("ping %d: %d %v", i, resp.StatusCode, err)
			}
		}
	}
	send("A", room.MessageBurst+7)
	if pongs, limited := count("A"); pongs != room.MessageBurst || limited != 7 {
		t.Fatalf("a burst of %d: %d pongs and %d rate-limited, want %d and 7", room.MessageBurst+7, pongs, limited, room.MessageBurst)
	}
	send("B", 1)
	if pongs, limited := count("B"); pongs != 1 || limited != 0 {
		t.Fatalf("socket B: %d pongs, %d rate-limited, want 1 and 0", pongs, limited)
	}
	clock.add(time.Second)
	send("A", room.MessagesPerSecond+1)
	if pongs, limited := count("A"); pongs != room.MessagesPerSecond || limited != 1 {
		t.Fatalf("1 s later: %d pongs and %d rate-limited, want %d and 1", pongs, limited, room.MessagesPerSecond)
	}
}
