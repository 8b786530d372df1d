package local

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"madang/functions/room"
)

// LambdaConfig is the gateway's Lambda mode: instead of calling the room service
// in-process, every route is delivered as the events.APIGatewayWebsocketProxyRequest JSON
// API Gateway sends a Lambda proxy integration, POSTed to the route's Lambda Invoke URL
// (RequestResponse), as API Gateway invokes its integrations.
type LambdaConfig struct {
	// Routes maps a route key ("$connect", "$disconnect", "$default", or an action) to
	// the Lambda Invoke URL of its integration
	// ("http://127.0.0.1:P/2015-03-31/functions/NAME/invocations"). A message whose route
	// has no entry goes to "$default"; without one it is answered as API Gateway answers a
	// route it does not have.
	Routes map[string]string
	// Stage, APIID and DomainName fill the request context (defaults: "prod", "local",
	// the upgrade request's Host).
	Stage, APIID, DomainName string
	// Client invokes the integrations (default: a client with API Gateway's 29 s
	// integration timeout).
	Client *http.Client
}

// LambdaMode is the Handler of a gateway in Lambda mode (NewLambdaGateway). $connect runs
// before the upgrade: a statusCode other than 200 in the function's answer, a function
// error or an invoke failure refuses the upgrade (the function's status, else 502). A
// message whose integration fails (function error, invoke failure) is answered on the
// socket with API Gateway's frame {"message":"Internal server error","connectionId":..,
// "requestId":..}; a route with neither an integration nor $default with
// {"message":"Forbidden",...}. $disconnect carries disconnectStatusCode and
// disconnectReason; its answer is ignored, as API Gateway ignores it.
//
// One socket's messages are delivered one at a time, in order (API Gateway does not
// promise that; the room service must not rely on it, and its version checks do not).
type LambdaMode struct {
	cfg LambdaConfig
	g   *Gateway
	log *slog.Logger

	mu    sync.Mutex
	conns map[string]lambdaConn
}

type lambdaConn struct {
	connectedAt int64 // ms since the epoch
	sourceIP    string
	userAgent   string
	host        string
}

// NewLambdaGateway returns a gateway in Lambda mode. Its per-socket message rate is off
// (on AWS the message function holds it, lambda.SocketRate); serve its management API
// with Management (under /<stage>).
func NewLambdaGateway(cfg LambdaConfig, log *slog.Logger) (*Gateway, *LambdaMode) {
	if cfg.Stage == "" {
		cfg.Stage = "prod"
	}
	if cfg.APIID == "" {
		cfg.APIID = "local"
	}
	if cfg.Client == nil {
		cfg.Client = &http.Client{Timeout: 29 * time.Second}
	}
	lm := &LambdaMode{cfg: cfg, conns: map[string]lambdaConn{}}
	g := NewGateway(lm, log)
	g.Rate = 0
	lm.g, lm.log = g, g.log
	return g, lm
}

// Management is the gateway's @connections API at the path the apigatewaymanagementapi
// client uses with the endpoint "http://HOST/<stage>": /<stage>/@connections/{id}.
func (lm *LambdaMode) Management() http.Handler {
	return http.StripPrefix("/"+lm.cfg.Stage, lm.g.Management())
}

// Stage is the stage name in the request contexts and the management path.
func (lm *LambdaMode) Stage() string { return lm.cfg.Stage }

// Event types of the request context.
const (
	eventConnect    = "CONNECT"
	eventMessage    = "MESSAGE"
	eventDisconnect = "DISCONNECT"
)

// awsID is an id in the shape of API Gateway's request and message ids (base64 text).
func awsID() string {
	var b [10]byte
	rand.Read(b[:])
	return base64.StdEncoding.EncodeToString(b[:])
}

func (lm *LambdaMode) context(route, eventType, connID string, c lambdaConn, now time.Time) events.APIGatewayWebsocketProxyRequestContext {
	domain := lm.cfg.DomainName
	if domain == "" {
		domain = c.host
	}
	rc := events.APIGatewayWebsocketProxyRequestContext{
		RouteKey:          route,
		EventType:         eventType,
		ConnectionID:      connID,
		ConnectedAt:       c.connectedAt,
		RequestTime:       now.UTC().Format("02/Jan/2006:15:04:05 -0700"),
		RequestTimeEpoch:  now.UnixMilli(),
		DomainName:        domain,
		Stage:             lm.cfg.Stage,
		APIID:             lm.cfg.APIID,
		ExtendedRequestID: awsID(),
		RequestID:         awsID(),
		MessageDirection:  "IN",
	}
	rc.Identity.SourceIP = c.sourceIP
	rc.Identity.UserAgent = c.userAgent
	return rc
}

