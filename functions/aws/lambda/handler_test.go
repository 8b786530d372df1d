package lambda

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"testing"

	"github.com/aws/aws-lambda-go/events"

	"madang/functions/room"
)

// fakeRooms records the calls the handlers make.
type fakeRooms struct {
	calls []string
	fail  map[string]error // by call name
}

func (f *fakeRooms) call(name string, args ...any) error {
	f.calls = append(f.calls, fmt.Sprint(append([]any{name}, args...)...))
	return f.fail[name]
}
func (f *fakeRooms) Connect(_ context.Context, c string) error    { return f.call("connect ", c) }
func (f *fakeRooms) Disconnect(_ context.Context, c string) error { return f.call("disconnect ", c) }
func (f *fakeRooms) Handle(_ context.Context, c string, raw []byte) error {
	return f.call("handle ", c, " ", string(raw))
}
func (f *fakeRooms) RunAI(_ context.Context, r string, v int64) error {
	return f.call("ai ", r, " ", v)
}
func (f *fakeRooms) RunDelayed(_ context.Context, d room.Delayed) error {
	return f.call("delayed ", d.Room, " ", d.Version, " ", d.Kind)
}

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// wsRequest is an event as API Gateway sends it for a WebSocket route.
func wsRequest(route, conn, body string) events.APIGatewayWebsocketProxyRequest {
	return events.APIGatewayWebsocketProxyRequest{
		Body: body,
		RequestContext: events.APIGatewayWebsocketProxyRequestContext{
			RouteKey:     route,
			EventType:    map[string]string{"$connect": "CONNECT", "$disconnect": "DISCONNECT"}[route],
			ConnectionID: conn,
			DomainName:   "abc123.execute-api.eu-west-1.amazonaws.com",
			Stage:        "prod",
			APIID:        "abc123",
		},
	}
}

func TestWebSocketRoutes(t *testing.T) {
	ctx := context.Background()
	f := &fakeRooms{}
	check := func(h WebSocket, req events.APIGatewayWebsocketProxyRequest, wantStatus int, wantCall string) {
		t.Helper()
		f.calls = nil
		resp, err := h(ctx, req)
		if err != nil || resp.StatusCode != wantStatus {
			t.Errorf("%s: status %d err %v, want %d", req.RequestContext.RouteKey, resp.StatusCode, err, wantStatus)
		}
		got := ""
		if len(f.calls) == 1 {
			got = f.calls[0]
		} else if len(f.calls) > 1 {
			got = fmt.Sprint(f.calls)
		}
		if got != wantCall {
			t.Errorf("%s: call %q, want %q", req.RequestContext.RouteKey, got, wantCall)
		}
	}
	check(Connect(f, quiet), wsRequest("$connect", "Ab1=", ""), 200, "connect Ab1=")
	check(Disconnect(f, quiet), wsRequest("$disconnect", "Ab1=", ""), 200, "disconnect Ab1=")
	check(Message(f, quiet), wsRequest("move", "Ab1=", `{"action":"move","room":"r","ply":0,"move":"11-15"}`), 200,
		`handle Ab1= {"action":"move","room":"r","ply":0,"move":"11-15"}`)
	check(Message(f, quiet), wsRequest("$default", "Ab1=", `hello`), 200, "handle Ab1= hello")
	bin := wsRequest("ping", "Ab1=", base64.StdEncoding.EncodeToString([]byte(`{"action":"ping"}`)))
	bin.IsBase64Encoded = true
	check(Message(f, quiet), bin, 200, `handle Ab1= {"action":"ping"}`)
	// No connection id: nothing to talk to, the service is not called.
	check(Message(f, quiet), wsRequest("ping", "", `{"action":"ping"}`), 400, "")
	check(Connect(f, quiet), wsRequest("$connect", "", ""), 400, "")
	// An infrastructure failure refuses the connection / reports 500, never panics.
	f.fail = map[string]error{"connect ": errors.New("store down"), "handle ": errors.New("store down")}
	check(Connect(f, quiet), wsRequest("$connect", "X", ""), 500, "connect X")
	check(Message(f, quiet), wsRequest("ping", "X", "{}"), 500, "handle X {}")
}

func TestAIInvoke(t *testing.T) {
	ctx := context.Background()
	f := &fakeRooms{}
	h := AI(f, quiet)
	resp, err := h(ctx, json.RawMessage(`{"room":"k3v9","version":7}`))
	if err != nil || resp != nil || len(f.calls) != 1 || f.calls[0] != "ai k3v9 7" {
		t.Fatalf("invoke: resp %v err %v calls %q", resp, err, f.calls)
	}
	// A failing RunAI is returned, so Lambda retries the async event.
	f.fail = map[string]error{"ai ": errors.New("throttled")}
	if _, err := h(ctx, json.RawMessage(`{"room":"k3v9","version":8}`)); err == nil {
		t.Fatal("RunAI failure: want an error for Lambda to retry")
	}
	// Unreadable payloads are dropped: a retry cannot fix them.
	f.calls = nil
	for _, bad := range []string{`[]`, `{"room":""}`, `{"room":"r","version":0}`, `nope`} {
		if _, err := h(ctx, json.RawMessage(bad)); err != nil {
			t.Errorf("payload %s: err %v, want it dropped", bad, err)
		}
	}
	if len(f.calls) != 0 {
		t.Errorf("bad payloads reached the service: %q", f.calls)
	}
}

