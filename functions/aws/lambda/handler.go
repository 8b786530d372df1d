// This file holds the Lambda handlers of the WebSocket API and of the AI
// function: thin adapters from aws-lambda-go event values to one room service call each.
// The mains in functions/<name> wire a room service into them.

package lambda

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"madang/functions/aws/sqs"
	"madang/functions/room"
)

// Rooms is the part of the room service (*room.Service) the handlers call.
type Rooms interface {
	// Connect records a new connection ($connect).
	Connect(ctx context.Context, connID string) error
	// Disconnect forgets a connection ($disconnect) and marks its seat away.
	Disconnect(ctx context.Context, connID string) error
	// Handle runs one client message; replies go out through the Notifier.
	Handle(ctx context.Context, connID string, raw []byte) error
	// RunAI lets the AI act in a room at a version.
	RunAI(ctx context.Context, roomID string, version int64) error
	// RunDelayed runs a delayed action.
	RunDelayed(ctx context.Context, d room.Delayed) error
}

// WebSocket is the handler type of the WebSocket routes.
type WebSocket func(ctx context.Context, req events.APIGatewayWebsocketProxyRequest) (events.APIGatewayProxyResponse, error)

func status(code int) events.APIGatewayProxyResponse {
	return events.APIGatewayProxyResponse{StatusCode: code}
}

func logger(l *slog.Logger) *slog.Logger {
	if l == nil {
		return slog.Default()
	}
	return l
}

// Connect handles $connect: it records the connection and accepts the socket (200); a
// store failure refuses it (500), so the browser retries instead of holding a socket the
// service does not know.
func Connect(rooms Rooms, log *slog.Logger) WebSocket {
	return connection("connect", rooms.Connect, logger(log))
}

// Disconnect handles $disconnect. API Gateway ignores its answer; a failure is logged.
func Disconnect(rooms Rooms, log *slog.Logger) WebSocket {
	return connection("disconnect", rooms.Disconnect, logger(log))
}

// connection is the handler of a route that only tells the service a connection id:
// 400 without one, 500 (logged) when the service fails, 200 otherwise.
func connection(name string, call func(ctx context.Context, connID string) error, log *slog.Logger) WebSocket {
	return func(ctx context.Context, req events.APIGatewayWebsocketProxyRequest) (events.APIGatewayProxyResponse, error) {
		id := req.RequestContext.ConnectionID
		if id == "" {
			return status(http.StatusBadRequest), nil
		}
		if err := call(ctx, id); err != nil {
			log.Error(name, "conn", id, "err", err)
			return status(http.StatusInternalServerError), nil
		}
		return status(http.StatusOK), nil
	}
}

// Message handles every action route and $default: the frame (base64-decoded when API
// Gateway marks it binary) goes to the room service, which answers through the Notifier.
// The Lambda response carries no body: replies are posted, never returned, so every client
// sees one kind of delivery.
func Message(rooms Rooms, log *slog.Logger) WebSocket {
	log = logger(log)
	return func(ctx context.Context, req events.APIGatewayWebsocketProxyRequest) (events.APIGatewayProxyResponse, error) {
		id := req.RequestContext.ConnectionID
		if id == "" {
			return status(http.StatusBadRequest), nil
		}
		raw := []byte(req.Body)
		if req.IsBase64Encoded {
			b, err := base64.StdEncoding.DecodeString(req.Body)
			if err != nil {
				// The service answers bad-message for any frame that is not a JSON object.
				b = []byte(req.Body)
			}
			raw = b
		}
		if err := rooms.Handle(ctx, id, raw); err != nil {
			log.Error("message", "conn", id, "route", req.RequestContext.RouteKey, "err", err)
			return status(http.StatusInternalServerError), nil
		}
		return status(http.StatusOK), nil
	}
}

// Limiter is the per-socket message rate (SocketRate): Allow reports whether
// connection connID may send one more message at now, and takes a token when it may.
type Limiter interface {
	Allow(connID string, now time.Time) bool
}

// RateLimited puts the per-socket message rate in front of a message handler: a message
// over the rate does not reach next; it is answered with a rate-limited error frame posted
// to its socket through n (as the local gateway answers it) and changes nothing. The Lambda
// answer is 200 either way, a failed post is logged. The limit holds per Lambda instance
// (SocketRate says what that allows and costs).
func RateLimited(limit Limiter, n room.Notifier, clock room.Clock, log *slog.Logger, next WebSocket) WebSocket {
	log = logger(log)
	return func(ctx context.Context, req events.APIGatewayWebsocketProxyRequest) (events.APIGatewayProxyResponse, error) {
		id := req.RequestContext.ConnectionID
		if id == "" || limit.Allow(id, clock.Now()) {
			return next(ctx, req)
		}
		if err := n.Post(ctx, id, room.ErrorFrame(room.CodeRateLimited, nil)); err != nil {
			log.Warn("message: rate-limited reply", "conn", id, "err", err)
		}
		return status(http.StatusOK), nil
	}
}

// AIPayload is what the AI function receives: either an asynchronous invoke from the
// Invoker (Event) or a batch of delay-queue messages (events.SQSEvent).
type AIPayload = json.RawMessage

