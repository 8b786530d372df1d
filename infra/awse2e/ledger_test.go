package awse2e

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strconv"
	"strings"
	"sync"

	"github.com/aws/aws-lambda-go/events"

	"madang/functions/aws/lambda"
	"madang/functions/aws/sqs"
	"madang/infra/lambdalocal"

	"madang/infra/awscost"
)

// ledger records every DynamoDB request, management-API post and Lambda invocation with
// the connection or room it concerns, so that the figures can be told per game although
// the games run at once: a connection's records go to the room its connection item names.
type ledger struct {
	mu       sync.Mutex
	ddb      []ddbRec
	posts    []postRec
	probes   []postRec // management-API GETs (GetConnection: the room's probe of a silent seat)
	invokes  []invokeRec
	async    []asyncRec        // asynchronous invokes the Invoke API accepted
	connRoom map[string]string // connection id -> room id, from the connection items
	connSeat map[string]int    // connection id -> seat (-1 watching), from the connection items
}

type ddbRec struct {
	Op         string
	Conn, Room string // the item's connection or room id
	Claim      string // a claim item's room (functions/store/dynamodb ClaimTurn), not counted in Room
	ReqBytes   int
	RespBytes  int
	ItemBytes  int // PutItem: the item's size as DynamoDB bills it; GetItem: the item read
	Units      float64
	Failed     bool // an error answer (a failed condition still consumes a write)
}

type postRec struct {
	Conn   string
	Bytes  int
	Status int
}

type invokeRec struct {
	Function   string
	Conn, Room string
	DurationMs float64
	BilledMs   float64
	Error      bool
	// Route: the WebSocket route key; "invoke" for an asynchronous AI invoke; "sqs:<kind>"
	// for a delay-queue message (package sqs); "sqs:record" for the on-failure destination
	// record of an AI invoke Lambda gave up on.
	Route string
}

// asyncRec is one asynchronous invoke (X-Amz-Invocation-Type: Event) as the Invoke API
// accepted it, before it runs.
type asyncRec struct {
	Function, Room string
}

func newLedger() *ledger { return &ledger{connRoom: map[string]string{}, connSeat: map[string]int{}} }

// attrSize is the size DynamoDB bills for one attribute value in the JSON wire form
// (DynamoDB Developer Guide, "Item sizes and formats": strings and binary by length, numbers
// about one byte per two significant digits plus one, containers 3 bytes plus contents,
// booleans and nulls 1 byte).
func attrSize(v map[string]json.RawMessage) int {
	for typ, raw := range v {
		switch typ {
		case "S":
			var s string
			json.Unmarshal(raw, &s)
			return len(s)
		case "N":
			var s string
			json.Unmarshal(raw, &s)
			d := strings.TrimLeft(strings.NewReplacer("-", "", ".", "").Replace(s), "0")
			return (len(d)+1)/2 + 1
		case "B":
			var s string
			json.Unmarshal(raw, &s)
			b, _ := base64.StdEncoding.DecodeString(s)
			return len(b)
		case "BOOL", "NULL":
			return 1
		case "M":
			var m map[string]map[string]json.RawMessage
			json.Unmarshal(raw, &m)
			return 3 + itemSize(m)
		case "L":
			var l []map[string]json.RawMessage
			json.Unmarshal(raw, &l)
			n := 3
			for _, e := range l {
				n += 1 + attrSize(e)
			}
			return n
		case "SS", "NS", "BS":
			var l []string
			json.Unmarshal(raw, &l)
			n := 0
			for _, e := range l {
				n += len(e)
			}
			return n
		}
	}
	return 0
}

// itemSize is an item's billed size: attribute names and values.
func itemSize(item map[string]map[string]json.RawMessage) int {
	n := 0
	for name, v := range item {
		n += len(name) + attrSize(v)
	}
	return n
}

// keyOf reads the item's pk ("room#id" / "conn#id" / "claim#id") and a connection item's
// room and seat (seat -2 when the item names none).
func keyOf(item map[string]map[string]json.RawMessage) (conn, room, claim, connsRoom string, seat int) {
	var pk, r, n string
	if v, ok := item["pk"]; ok {
		json.Unmarshal(v["S"], &pk)
	}
	if v, ok := item["room"]; ok {
		json.Unmarshal(v["S"], &r)
	}
	seat = -2
	if v, ok := item["seat"]; ok && json.Unmarshal(v["N"], &n) == nil {
		if k, err := strconv.Atoi(n); err == nil {
			seat = k
		}
	}
	if c, ok := strings.CutPrefix(pk, "conn#"); ok {
		return c, "", "", r, seat
	}
	if c, ok := strings.CutPrefix(pk, "claim#"); ok {
		return "", "", c, "", -2
	}
	return "", strings.TrimPrefix(pk, "room#"), "", "", -2
}