func TestAIDelayQueueBatch(t *testing.T) {
	ctx := context.Background()
	f := &fakeRooms{fail: map[string]error{}}
	ev := events.SQSEvent{Records: []events.SQSMessage{
		{MessageId: "m1", Body: `{"room":"a","version":3,"kind":"away"}`, EventSource: "aws:sqs"},
		{MessageId: "m2", Body: `not json`, EventSource: "aws:sqs"},
		{MessageId: "m3", Body: `{"room":"broken","version":4,"kind":"away"}`, EventSource: "aws:sqs"},
	}}
	payload, _ := json.Marshal(ev)
	// The third fails in the service: only it is reported for redelivery.
	failing := &failOn{fakeRooms: f, room: "broken"}
	resp, err := AI(failing, quiet)(ctx, payload)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"delayed a 3 away", "delayed broken 4 away"}
	if fmt.Sprint(f.calls) != fmt.Sprint(want) {
		t.Errorf("calls %q, want %q", f.calls, want)
	}
	if resp == nil || len(resp.BatchItemFailures) != 1 || resp.BatchItemFailures[0].ItemIdentifier != "m3" {
		t.Errorf("batch failures %+v, want only m3", resp)
	}
}

type failOn struct {
	*fakeRooms
	room string
}

func (f *failOn) RunDelayed(ctx context.Context, d room.Delayed) error {
	err := f.fakeRooms.RunDelayed(ctx, d)
	if d.Room == f.room {
		return errors.New("conflict storm")
	}
	return err
}

// docRecord is the example invocation record of the AWS Lambda Developer Guide ("Capturing
// records of Lambda asynchronous invocations", Example invocation record), with its
// requestPayload replaced by payload and its condition by condition.
func docRecord(condition, payload string) string {
	return `{
  "version": "1.0",
  "timestamp": "2019-11-14T18:16:05.568Z",
  "requestContext": {
    "requestId": "e4b46cbf-b738-xmpl-8880-a18cdf61200e",
    "functionArn": "arn:aws:lambda:us-east-1:123456789012:function:my-function:$LATEST",
    "condition": "` + condition + `",
    "approximateInvokeCount": 3
  },
  "requestPayload": ` + payload + `,
  "responseContext": {
    "statusCode": 200,
    "executedVersion": "$LATEST",
    "functionError": "Unhandled"
  },
  "responsePayload": {
    "errorMessage": "RequestId: e4b46cbf-b738-xmpl-8880-a18cdf61200e Process exited before completing request"
  }
}`
}

// TestAIFailedInvokeFromTheDelayQueue: the record of an AI invoke that Lambda gave up on
// (retries exhausted, or too old) reaches the AI function through the delay queue, its
// on-failure destination, and runs RunAI for the room and version it carries; a RunAI that
// fails again is reported for redelivery. Delayed actions in the same batch still run
// RunDelayed, and what is neither is dropped.
func TestAIFailedInvokeFromTheDelayQueue(t *testing.T) {
	ctx := context.Background()
	f := &fakeRooms{}
	docExample := docRecord("RetriesExhausted", `{"ORDER_IDS": ["9e07af03-ce31-4ff3-xmpl-36dce652cb4f"]}`)
	ev := events.SQSEvent{Records: []events.SQSMessage{
		{MessageId: "r1", Body: docRecord("RetriesExhausted", `{"room":"k3v9","version":7}`), EventSource: "aws:sqs"},
		{MessageId: "d1", Body: `{"room":"a","version":3,"kind":"away"}`, EventSource: "aws:sqs"},
		{MessageId: "r2", Body: docRecord("EventAgeExceeded", `{"room":"late","version":2}`), EventSource: "aws:sqs"},
		{MessageId: "g1", Body: docExample, EventSource: "aws:sqs"},
		{MessageId: "g2", Body: `{"requestContext":{},"requestPayload":"k3v9"}`, EventSource: "aws:sqs"},
		{MessageId: "g3", Body: `{"requestContext":[],"requestPayload":{"room":"x","version":1}}`, EventSource: "aws:sqs"},
		{MessageId: "g4", Body: `not json`, EventSource: "aws:sqs"},
		{MessageId: "g5", Body: `null`, EventSource: "aws:sqs"},
		{MessageId: "g6", Body: ``, EventSource: "aws:sqs"},
		{MessageId: "g7", Body: `{"version":"1.0","requestPayload":{"room":"x","version":1}}`, EventSource: "aws:sqs"},
	}}
	payload, _ := json.Marshal(ev)
	resp, err := AI(f, quiet)(ctx, payload)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"ai k3v9 7", "delayed a 3 away", "ai late 2"}
	if fmt.Sprint(f.calls) != fmt.Sprint(want) {
		t.Errorf("calls %q, want %q", f.calls, want)
	}
	if resp == nil || len(resp.BatchItemFailures) != 0 {
		t.Errorf("batch failures %+v, want none", resp)
	}

	// RunAI fails again: the record is redelivered, the delayed action is not.
	f = &fakeRooms{fail: map[string]error{"ai ": errors.New("throttled")}}
	ev.Records = ev.Records[:2]
	payload, _ = json.Marshal(ev)
	resp, err = AI(f, quiet)(ctx, payload)
	if err != nil {
		t.Fatal(err)
	}
	if resp == nil || len(resp.BatchItemFailures) != 1 || resp.BatchItemFailures[0].ItemIdentifier != "r1" {
		t.Errorf("batch failures %+v, want only r1", resp)
	}
	if fmt.Sprint(f.calls) != fmt.Sprint([]string{"ai k3v9 7", "delayed a 3 away"}) {
		t.Errorf("calls %q", f.calls)
	}
}