// AI handles the AI function's two event sources. A direct invoke runs RunAI and returns its
// error, so Lambda retries the async event (a repeat of a turn already played finds the
// turn moved on, and one under way finds it claimed: RunAI). A delay-queue batch holds two
// kinds of message: a delayed action (package sqs), run by RunDelayed, and the record of an AI invoke that Lambda gave up on (its on-failure
// destination is the delay queue, template.yaml), run by RunAI exactly as the invoke it
// carries. A message whose call fails is reported in batchItemFailures, so only those are
// delivered again (until the queue's maxReceiveCount moves them to the dead-letter queue);
// an unreadable message is logged and dropped, since a retry cannot fix it.
func AI(rooms Rooms, log *slog.Logger) func(ctx context.Context, payload AIPayload) (*events.SQSEventResponse, error) {
	log = logger(log)
	return func(ctx context.Context, payload AIPayload) (*events.SQSEventResponse, error) {
		var probe struct {
			Records json.RawMessage `json:"Records"`
		}
		if err := json.Unmarshal(payload, &probe); err != nil {
			log.Error("ai: unreadable payload", "err", err)
			return nil, nil
		}
		if probe.Records != nil {
			var ev events.SQSEvent
			if err := json.Unmarshal(payload, &ev); err != nil {
				log.Error("ai: unreadable SQS event", "err", err)
				return nil, nil
			}
			return queued(ctx, rooms, log, ev), nil
		}
		ev, err := decodeInvoke(payload)
		if err != nil {
			log.Error("ai: bad invoke event", "payload", string(payload), "err", err)
			return nil, nil
		}
		if err := rooms.RunAI(ctx, ev.Room, ev.Version); err != nil {
			return nil, fmt.Errorf("ai: room %s at %d: %w", ev.Room, ev.Version, err)
		}
		return nil, nil
	}
}

// decodeInvoke reads an asynchronous invoke's payload (Event): a room id and a
// version of at least 1.
func decodeInvoke(raw []byte) (Event, error) {
	var ev Event
	if err := json.Unmarshal(raw, &ev); err != nil {
		return Event{}, err
	}
	if ev.Room == "" || ev.Version < 1 {
		return Event{}, fmt.Errorf("no room or version in %s", raw)
	}
	return ev, nil
}

// invocationRecord is the part of the record Lambda sends to an asynchronous invocation's
// destination that the AI function reads (AWS Lambda Developer Guide, "Capturing records of
// Lambda asynchronous invocations": an SQS destination gets the record as the message body).
// Condition is RetriesExhausted when every attempt failed, EventAgeExceeded when the event
// waited longer than MaximumEventAgeInSeconds; RequestPayload is the original event.
type invocationRecord struct {
	Version        string `json:"version"`
	Timestamp      string `json:"timestamp"`
	RequestContext struct {
		RequestID              string `json:"requestId"`
		FunctionARN            string `json:"functionArn"`
		Condition              string `json:"condition"`
		ApproximateInvokeCount int    `json:"approximateInvokeCount"`
	} `json:"requestContext"`
	RequestPayload  json.RawMessage `json:"requestPayload"`
	ResponseContext struct {
		StatusCode      int    `json:"statusCode"`
		ExecutedVersion string `json:"executedVersion"`
		FunctionError   string `json:"functionError"`
	} `json:"responseContext"`
	ResponsePayload json.RawMessage `json:"responsePayload"`
}

// decodeRecord reports whether body is an invocation record (it has requestContext and
// requestPayload) and, when it is, the invoke it carries; err is set for a record whose
// payload is not a Event.
func decodeRecord(body string) (rec invocationRecord, ev Event, isRecord bool, err error) {
	var shape struct {
		RequestContext json.RawMessage `json:"requestContext"`
		RequestPayload json.RawMessage `json:"requestPayload"`
	}
	if json.Unmarshal([]byte(body), &shape) != nil || shape.RequestContext == nil || shape.RequestPayload == nil {
		return rec, ev, false, nil
	}
	if err := json.Unmarshal([]byte(body), &rec); err != nil {
		return rec, ev, true, fmt.Errorf("bad invocation record: %w", err)
	}
	ev, err = decodeInvoke(rec.RequestPayload)
	if err != nil {
		return rec, ev, true, fmt.Errorf("invocation record of a bad invoke: %w", err)
	}
	return rec, ev, true, nil
}

// queued runs a delay-queue batch.
func queued(ctx context.Context, rooms Rooms, log *slog.Logger, ev events.SQSEvent) *events.SQSEventResponse {
	resp := &events.SQSEventResponse{BatchItemFailures: []events.SQSBatchItemFailure{}}
	fail := func(id string) {
		resp.BatchItemFailures = append(resp.BatchItemFailures, events.SQSBatchItemFailure{ItemIdentifier: id})
	}
	for _, m := range ev.Records {
		rec, inv, isRecord, err := decodeRecord(m.Body)
		switch {
		case isRecord && err != nil:
			log.Error("ai: dropping bad invocation record", "id", m.MessageId, "err", err)
		case isRecord:
			log.Warn("ai: running a failed AI invoke again", "id", m.MessageId, "room", inv.Room, "version", inv.Version,
				"condition", rec.RequestContext.Condition, "attempts", rec.RequestContext.ApproximateInvokeCount,
				"request", rec.RequestContext.RequestID, "error", rec.ResponseContext.FunctionError)
			if err := rooms.RunAI(ctx, inv.Room, inv.Version); err != nil {
				log.Warn("ai: failed AI invoke failed again, will retry", "id", m.MessageId, "room", inv.Room, "err", err)
				fail(m.MessageId)
			}
		default:
			d, err := sqs.Decode(m.Body)
			if err != nil {
				log.Error("ai: dropping bad delayed message", "id", m.MessageId, "err", err)
				continue
			}
			if err := rooms.RunDelayed(ctx, d); err != nil {
				log.Warn("ai: delayed action failed, will retry", "id", m.MessageId, "room", d.Room, "err", err)
				fail(m.MessageId)
			}
		}
	}
	return resp
}
