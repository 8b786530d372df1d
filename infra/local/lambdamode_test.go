package local

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	mgmt "github.com/aws/aws-sdk-go-v2/service/apigatewaymanagementapi"
	"github.com/aws/aws-sdk-go-v2/service/apigatewaymanagementapi/types"
	"github.com/coder/websocket"
)

// fakeLambda is the Invoke API of one function per path: it records the events and
// answers what answer says.
type fakeLambda struct {
	mu     sync.Mutex
	events map[string][]events.APIGatewayWebsocketProxyRequest // by function name
	got    chan string
	answer func(fn string, ev events.APIGatewayWebsocketProxyRequest) (status int, functionError bool)
}

func (f *fakeLambda) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimSuffix(strings.TrimPrefix(r.URL.Path, "/2015-03-31/functions/"), "/invocations")
	var ev events.APIGatewayWebsocketProxyRequest
	b, _ := io.ReadAll(r.Body)
	if err := json.Unmarshal(b, &ev); err != nil || r.Header.Get("X-Amz-Invocation-Type") != "RequestResponse" {
		http.Error(w, "bad invoke", http.StatusBadRequest)
		return
	}
	f.mu.Lock()
	f.events[name] = append(f.events[name], ev)
	f.mu.Unlock()
	status, fe := 200, false
	if f.answer != nil {
		status, fe = f.answer(name, ev)
	}
	if fe {
		w.Header().Set("X-Amz-Function-Error", "Unhandled")
		w.Write([]byte(`{"errorMessage":"boom","errorType":"errorString"}`))
	} else {
		json.NewEncoder(w).Encode(events.APIGatewayProxyResponse{StatusCode: status})
	}
	f.got <- name + " " + ev.RequestContext.RouteKey
}

func (f *fakeLambda) last(fn string) events.APIGatewayWebsocketProxyRequest {
	f.mu.Lock()
	defer f.mu.Unlock()
	evs := f.events[fn]
	return evs[len(evs)-1]
}