// dynamoProxy is a reverse proxy to DynamoDB Local that records each request.
func (l *ledger) dynamoProxy(target string) http.Handler {
	u, _ := url.Parse(target)
	rp := httputil.NewSingleHostReverseProxy(u)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		r.ContentLength = int64(len(body))
		rec := &recorder{ResponseWriter: w, status: 200}
		rp.ServeHTTP(rec, r)
		op := strings.TrimPrefix(r.Header.Get("X-Amz-Target"), "DynamoDB_20120810.")
		l.addDynamo(op, body, rec.body.Bytes(), rec.status)
	})
}

type recorder struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
}

func (r *recorder) WriteHeader(s int) { r.status = s; r.ResponseWriter.WriteHeader(s) }
func (r *recorder) Write(b []byte) (int, error) {
	r.body.Write(b)
	return r.ResponseWriter.Write(b)
}

func (l *ledger) addDynamo(op string, req, resp []byte, status int) {
	var in struct {
		Item map[string]map[string]json.RawMessage
		Key  map[string]map[string]json.RawMessage
	}
	json.Unmarshal(req, &in)
	rec := ddbRec{Op: op, ReqBytes: len(req), RespBytes: len(resp), Failed: status != 200}
	switch op {
	case "PutItem":
		var cr string
		var seat int
		rec.Conn, rec.Room, rec.Claim, cr, seat = keyOf(in.Item)
		rec.ItemBytes = itemSize(in.Item)
		rec.Units = awscost.WriteUnits(rec.ItemBytes)
		if rec.Conn != "" && cr != "" && !rec.Failed {
			l.mu.Lock()
			l.connRoom[rec.Conn] = cr
			if seat > -2 {
				l.connSeat[rec.Conn] = seat
			}
			l.mu.Unlock()
		}
	case "GetItem":
		var out struct {
			Item map[string]map[string]json.RawMessage
		}
		json.Unmarshal(resp, &out)
		var cr string
		rec.Conn, rec.Room, rec.Claim, _, _ = keyOf(in.Key)
		_, _, _, cr, _ = keyOf(out.Item)
		rec.ItemBytes = itemSize(out.Item)
		rec.Units = awscost.ReadUnits(rec.ItemBytes)
		if rec.Conn != "" && cr != "" {
			l.mu.Lock()
			if l.connRoom[rec.Conn] == "" {
				l.connRoom[rec.Conn] = cr
			}
			l.mu.Unlock()
		}
	case "DeleteItem":
		rec.Conn, rec.Room, rec.Claim, _, _ = keyOf(in.Key)
		rec.Units = 1 // a connection item is under 1 KB
	default: // CreateTable, UpdateTimeToLive, DescribeTable: the test's own set-up
	}
	l.mu.Lock()
	l.ddb = append(l.ddb, rec)
	l.mu.Unlock()
}

// countPosts wraps the management API: each POST to /<stage>/@connections/{id} (posts)
// and each GET (probes).
func (l *ledger) countPosts(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := &recorder{ResponseWriter: w, status: 200}
		n := r.ContentLength
		next.ServeHTTP(rec, r)
		id := r.URL.Path[strings.LastIndex(r.URL.Path, "/")+1:]
		switch r.Method {
		case http.MethodPost:
			l.mu.Lock()
			l.posts = append(l.posts, postRec{Conn: id, Bytes: int(n), Status: rec.status})
			l.mu.Unlock()
		case http.MethodGet:
			l.mu.Lock()
			l.probes = append(l.probes, postRec{Conn: id, Status: rec.status})
			l.mu.Unlock()
		}
	})
}

// countAsync wraps the Invoke API: each asynchronous invoke it is sent, with the room of
// its lambda.Event, as it arrives (onInvoke sees it only once it has run).
func (l *ledger) countAsync(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("X-Amz-Invocation-Type") == "Event" {
			body, _ := io.ReadAll(r.Body)
			r.Body = io.NopCloser(bytes.NewReader(body))
			var ev lambda.Event
			json.Unmarshal(body, &ev)
			rest := strings.TrimPrefix(r.URL.Path, "/2015-03-31/functions/")
			fn, _, _ := strings.Cut(rest, "/")
			if i := strings.LastIndex(fn, ":function:"); i >= 0 {
				fn = fn[i+len(":function:"):]
			}
			l.mu.Lock()
			l.async = append(l.async, asyncRec{Function: fn, Room: ev.Room})
			l.mu.Unlock()
		}
		next.ServeHTTP(w, r)
	})
}

