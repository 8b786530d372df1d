// Package local is the local stack: one HTTP server that emulates API Gateway's WebSocket
// API in front of the room service (a connection id per socket, $connect, messages routed by
// $request.body.action, $disconnect on close, the quotas and their close codes, and the
// @connections management API), runs the AI invoker and the delay queue in-process, and
// serves the static site.
package local

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"
	"golang.org/x/time/rate"

	"madang/functions/room"
)

// API Gateway quotas the emulator enforces (Amazon API Gateway quotas for WebSocket APIs).
const (
	// MaxMessage is the largest message posted through the management API (128 KB).
	MaxMessage = room.MaxMessage
	// MaxFrame is API Gateway's largest client frame (32 KB); a larger one closes the socket
	// with 1009. The emulator sees messages, not frames, so it applies MaxFrame to the whole
	// message: the same for clients that send a message as one frame (browsers, package
	// websocket), stricter only for fragmented messages of 32 to 128 KB.
	MaxFrame      = 32 << 10
	IdleTimeout   = 10 * time.Minute
	MaxConnection = room.MaxConnection
	// RatePerSecond and RateBurst are the per-socket message rate of the room's limits
	// (room.MessagesPerSecond, room.MessageBurst), the same as the Lambda path's.
	RatePerSecond = room.MessagesPerSecond
	RateBurst     = room.MessageBurst
	writeTimeout  = 5 * time.Second
	defaultRoute  = "$default"
)

// Close codes API Gateway uses (RFC 6455, 7.4.1), which the emulator sends too.
const (
	// CloseTooBig: a frame over MaxFrame (or a message over 128 KB).
	CloseTooBig = websocket.StatusMessageTooBig // 1009
	// CloseBinary: a binary frame; API Gateway takes text frames only.
	CloseBinary = websocket.StatusUnsupportedData // 1003
)

// Handler is what the routes call: the room service's three entry points.
type Handler interface {
	Connect(ctx context.Context, connID string) error
	Disconnect(ctx context.Context, connID string) error
	Handle(ctx context.Context, connID string, raw []byte) error
}

// UpgradeConnector is a Handler whose $connect runs before the WebSocket upgrade, as API
// Gateway runs it (the Lambda mode, lambdamode.go): ConnectUpgrade gets the upgrade request
// and answers an HTTP status; anything but 200 refuses the upgrade with that status and the
// socket never opens (API Gateway WebSocket APIs, "$connect route").
type UpgradeConnector interface {
	ConnectUpgrade(ctx context.Context, connID string, r *http.Request) int
}

// StatusDisconnector is a Handler whose $disconnect also gets the socket's close code and
// reason (API Gateway's disconnectStatusCode and disconnectReason); the gateway calls
// DisconnectStatus instead of Disconnect.
type StatusDisconnector interface {
	DisconnectStatus(ctx context.Context, connID string, code int, reason string) error
}

// Gateway emulates an API Gateway WebSocket API. It is also the room.Notifier of the local
// stack (posting straight to the socket), and serves the management API for clients that
// post over HTTP like the real apigatewaymanagementapi client.
type Gateway struct {
	h   Handler
	log *slog.Logger
	// OriginPatterns are extra origins allowed to open sockets (e.g. a dev server);
	// the page's own origin is always allowed.
	OriginPatterns []string
	// Rate is the messages per second a socket may send (burst RateBurst); 0 disables the
	// limit (load tests).
	Rate float64
	// MaxSockets bounds the open sockets; an upgrade beyond it is refused with 429 (as API
	// Gateway refuses connections over its quota). 0: no limit.
	MaxSockets int
	// DropDisconnect is a test double of API Gateway's best-effort $disconnect: when set,
	// a socket that ends is forgotten by the gateway (posts and probes answer gone) but
	// Handler.Disconnect is never called, as when AWS loses the event.
	DropDisconnect bool

	mu     sync.Mutex
	conns  map[string]*socket
	live   int // sockets upgraded and not yet ended (MaxSockets counts these)
	closed bool
	wg     sync.WaitGroup // running sockets
}