func (f *fakeLambda) wait(t *testing.T, want string) {
	t.Helper()
	select {
	case got := <-f.got:
		if got != want {
			t.Fatalf("invoked %q, want %q", got, want)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("no invoke, want %q", want)
	}
}

func lambdaStack(t *testing.T, fake *fakeLambda, drop bool) (wsURL, mgmtURL string, g *Gateway) {
	t.Helper()
	fs := httptest.NewServer(fake)
	t.Cleanup(fs.Close)
	fn := func(name string) string { return fs.URL + "/2015-03-31/functions/" + name + "/invocations" }
	g, lm := NewLambdaGateway(LambdaConfig{Routes: map[string]string{
		"$connect": fn("connect"), "$disconnect": fn("disconnect"), "$default": fn("message"), "move": fn("message"),
	}}, nil)
	g.DropDisconnect = drop
	mux := http.NewServeMux()
	mux.Handle("/ws", g)
	mux.Handle("/"+lm.Stage()+"/", lm.Management())
	srv := httptest.NewServer(mux)
	t.Cleanup(func() { g.CloseAll(); srv.Close() })
	return "ws" + strings.TrimPrefix(srv.URL, "http") + "/ws", srv.URL + "/" + lm.Stage(), g
}

func mgmtClient(endpoint string) *mgmt.Client {
	return mgmt.New(mgmt.Options{
		Region: "eu-west-1", BaseEndpoint: aws.String(endpoint),
		Credentials: credentials.NewStaticCredentialsProvider("x", "y", ""),
	})
}

func TestLambdaModeConnectBeforeUpgrade(t *testing.T) {
	fake := &fakeLambda{events: map[string][]events.APIGatewayWebsocketProxyRequest{}, got: make(chan string, 16),
		answer: func(fn string, ev events.APIGatewayWebsocketProxyRequest) (int, bool) {
			if fn == "connect" && ev.QueryStringParameters["refuse"] != "" {
				return http.StatusForbidden, false
			}
			if fn == "connect" && ev.QueryStringParameters["fail"] != "" {
				return 0, true
			}
			return 200, false
		}}
	wsURL, _, _ := lambdaStack(t, fake, false)
	ctx := context.Background()
	for q, want := range map[string]int{"?refuse=1": http.StatusForbidden, "?fail=1": http.StatusBadGateway} {
		_, resp, err := websocket.Dial(ctx, wsURL+q, nil)
		if err == nil || resp == nil || resp.StatusCode != want {
			t.Fatalf("%s: dial %v, response %v, want status %d", q, err, resp, want)
		}
		fake.wait(t, "connect $connect")
	}
	c, _, err := websocket.Dial(ctx, wsURL, &websocket.DialOptions{HTTPHeader: http.Header{"User-Agent": {"madang-test"}}})
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	fake.wait(t, "connect $connect")
	ev := fake.last("connect")
	rc := ev.RequestContext
	if rc.EventType != "CONNECT" || rc.ConnectionID == "" || rc.ConnectedAt == 0 || rc.RequestTimeEpoch == 0 || rc.Stage != "prod" ||
		rc.APIID == "" || rc.DomainName == "" || rc.RequestID == "" || rc.ExtendedRequestID == "" || rc.Identity.SourceIP != "127.0.0.1" ||
		ev.Headers["User-Agent"] != "madang-test" || ev.Headers["Sec-Websocket-Key"] == "" {
		t.Fatalf("$connect event %+v", ev)
	}
}

func TestLambdaModeMessagesAndDisconnect(t *testing.T) {
	fake := &fakeLambda{events: map[string][]events.APIGatewayWebsocketProxyRequest{}, got: make(chan string, 16),
		answer: func(fn string, ev events.APIGatewayWebsocketProxyRequest) (int, bool) {
			return 200, fn == "message" && strings.Contains(ev.Body, "crash")
		}}
	wsURL, _, _ := lambdaStack(t, fake, false)
	ctx := context.Background()
	c, _, err := websocket.Dial(ctx, wsURL, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	fake.wait(t, "connect $connect")
	conn := fake.last("connect").RequestContext
	for body, route := range map[string]string{`{"action":"move","ply":0}`: "move", `{"action":"ping"}`: "ping", `not json`: "$default"} {
		c.Write(ctx, websocket.MessageText, []byte(body))
		fake.wait(t, "message "+route)
		ev := fake.last("message")
		rc := ev.RequestContext
		if ev.Body != body || ev.IsBase64Encoded || rc.EventType != "MESSAGE" || rc.ConnectionID != conn.ConnectionID ||
			rc.ConnectedAt != conn.ConnectedAt || rc.MessageID == nil || rc.RequestID == conn.RequestID {
			t.Fatalf("message %q: event %+v", body, ev)
		}
	}
	// A failing integration is answered on the socket as API Gateway answers it.
	c.Write(ctx, websocket.MessageText, []byte(`{"action":"move","crash":true}`))
	fake.wait(t, "message move")
	rctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	_, b, err := c.Read(rctx)
	cancel()
	var f map[string]string
	if err != nil || json.Unmarshal(b, &f) != nil || f["message"] != "Internal server error" || f["connectionId"] != conn.ConnectionID || f["requestId"] == "" {
		t.Fatalf("after a function error: %s %v", b, err)
	}
	c.Close(websocket.StatusNormalClosure, "bye")
	fake.wait(t, "disconnect $disconnect")
	rc := fake.last("disconnect").RequestContext
	if rc.EventType != "DISCONNECT" || rc.ConnectionID != conn.ConnectionID || rc.DisconnectStatusCode != 1000 || rc.DisconnectReason == nil || *rc.DisconnectReason != "bye" {
		t.Fatalf("$disconnect context %+v", rc)
	}
}

func TestLambdaModeManagementAPI(t *testing.T) {
	fake := &fakeLambda{events: map[string][]events.APIGatewayWebsocketProxyRequest{}, got: make(chan string, 16)}
	wsURL, endpoint, g := lambdaStack(t, fake, true)
	ctx := context.Background()
	c, _, err := websocket.Dial(ctx, wsURL, nil)
	if err != nil {
		t.Fatal(err)
	}
	fake.wait(t, "connect $connect")
	id := fake.last("connect").RequestContext.ConnectionID
	// The handshake has answered the client; the gateway takes the socket in just after
	// (a post before that answers gone, as API Gateway's does during $connect).
	for deadline := time.Now().Add(10 * time.Second); g.Open() == 0; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the socket never opened")
		}
	}
	api := mgmtClient(endpoint)
	if _, err := api.PostToConnection(ctx, &mgmt.PostToConnectionInput{ConnectionId: aws.String(id), Data: []byte(`{"type":"pong"}`)}); err != nil {
		t.Fatal(err)
	}
	rctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	_, b, err := c.Read(rctx)
	cancel()
	if err != nil || string(b) != `{"type":"pong"}` {
		t.Fatalf("posted frame: %q %v", b, err)
	}
	if out, err := api.GetConnection(ctx, &mgmt.GetConnectionInput{ConnectionId: aws.String(id)}); err != nil || out.ConnectedAt == nil || out.Identity == nil {
		t.Fatalf("GetConnection: %+v %v", out, err)
	}
	_, err = api.PostToConnection(ctx, &mgmt.PostToConnectionInput{ConnectionId: aws.String(id), Data: make([]byte, MaxMessage+1)})
	var tooLarge *types.PayloadTooLargeException
	if !errors.As(err, &tooLarge) {
		t.Fatalf("a post over 128 KB: %v, want PayloadTooLargeException", err)
	}
	c.Close(websocket.StatusNormalClosure, "")
	var gone *types.GoneException
	deadline := time.Now().Add(10 * time.Second)
	for {
		_, err = api.PostToConnection(ctx, &mgmt.PostToConnectionInput{ConnectionId: aws.String(id), Data: []byte(`{}`)})
		if errors.As(err, &gone) || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if !errors.As(err, &gone) {
		t.Fatalf("a post to a closed socket: %v, want GoneException", err)
	}
	// DropDisconnect: no $disconnect reached the function (CloseAll waits for every
	// socket's end, its $disconnect included).
	g.CloseAll()
	select {
	case got := <-fake.got:
		t.Fatalf("invoked %s with DropDisconnect set", got)
	default:
	}
}