// ConnectUpgrade implements UpgradeConnector: $connect with the upgrade request's headers
// and query string.
func (lm *LambdaMode) ConnectUpgrade(ctx context.Context, connID string, r *http.Request) int {
	now := time.Now()
	c := lambdaConn{connectedAt: now.UnixMilli()}
	req := events.APIGatewayWebsocketProxyRequest{}
	if r != nil {
		c.sourceIP, _, _ = net.SplitHostPort(r.RemoteAddr)
		c.userAgent, c.host = r.UserAgent(), r.Host
		req.Headers, req.MultiValueHeaders = map[string]string{}, map[string][]string{}
		for k, v := range r.Header {
			req.Headers[k] = strings.Join(v, ",")
			req.MultiValueHeaders[k] = v
		}
		req.Headers["Host"], req.MultiValueHeaders["Host"] = r.Host, []string{r.Host}
		req.Headers["X-Forwarded-For"] = c.sourceIP
		req.MultiValueHeaders["X-Forwarded-For"] = []string{c.sourceIP}
		if q := r.URL.Query(); len(q) > 0 {
			req.QueryStringParameters, req.MultiValueQueryStringParameters = map[string]string{}, map[string][]string(q)
			for k, v := range q {
				req.QueryStringParameters[k] = v[len(v)-1]
			}
		}
	}
	req.RequestContext = lm.context("$connect", eventConnect, connID, c, now)
	lm.mu.Lock()
	lm.conns[connID] = c
	lm.mu.Unlock()
	res, err := lm.invoke(ctx, "$connect", req)
	code := http.StatusBadGateway
	if err == nil {
		code = res.StatusCode
		if code == 0 { // an answer without statusCode: API Gateway takes it as 200
			code = http.StatusOK
		}
	} else {
		lm.log.Error("local: $connect integration", "conn", connID, "err", err)
	}
	if code != http.StatusOK {
		lm.forget(connID)
	}
	return code
}

// Connect implements Handler for a gateway that does not know UpgradeConnector.
func (lm *LambdaMode) Connect(ctx context.Context, connID string) error {
	if code := lm.ConnectUpgrade(ctx, connID, nil); code != http.StatusOK {
		return fmt.Errorf("local: $connect answered %d", code)
	}
	return nil
}

// Handle implements Handler: one message, routed by RouteKey.
func (lm *LambdaMode) Handle(ctx context.Context, connID string, raw []byte) error {
	now := time.Now()
	lm.mu.Lock()
	c := lm.conns[connID]
	lm.mu.Unlock()
	route := RouteKey(raw)
	target := route
	if _, ok := lm.cfg.Routes[route]; !ok {
		target = defaultRoute
	}
	rc := lm.context(route, eventMessage, connID, c, now)
	rc.MessageID = awsID()
	req := events.APIGatewayWebsocketProxyRequest{RequestContext: rc, Body: string(raw), IsBase64Encoded: false}
	if _, ok := lm.cfg.Routes[target]; !ok {
		return lm.answer(ctx, connID, "Forbidden", rc.RequestID)
	}
	if _, err := lm.invoke(ctx, target, req); err != nil {
		lm.log.Error("local: message integration", "route", route, "conn", connID, "err", err)
		return lm.answer(ctx, connID, "Internal server error", rc.RequestID)
	}
	return nil
}

// answer posts API Gateway's own error frame to the socket.
func (lm *LambdaMode) answer(ctx context.Context, connID, message, requestID string) error {
	b, _ := json.Marshal(map[string]string{"message": message, "connectionId": connID, "requestId": requestID})
	if err := lm.g.Post(ctx, connID, b); err != nil && !errors.Is(err, room.ErrGone) {
		return err
	}
	return nil
}

// Disconnect implements Handler ($disconnect without a close code: 1005).
func (lm *LambdaMode) Disconnect(ctx context.Context, connID string) error {
	return lm.DisconnectStatus(ctx, connID, 1005, "")
}

// DisconnectStatus implements StatusDisconnector.
func (lm *LambdaMode) DisconnectStatus(ctx context.Context, connID string, code int, reason string) error {
	lm.mu.Lock()
	c := lm.conns[connID]
	lm.mu.Unlock()
	lm.forget(connID)
	rc := lm.context("$disconnect", eventDisconnect, connID, c, time.Now())
	rc.DisconnectStatusCode = int64(code)
	rc.DisconnectReason = &reason
	req := events.APIGatewayWebsocketProxyRequest{RequestContext: rc, Headers: map[string]string{"Host": c.host}}
	_, err := lm.invoke(ctx, "$disconnect", req)
	return err
}

func (lm *LambdaMode) forget(connID string) {
	lm.mu.Lock()
	delete(lm.conns, connID)
	lm.mu.Unlock()
}

// ErrFunction is an integration whose function failed (the Invoke API's
// X-Amz-Function-Error header was set).
var ErrFunction = errors.New("function error")

// invoke runs the integration of route with req and returns the function's answer. Errors:
// no integration, the Invoke API failed or answered other than 200, a function error
// (ErrFunction), an answer that is not an APIGatewayProxyResponse.
func (lm *LambdaMode) invoke(ctx context.Context, route string, req events.APIGatewayWebsocketProxyRequest) (events.APIGatewayProxyResponse, error) {
	var res events.APIGatewayProxyResponse
	url, ok := lm.cfg.Routes[route]
	if !ok {
		return res, fmt.Errorf("local: no integration for %s", route)
	}
	body, err := json.Marshal(req)
	if err != nil {
		return res, err
	}
	hreq, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return res, err
	}
	hreq.Header.Set("Content-Type", "application/json")
	hreq.Header.Set("X-Amz-Invocation-Type", "RequestResponse")
	resp, err := lm.cfg.Client.Do(hreq)
	if err != nil {
		return res, err
	}
	defer resp.Body.Close()
	out, err := io.ReadAll(io.LimitReader(resp.Body, 6<<20))
	if err != nil {
		return res, err
	}
	if resp.StatusCode != http.StatusOK {
		return res, fmt.Errorf("local: invoke %s: status %d: %s", route, resp.StatusCode, out)
	}
	if fe := resp.Header.Get("X-Amz-Function-Error"); fe != "" {
		return res, fmt.Errorf("%w (%s): %s", ErrFunction, fe, out)
	}
	if err := json.Unmarshal(out, &res); err != nil {
		return res, fmt.Errorf("local: %s answered %q, not an API Gateway proxy response", route, out)
	}
	return res, nil
}