type socket struct {
	c           *websocket.Conn
	connectedAt time.Time
	lastActive  time.Time
	sourceIP    string
	userAgent   string
	ctx         context.Context // the socket's life; writes end with it
	cancel      context.CancelFunc

	// Frames waiting to be written, in posting order, and whether a writer goroutine is
	// draining them. A writer runs only while frames wait (an idle socket has no goroutine
	// or buffer for its writes: at 10,000 sockets a parked writer and a 256-slot channel
	// each cost about 60 MB).
	wmu     sync.Mutex
	queue   [][]byte
	writing bool
	// wtimer cancels the socket when a write takes longer than writeTimeout; it is armed
	// around each write.
	wtimer *time.Timer
}

// outQueue is how many frames may wait for a slow client before its socket is dropped (as
// API Gateway would, a poster never waits for a client to read).
const outQueue = 256

// NewGateway returns a gateway routing to h.
func NewGateway(h Handler, log *slog.Logger) *Gateway {
	if log == nil {
		log = slog.Default()
	}
	return &Gateway{h: h, log: log, conns: map[string]*socket{}, Rate: RatePerSecond}
}

// SetHandler replaces the handler (the local stack wires the gateway and the service, each
// needing the other).
func (g *Gateway) SetHandler(h Handler) { g.h = h }

func newConnID() string {
	var b [12]byte
	rand.Read(b[:])
	return base64.URLEncoding.EncodeToString(b[:]) // path-safe, 16 characters
}

// RouteKey is the route API Gateway selects for a message with route selection expression
// $request.body.action: the action, or $default when the body is not a JSON object or has
// none. The key matches exactly, as API Gateway's does ({"ACTION":"ping"} is $default).
func RouteKey(body []byte) string {
	var m map[string]json.RawMessage
	var action string
	if json.Unmarshal(body, &m) != nil || json.Unmarshal(m["action"], &action) != nil || action == "" {
		return defaultRoute
	}
	return action
}

// ServeHTTP upgrades /ws requests and starts the socket, which runs until it closes in its
// own goroutine: net/http's handler returns at once, so the request, its headers and
// context and the server's per-connection state become garbage (about 3 KB per socket:
// live heap 343 -> 281 MB at 19,980 sockets, less for the collector to scan).
func (g *Gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	g.mu.Lock()
	if g.MaxSockets > 0 && g.live >= g.MaxSockets {
		g.mu.Unlock()
		http.Error(w, `{"message":"Too many connections"}`, http.StatusTooManyRequests)
		return
	}
	g.live++
	g.mu.Unlock()
	id := newConnID()
	uc, preConnect := g.h.(UpgradeConnector)
	if preConnect {
		if code := uc.ConnectUpgrade(r.Context(), id, r); code != http.StatusOK {
			g.mu.Lock()
			g.live--
			g.mu.Unlock()
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(code)
			w.Write([]byte(`{"message":"Forbidden"}`))
			return
		}
	}
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: g.OriginPatterns})
	if err != nil {
		g.mu.Lock()
		g.live--
		g.mu.Unlock()
		if preConnect { // $connect accepted a socket that never opened
			g.disconnect(id, 1006, "upgrade failed")
		}
		return // Accept has answered
	}
	host, _, _ := net.SplitHostPort(r.RemoteAddr)
	go g.serveSocket(c, id, preConnect, host, r.UserAgent())
}

// disconnect runs the handler's $disconnect for id, with the close code and reason when
// the handler takes them; DropDisconnect skips it.
func (g *Gateway) disconnect(id string, code int, reason string) {
	g.mu.Lock()
	drop := g.DropDisconnect
	g.mu.Unlock()
	if drop {
		return
	}
	dctx, dcancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer dcancel()
	var err error
	if sd, ok := g.h.(StatusDisconnector); ok {
		err = sd.DisconnectStatus(dctx, id, code, reason)
	} else {
		err = g.h.Disconnect(dctx, id)
	}
	if err != nil {
		g.log.Error("local: $disconnect", "conn", id, "err", err)
	}
}

