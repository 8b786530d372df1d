package awse2e

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"io"
	"math"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"

	"github.com/aws/aws-lambda-go/events"

	"madang/functions/aws/lambdainvoke"
	"madang/functions/aws/sqsdelay"
	"madang/infra/lambdalocal"
)

// ledger records every DynamoDB request, management-API post and Lambda invocation with
// the connection or room it concerns, so that the figures can be told per game although
// the games run at once: a connection's records go to the room its connection item names.
type ledger struct {
	mu       sync.Mutex
	ddb      []ddbRec
	posts    []postRec
	invokes  []invokeRec
	connRoom map[string]string // connection id -> room id, from the connection items
}

type ddbRec struct {
	Op         string
	Conn, Room string // the item's connection or room id
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
	Route      string
}

func newLedger() *ledger { return &ledger{connRoom: map[string]string{}} }

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

// Capacity units as on-demand DynamoDB bills them: a write 1 unit per KB of item (at least
// 1), a strongly consistent read 1 unit per 4 KB (at least 1).
func writeUnits(size int) float64 { return math.Max(1, math.Ceil(float64(size)/1024)) }
func readUnits(size int) float64  { return math.Max(1, math.Ceil(float64(size)/4096)) }

// keyOf reads the item's pk ("room#id" / "conn#id" / "claim#id") and a connection item's room.
func keyOf(item map[string]map[string]json.RawMessage) (conn, room, connsRoom string) {
	var pk, r string
	if v, ok := item["pk"]; ok {
		json.Unmarshal(v["S"], &pk)
	}
	if v, ok := item["room"]; ok {
		json.Unmarshal(v["S"], &r)
	}
	if c, ok := strings.CutPrefix(pk, "conn#"); ok {
		return c, "", r
	}
	if c, ok := strings.CutPrefix(pk, "claim#"); ok { // an AI turn's claim: its room's cost
		return "", c, ""
	}
	return "", strings.TrimPrefix(pk, "room#"), ""
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
		rec.Conn, rec.Room, cr = keyOf(in.Item)
		rec.ItemBytes = itemSize(in.Item)
		rec.Units = writeUnits(rec.ItemBytes)
		if rec.Conn != "" && cr != "" && !rec.Failed {
			l.mu.Lock()
			l.connRoom[rec.Conn] = cr
			l.mu.Unlock()
		}
	case "GetItem":
		var out struct {
			Item map[string]map[string]json.RawMessage
		}
		json.Unmarshal(resp, &out)
		var cr string
		rec.Conn, rec.Room, _ = keyOf(in.Key)
		_, _, cr = keyOf(out.Item)
		rec.ItemBytes = itemSize(out.Item)
		rec.Units = readUnits(rec.ItemBytes)
		if rec.Conn != "" && cr != "" {
			l.mu.Lock()
			if l.connRoom[rec.Conn] == "" {
				l.connRoom[rec.Conn] = cr
			}
			l.mu.Unlock()
		}
	case "DeleteItem":
		rec.Conn, rec.Room, _ = keyOf(in.Key)
		rec.Units = 1 // a connection item is under 1 KB
	default: // CreateTable, UpdateTimeToLive, DescribeTable: the test's own set-up
	}
	l.mu.Lock()
	l.ddb = append(l.ddb, rec)
	l.mu.Unlock()
}

// countPosts wraps the management API: each POST to /<stage>/@connections/{id}.
func (l *ledger) countPosts(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := &recorder{ResponseWriter: w, status: 200}
		n := r.ContentLength
		next.ServeHTTP(rec, r)
		if r.Method != http.MethodPost {
			return
		}
		id := r.URL.Path[strings.LastIndex(r.URL.Path, "/")+1:]
		l.mu.Lock()
		l.posts = append(l.posts, postRec{Conn: id, Bytes: int(n), Status: rec.status})
		l.mu.Unlock()
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
		if d, err := sqsdelay.Decode(probe.Records[0].Body); err == nil {
			rec.Room, rec.Route = d.Room, "sqs:"+d.Kind
		}
	default:
		var ev lambdainvoke.Event
		if json.Unmarshal(payload, &ev) == nil {
			rec.Room, rec.Route = ev.Room, "invoke"
		}
	}
	l.mu.Lock()
	l.invokes = append(l.invokes, rec)
	l.mu.Unlock()
}