// onInvoke records one invocation with the connection (WebSocket events) or room (AI
// events) it concerns.
func (l *ledger) onInvoke(fn string, payload []byte, res lambdalocal.Result) {
	rec := invokeRec{Function: fn, DurationMs: res.DurationMs, BilledMs: res.BilledMs, Error: res.FunctionError != ""}
	var probe struct {
		RequestContext *struct {
			ConnectionID string `json:"connectionId"`
			RouteKey     string `json:"routeKey"`
		} `json:"requestContext"`
		Records []events.SQSMessage `json:"Records"`
	}
	json.Unmarshal(payload, &probe)
	switch {
	case probe.RequestContext != nil:
		rec.Conn, rec.Route = probe.RequestContext.ConnectionID, probe.RequestContext.RouteKey
	case len(probe.Records) > 0:
		var dest struct {
			RequestContext json.RawMessage `json:"requestContext"`
			RequestPayload *lambda.Event   `json:"requestPayload"`
		}
		body := probe.Records[0].Body
		if json.Unmarshal([]byte(body), &dest) == nil && dest.RequestContext != nil && dest.RequestPayload != nil {
			rec.Room, rec.Route = dest.RequestPayload.Room, "sqs:record"
		} else if d, err := sqs.Decode(body); err == nil {
			rec.Room, rec.Route = d.Room, "sqs:"+d.Kind
		}
	default:
		var ev lambda.Event
		if json.Unmarshal(payload, &ev) == nil {
			rec.Room, rec.Route = ev.Room, "invoke"
		}
	}
	l.mu.Lock()
	l.invokes = append(l.invokes, rec)
	l.mu.Unlock()
}

// mark is a point in the ledger: how many records of each kind it held.
type mark struct{ ddb, posts, probes, invokes, async int }

func (l *ledger) mark() mark {
	l.mu.Lock()
	defer l.mu.Unlock()
	return mark{len(l.ddb), len(l.posts), len(l.probes), len(l.invokes), len(l.async)}
}

// connOf is the connection the connection items put in room at seat ("" none; the last
// one when several were).
func (l *ledger) connOf(room string, seat int) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	id := ""
	for _, r := range l.ddb {
		if r.Op == "PutItem" && r.Conn != "" && !r.Failed && l.connRoom[r.Conn] == room && l.connSeat[r.Conn] == seat {
			id = r.Conn
		}
	}
	return id
}

// invocations are the invocations of function fn since m whose room (theirs, or their
// connection's) is room.
func (l *ledger) invocations(fn, room string, since mark) []invokeRec {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []invokeRec
	for _, iv := range l.invokes[since.invokes:] {
		r := iv.Room
		if r == "" {
			r = l.connRoom[iv.Conn]
		}
		if iv.Function == fn && r == room {
			out = append(out, iv)
		}
	}
	return out
}

// asyncInvokes is how many asynchronous invokes of fn for room the Invoke API accepted
// since m.
func (l *ledger) asyncInvokes(fn, room string, since mark) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, a := range l.async[since.async:] {
		if a.Function == fn && a.Room == room {
			n++
		}
	}
	return n
}

// writes counts the PutItem requests since m on room's room item (claim false) or on its
// AI-turn claim item (claim true), those that succeeded and those that failed (a failed
// condition).
func (l *ledger) writes(room string, claim bool, since mark) (ok, failed int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, r := range l.ddb[since.ddb:] {
		if r.Op != "PutItem" || (claim && r.Claim != room) || (!claim && r.Room != room) {
			continue
		}
		if r.Failed {
			failed++
		} else {
			ok++
		}
	}
	return ok, failed
}

// probesOf are the statuses of the management API's answers to GETs of connection id.
func (l *ledger) probesOf(id string) []int { return l.statuses(&l.probes, id) }

// postsTo are the statuses of the management API's answers to POSTs to connection id.
func (l *ledger) postsTo(id string) []int { return l.statuses(&l.posts, id) }

func (l *ledger) statuses(recs *[]postRec, id string) []int {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []int
	for _, p := range *recs {
		if p.Conn == id {
			out = append(out, p.Status)
		}
	}
	return out
}