// serveSocket runs an upgraded socket until it closes: $connect (unless connected already,
// before the upgrade), each message to the handler, $disconnect.
func (g *Gateway) serveSocket(c *websocket.Conn, id string, connected bool, sourceIP, userAgent string) {
	defer func() { g.mu.Lock(); g.live--; g.mu.Unlock() }()
	g.mu.Lock()
	if g.closed {
		g.mu.Unlock()
		c.Close(websocket.StatusGoingAway, "shutting down")
		if connected {
			g.disconnect(id, int(websocket.StatusGoingAway), "shutting down")
		}
		return
	}
	g.wg.Add(1)
	g.mu.Unlock()
	defer g.wg.Done()
	c.SetReadLimit(MaxFrame) // over it the library closes the socket with 1009 (CloseTooBig)
	ctx, cancel := context.WithTimeout(context.Background(), MaxConnection)
	defer cancel()
	s := &socket{c: c, connectedAt: time.Now(), lastActive: time.Now(), sourceIP: sourceIP, userAgent: userAgent, ctx: ctx, cancel: cancel}
	s.wtimer = time.AfterFunc(writeTimeout, cancel)
	s.wtimer.Stop()
	defer s.wtimer.Stop()
	if !connected {
		if err := g.h.Connect(ctx, id); err != nil {
			g.log.Error("local: $connect", "conn", id, "err", err)
			c.Close(websocket.StatusInternalError, "connect failed")
			return
		}
	}
	g.mu.Lock()
	g.conns[id] = s
	g.mu.Unlock()
	// The close code and reason $disconnect reports: the client's close frame, or the
	// gateway's own reason for ending the socket.
	closeCode, closeReason := int(websocket.StatusAbnormalClosure), "Connection closed abnormally"
	defer func() {
		g.mu.Lock()
		delete(g.conns, id)
		g.mu.Unlock()
		g.disconnect(id, closeCode, closeReason)
	}()

	// One idle timer per socket, re-armed around each read (a context per message cost
	// more than the read itself); it cancels rctx, which only the reads use.
	rctx, rcancel := context.WithCancel(ctx)
	defer rcancel()
	idleTimer := time.AfterFunc(IdleTimeout, rcancel)
	defer idleTimer.Stop()
	var limit *rate.Limiter
	if g.Rate > 0 {
		limit = rate.NewLimiter(rate.Limit(g.Rate), RateBurst)
	}
	for {
		typ, data, err := c.Read(rctx)
		fired := !idleTimer.Stop()
		if err != nil || fired {
			var ce websocket.CloseError
			switch {
			case errors.As(err, &ce):
				closeCode, closeReason = int(ce.Code), ce.Reason
			case rctx.Err() != nil && ctx.Err() == nil:
				closeCode, closeReason = int(websocket.StatusGoingAway), "Going away"
			case errors.Is(err, websocket.ErrMessageTooBig):
				closeCode, closeReason = int(CloseTooBig), "Message too big"
			}
			if rctx.Err() != nil && ctx.Err() == nil {
				c.Close(websocket.StatusGoingAway, "idle")
			} else {
				c.CloseNow()
			}
			return
		}
		if typ != websocket.MessageText {
			closeCode, closeReason = int(CloseBinary), "Unsupported data"
			c.Close(CloseBinary, "binary frames are not supported")
			return
		}
		idleTimer.Reset(IdleTimeout)
		now := time.Now()
		g.mu.Lock()
		s.lastActive = now
		g.mu.Unlock()
		if limit != nil && !limit.AllowN(now, 1) {
			s.enqueue(room.ErrorFrame(room.CodeRateLimited, nil))
			continue
		}
		// Every route of our API goes to the same handler, as every route's Lambda calls
		// the same service; RouteKey is kept for logs and for parity with the template.
		if err := g.h.Handle(ctx, id, data); err != nil {
			g.log.Error("local: route", "route", RouteKey(data), "conn", id, "err", err)
		}
	}
}

// writer writes the queued frames until none is left, then ends; a failed write, or one
// that takes longer than writeTimeout, ends the socket (the frames still queued are
// dropped). Only one writer runs per socket (s.writing).
func (s *socket) writer() {
	for {
		s.wmu.Lock()
		if len(s.queue) == 0 || s.ctx.Err() != nil {
			s.queue = nil
			s.writing = false
			s.wmu.Unlock()
			return
		}
		msg := s.queue[0]
		s.queue[0] = nil
		s.queue = s.queue[1:]
		s.wmu.Unlock()
		s.wtimer.Reset(writeTimeout)
		err := s.c.Write(s.ctx, websocket.MessageText, msg)
		s.wtimer.Stop()
		if err != nil {
			s.cancel() // the next turn sees the context ended
		}
	}
}

// enqueue queues a frame, starting a writer when none runs; a client too slow to take
// outQueue frames loses its socket (ErrGone).
func (s *socket) enqueue(msg []byte) error {
	s.wmu.Lock()
	if len(s.queue) >= outQueue {
		s.wmu.Unlock()
		s.cancel()
		return room.ErrGone
	}
	s.queue = append(s.queue, msg)
	if !s.writing {
		s.writing = true
		go s.writer()
	}
	s.wmu.Unlock()
	return nil
}

// Post implements room.Notifier: ErrGone for a socket that is not open.
func (g *Gateway) Post(ctx context.Context, connID string, msg []byte) error {
	g.mu.Lock()
	s := g.conns[connID]
	g.mu.Unlock()
	if s == nil {
		return room.ErrGone
	}
	return s.enqueue(msg)
}

// Probe implements room.Prober: when the socket last sent a message, or ErrGone when it is
// not open (as the management API's GetConnection answers 410).
func (g *Gateway) Probe(_ context.Context, connID string) (time.Time, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	s := g.conns[connID]
	if s == nil {
		return time.Time{}, room.ErrGone
	}
	return s.lastActive, nil
}

// CloseAll closes every socket (each runs its $disconnect) and waits for them; later
// upgrades are refused.
func (g *Gateway) CloseAll() {
	g.mu.Lock()
	g.closed = true
	for _, s := range g.conns {
		s.cancel()
	}
	g.mu.Unlock()
	g.wg.Wait()
}

// Open is the number of open sockets.
func (g *Gateway) Open() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.conns)
}

// Management is the @connections API of API Gateway: POST posts the body to the
// connection, GET describes it, DELETE closes it; 410 Gone for an unknown id. Only loopback
// callers are served.
func (g *Gateway) Management() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/@connections/{id}", func(w http.ResponseWriter, r *http.Request) {
		if host, _, err := net.SplitHostPort(r.RemoteAddr); err != nil || !net.ParseIP(host).IsLoopback() {
			http.Error(w, `{"message":"Forbidden"}`, http.StatusForbidden)
			return
		}
		id := r.PathValue("id")
		g.mu.Lock()
		s := g.conns[id]
		g.mu.Unlock()
		if s == nil {
			gone(w)
			return
		}
		switch r.Method {
		case http.MethodPost:
			body := http.MaxBytesReader(w, r.Body, MaxMessage)
			buf, err := io.ReadAll(body)
			if err != nil {
				w.Header().Set("X-Amzn-ErrorType", "PayloadTooLargeException")
				http.Error(w, `{"message":"PayloadTooLargeException"}`, http.StatusRequestEntityTooLarge)
				return
			}
			if err := s.enqueue(buf); err != nil {
				gone(w)
				return
			}
			w.WriteHeader(http.StatusOK)
		case http.MethodGet:
			g.mu.Lock()
			// GetConnection's answer, with the JSON names API Gateway uses.
			out := map[string]any{
				"connectedAt":  s.connectedAt.UTC().Format(time.RFC3339Nano),
				"lastActiveAt": s.lastActive.UTC().Format(time.RFC3339Nano),
				"identity":     map[string]string{"sourceIp": s.sourceIP, "userAgent": s.userAgent},
			}
			g.mu.Unlock()
			w.Header().Set("Content-Type", "application/json")
			json.NewEncoder(w).Encode(out)
		case http.MethodDelete:
			go s.c.Close(websocket.StatusNormalClosure, "deleted") // waits for the client's answer
			s.cancel()
			w.WriteHeader(http.StatusNoContent)
		default:
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		}
	})
	return mux
}

// gone answers 410 GoneException as API Gateway's management API does (the error type in
// X-Amzn-ErrorType, which the AWS SDK reads into *types.GoneException).
func gone(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Amzn-ErrorType", "GoneException")
	w.WriteHeader(http.StatusGone)
	w.Write([]byte(`{"message":"GoneException"}`))
}
