// Package sqslocal is a test double of Amazon SQS for the end-to-end tests: standard queues
// in memory behind the AWS JSON 1.0 protocol that aws-sdk-go-v2's sqs client speaks
// (X-Amz-Target "AmazonSQS.<Operation>"), so the Lambda functions reach it unchanged
// through AWS_ENDPOINT_URL_SQS. No existing server on the Go module proxy speaks that
// protocol (goaws v0.4.5 reads the query protocol only), hence this one.
//
// Operations: CreateQueue (Attributes VisibilityTimeout, DelaySeconds,
// MessageRetentionPeriod, RedrivePolicy), GetQueueUrl, SendMessage (DelaySeconds 0-900),
// ReceiveMessage (MaxNumberOfMessages 1-10, VisibilityTimeout, WaitTimeSeconds 0-20),
// DeleteMessage, ChangeMessageVisibility, GetQueueAttributes. Semantics as the SQS
// Developer Guide describes them: a received message is invisible for the visibility
// timeout and comes back unless deleted; with a redrive policy a message received
// maxReceiveCount times moves to the dead-letter queue when it would be received once more.
// What it does not do: FIFO queues, message attributes, batches, permissions, signatures
// (any credentials are accepted), at-least-once duplicates (each message is delivered once
// per visibility period).
package sqslocal

import (
	"crypto/md5"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Limits of SQS (Amazon SQS quotas).
const (
	MaxDelay       = 900 * time.Second
	MaxVisibility  = 12 * time.Hour
	MaxMessageSize = 1 << 20 // 1 MiB (SQS raised the limit from 256 KiB in 2025)
	MaxWait        = 20 * time.Second
	MaxBatch       = 10
	defaultVisible = 30 * time.Second
	defaultRetain  = 4 * 24 * time.Hour
	accountID      = "000000000000"
	region         = "us-east-1"
)

// Server is the SQS endpoint: serve it over HTTP and give its URL to the clients
// (BaseEndpoint or AWS_ENDPOINT_URL_SQS). Safe for concurrent use.
type Server struct {
	// URL is the base URL queue URLs are made from ("http://127.0.0.1:PORT"); set it
	// before the first CreateQueue.
	URL string

	mu     sync.Mutex
	queues map[string]*queue // by name
	seq    int
	calls  map[string]int
	wake   chan struct{} // closed and replaced on every send or visibility change
}

type queue struct {
	name       string
	visibility time.Duration
	delay      time.Duration
	retention  time.Duration
	redrive    *redrivePolicy
	redriveRaw string
	msgs       []*message
}

type redrivePolicy struct {
	DeadLetterTargetArn string
	MaxReceiveCount     int
}

// parseRedrive reads a RedrivePolicy attribute; maxReceiveCount may be written as a number
// or a string (SQS takes both).
func parseRedrive(v string) (*redrivePolicy, bool) {
	var raw struct {
		DeadLetterTargetArn string          `json:"deadLetterTargetArn"`
		MaxReceiveCount     json.RawMessage `json:"maxReceiveCount"`
	}
	if json.Unmarshal([]byte(v), &raw) != nil || raw.DeadLetterTargetArn == "" {
		return nil, false
	}
	n, err := strconv.Atoi(strings.Trim(string(raw.MaxReceiveCount), `"`))
	if err != nil || n < 1 {
		return nil, false
	}
	return &redrivePolicy{raw.DeadLetterTargetArn, n}, true
}

type message struct {
	id, body, md5   string
	sent, visibleAt time.Time
	firstReceive    time.Time
	receives        int
	receipt         string // the latest receive's handle
}

// New returns an empty server; set URL before use.
func New() *Server {
	return &Server{queues: map[string]*queue{}, calls: map[string]int{}, wake: make(chan struct{})}
}

// Calls is how many requests of each operation the server answered.
func (s *Server) Calls() map[string]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]int{}
	for k, v := range s.calls {
		out[k] = v
	}
	return out
}

// QueueURL is the URL of queue name (it need not exist).
func (s *Server) QueueURL(name string) string { return s.URL + "/" + accountID + "/" + name }

// QueueARN is the ARN of queue name, as redrive policies name it.
func QueueARN(name string) string { return "arn:aws:sqs:" + region + ":" + accountID + ":" + name }

type apiError struct {
	status int
	code   string // the error shape's name, e.g. "QueueDoesNotExist"
	query  string // the awsQueryError code, e.g. "AWS.SimpleQueueService.NonExistentQueue"
	msg    string
}

func (e *apiError) Error() string { return e.code + ": " + e.msg }

func badParam(format string, a ...any) *apiError {
	return &apiError{http.StatusBadRequest, "InvalidParameterValue", "InvalidParameterValue", fmt.Sprintf(format, a...)}
}

// ServeHTTP answers one JSON-protocol request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	op, ok := strings.CutPrefix(r.Header.Get("X-Amz-Target"), "AmazonSQS.")
	if r.Method != http.MethodPost || !ok {
		writeErr(w, &apiError{http.StatusBadRequest, "InvalidAction", "InvalidAction", "not an AWS JSON 1.0 SQS request"})
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, 2*MaxMessageSize))
	if err != nil {
		writeErr(w, badParam("unreadable body"))
		return
	}
	var out any
	var aerr *apiError
	s.mu.Lock()
	s.calls[op]++
	s.mu.Unlock()
	switch op {
	case "CreateQueue":
		out, aerr = s.createQueue(body)
	case "GetQueueUrl":
		out, aerr = s.getQueueURL(body)
	case "SendMessage":
		out, aerr = s.sendMessage(body)
	case "ReceiveMessage":
		out, aerr = s.receiveMessage(r, body)
	case "DeleteMessage":
		out, aerr = s.deleteMessage(body)
	case "ChangeMessageVisibility":
		out, aerr = s.changeVisibility(body)
	case "GetQueueAttributes":
		out, aerr = s.getAttributes(body)
	default:
		aerr = &apiError{http.StatusBadRequest, "InvalidAction", "InvalidAction", "operation " + op + " is not supported by this test double"}
	}
	if aerr != nil {
		writeErr(w, aerr)
		return
	}
	w.Header().Set("Content-Type", "application/x-amz-json-1.0")
	json.NewEncoder(w).Encode(out)
}

func writeErr(w http.ResponseWriter, e *apiError) {
	w.Header().Set("Content-Type", "application/x-amz-json-1.0")
	w.Header().Set("x-amzn-query-error", e.query+";Sender")
	w.WriteHeader(e.status)
	json.NewEncoder(w).Encode(map[string]string{"__type": "com.amazonaws.sqs#" + e.code, "message": e.msg})
}

func decode(body []byte, v any) *apiError {
	if err := json.Unmarshal(body, v); err != nil {
		return badParam("malformed request: %v", err)
	}
	return nil
}

// seconds reads a count of seconds given as a string attribute.
func seconds(v string, max time.Duration, name string) (time.Duration, *apiError) {
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 || time.Duration(n)*time.Second > max {
		return 0, badParam("%s %q is not a number of seconds from 0 to %d", name, v, int(max/time.Second))
	}
	return time.Duration(n) * time.Second, nil
}

func (s *Server) createQueue(body []byte) (any, *apiError) {
	var in struct {
		QueueName  string
		Attributes map[string]string
	}
	if e := decode(body, &in); e != nil {
		return nil, e
	}
	if in.QueueName == "" || strings.ContainsAny(in.QueueName, "/: ") || len(in.QueueName) > 80 {
		return nil, badParam("bad queue name %q", in.QueueName)
	}
	q := &queue{name: in.QueueName, visibility: defaultVisible, retention: defaultRetain}
	var e *apiError
	for k, v := range in.Attributes {
		switch k {
		case "VisibilityTimeout":
			q.visibility, e = seconds(v, MaxVisibility, k)
		case "DelaySeconds":
			q.delay, e = seconds(v, MaxDelay, k)
		case "MessageRetentionPeriod":
			q.retention, e = seconds(v, 14*24*time.Hour, k)
		case "RedrivePolicy":
			p, ok := parseRedrive(v)
			if !ok {
				e = badParam("bad RedrivePolicy %q", v)
			}
			q.redrive, q.redriveRaw = p, v
		default:
			e = badParam("attribute %s is not supported by this test double", k)
		}
		if e != nil {
			return nil, e
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.queues[q.name]; !ok {
		s.queues[q.name] = q
	}
	return map[string]string{"QueueUrl": s.QueueURL(q.name)}, nil
}

func (s *Server) getQueueURL(body []byte) (any, *apiError) {
	var in struct{ QueueName string }
	if e := decode(body, &in); e != nil {
		return nil, e
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.queues[in.QueueName]; !ok {
		return nil, noQueue(in.QueueName)
	}
	return map[string]string{"QueueUrl": s.QueueURL(in.QueueName)}, nil
}

func noQueue(q string) *apiError {
	return &apiError{http.StatusBadRequest, "QueueDoesNotExist", "AWS.SimpleQueueService.NonExistentQueue", "The specified queue does not exist: " + q}
}

// lookup finds the queue of a URL; s.mu is held.
func (s *Server) lookup(url string) (*queue, *apiError) {
	name := url[strings.LastIndex(url, "/")+1:]
	q, ok := s.queues[name]
	if !ok || url != s.QueueURL(name) {
		return nil, noQueue(url)
	}
	return q, nil
}

func (s *Server) newID() string {
	var b [16]byte
	rand.Read(b[:])
	s.seq++
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

func md5hex(s string) string {
	h := md5.Sum([]byte(s))
	return hex.EncodeToString(h[:])
}

// notify wakes long polls; s.mu is held.
func (s *Server) notify() {
	close(s.wake)
	s.wake = make(chan struct{})
}

func (s *Server) sendMessage(body []byte) (any, *apiError) {
	var in struct {
		QueueUrl     string
		MessageBody  string
		DelaySeconds *int
	}
	if e := decode(body, &in); e != nil {
		return nil, e
	}
	if in.MessageBody == "" || len(in.MessageBody) > MaxMessageSize {
		return nil, badParam("message body of %d bytes (1 to %d)", len(in.MessageBody), MaxMessageSize)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	q, e := s.lookup(in.QueueUrl)
	if e != nil {
		return nil, e
	}
	delay := q.delay
	if in.DelaySeconds != nil {
		if *in.DelaySeconds < 0 || time.Duration(*in.DelaySeconds)*time.Second > MaxDelay {
			return nil, badParam("DelaySeconds %d is not from 0 to 900", *in.DelaySeconds)
		}
		delay = time.Duration(*in.DelaySeconds) * time.Second
	}
	now := time.Now()
	m := &message{id: s.newID(), body: in.MessageBody, md5: md5hex(in.MessageBody), sent: now, visibleAt: now.Add(delay)}
	q.msgs = append(q.msgs, m)
	s.notify()
	return map[string]string{"MessageId": m.id, "MD5OfMessageBody": m.md5}, nil
}

type outMessage struct {
	MessageId     string
	ReceiptHandle string
	MD5OfBody     string
	Body          string
	Attributes    map[string]string
}

// take receives up to n visible messages of q at now, moving those over the redrive
// policy's count to the dead-letter queue; s.mu is held.
func (s *Server) take(q *queue, n int, vis time.Duration, now time.Time) []outMessage {
	var out []outMessage
	keep := q.msgs[:0]
	for _, m := range q.msgs {
		switch {
		case now.Sub(m.sent) > q.retention:
			continue // expired
		case len(out) < n && !m.visibleAt.After(now) && q.redrive != nil && m.receives >= q.redrive.MaxReceiveCount:
			if dlq := s.queues[q.redrive.DeadLetterTargetArn[strings.LastIndex(q.redrive.DeadLetterTargetArn, ":")+1:]]; dlq != nil {
				m.visibleAt, m.receipt = now, ""
				dlq.msgs = append(dlq.msgs, m)
			}
			continue
		case len(out) < n && !m.visibleAt.After(now):
			m.receives++
			if m.receives == 1 {
				m.firstReceive = now
			}
			m.visibleAt = now.Add(vis)
			m.receipt = m.id + "#" + s.newID()
			out = append(out, outMessage{MessageId: m.id, ReceiptHandle: m.receipt, MD5OfBody: m.md5, Body: m.body, Attributes: map[string]string{
				"ApproximateReceiveCount":          strconv.Itoa(m.receives),
				"SentTimestamp":                    strconv.FormatInt(m.sent.UnixMilli(), 10),
				"ApproximateFirstReceiveTimestamp": strconv.FormatInt(m.firstReceive.UnixMilli(), 10),
				"SenderId":                         accountID,
			}})
		}
		keep = append(keep, m)
	}
	q.msgs = keep
	return out
}

func (s *Server) receiveMessage(r *http.Request, body []byte) (any, *apiError) {
	var in struct {
		QueueUrl            string
		MaxNumberOfMessages *int
		VisibilityTimeout   *int
		WaitTimeSeconds     *int
	}
	if e := decode(body, &in); e != nil {
		return nil, e
	}
	n := 1
	if in.MaxNumberOfMessages != nil {
		n = *in.MaxNumberOfMessages
		if n < 1 || n > MaxBatch {
			return nil, badParam("MaxNumberOfMessages %d is not from 1 to 10", n)
		}
	}
	var wait time.Duration
	if in.WaitTimeSeconds != nil {
		wait = time.Duration(*in.WaitTimeSeconds) * time.Second
		if wait < 0 || wait > MaxWait {
			return nil, badParam("WaitTimeSeconds %d is not from 0 to 20", *in.WaitTimeSeconds)
		}
	}
	deadline := time.Now().Add(wait)
	for {
		s.mu.Lock()
		q, e := s.lookup(in.QueueUrl)
		if e != nil {
			s.mu.Unlock()
			return nil, e
		}
		vis := q.visibility
		if in.VisibilityTimeout != nil {
			vis = time.Duration(*in.VisibilityTimeout) * time.Second
			if vis < 0 || vis > MaxVisibility {
				s.mu.Unlock()
				return nil, badParam("VisibilityTimeout %d is out of range", *in.VisibilityTimeout)
			}
		}
		now := time.Now()
		out := s.take(q, n, vis, now)
		// The next instant a message of q becomes visible, to wake up for it.
		next := deadline
		for _, m := range q.msgs {
			if m.visibleAt.After(now) && m.visibleAt.Before(next) {
				next = m.visibleAt
			}
		}
		wake := s.wake
		s.mu.Unlock()
		if len(out) > 0 || !now.Before(deadline) {
			return map[string]any{"Messages": out}, nil
		}
		t := time.NewTimer(time.Until(next) + time.Millisecond)
		select {
		case <-wake:
		case <-t.C:
		case <-r.Context().Done():
			t.Stop()
			return map[string]any{"Messages": []outMessage{}}, nil
		}
		t.Stop()
	}
}

// inflight finds the message a receipt handle names; s.mu is held.
func (q *queue) inflight(handle string) *message {
	for _, m := range q.msgs {
		if m.receipt == handle && handle != "" {
			return m
		}
	}
	return nil
}

func (s *Server) deleteMessage(body []byte) (any, *apiError) {
	var in struct{ QueueUrl, ReceiptHandle string }
	if e := decode(body, &in); e != nil {
		return nil, e
	}
	if !strings.Contains(in.ReceiptHandle, "#") {
		return nil, &apiError{http.StatusBadRequest, "ReceiptHandleIsInvalid", "ReceiptHandleIsInvalid", "The input receipt handle is invalid."}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	q, e := s.lookup(in.QueueUrl)
	if e != nil {
		return nil, e
	}
	// A handle of an earlier receive deletes nothing and succeeds, as SQS may.
	for i, m := range q.msgs {
		if m.receipt == in.ReceiptHandle {
			q.msgs = append(q.msgs[:i], q.msgs[i+1:]...)
			break
		}
	}
	return struct{}{}, nil
}

func (s *Server) changeVisibility(body []byte) (any, *apiError) {
	var in struct {
		QueueUrl, ReceiptHandle string
		VisibilityTimeout       int
	}
	if e := decode(body, &in); e != nil {
		return nil, e
	}
	if in.VisibilityTimeout < 0 || time.Duration(in.VisibilityTimeout)*time.Second > MaxVisibility {
		return nil, badParam("VisibilityTimeout %d is out of range", in.VisibilityTimeout)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	q, e := s.lookup(in.QueueUrl)
	if e != nil {
		return nil, e
	}
	m := q.inflight(in.ReceiptHandle)
	now := time.Now()
	if m == nil || !m.visibleAt.After(now) {
		return nil, &apiError{http.StatusBadRequest, "MessageNotInflight", "AWS.SimpleQueueService.MessageNotInflight", "The message referred to isn't in flight."}
	}
	m.visibleAt = now.Add(time.Duration(in.VisibilityTimeout) * time.Second)
	s.notify()
	return struct{}{}, nil
}

func (s *Server) getAttributes(body []byte) (any, *apiError) {
	var in struct {
		QueueUrl       string
		AttributeNames []string
	}
	if e := decode(body, &in); e != nil {
		return nil, e
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	q, e := s.lookup(in.QueueUrl)
	if e != nil {
		return nil, e
	}
	now := time.Now()
	visible, inflight, delayed := 0, 0, 0
	for _, m := range q.msgs {
		switch {
		case !m.visibleAt.After(now):
			visible++
		case m.receives > 0:
			inflight++
		default:
			delayed++
		}
	}
	all := map[string]string{
		"ApproximateNumberOfMessages":           strconv.Itoa(visible),
		"ApproximateNumberOfMessagesNotVisible": strconv.Itoa(inflight),
		"ApproximateNumberOfMessagesDelayed":    strconv.Itoa(delayed),
		"VisibilityTimeout":                     strconv.Itoa(int(q.visibility / time.Second)),
		"DelaySeconds":                          strconv.Itoa(int(q.delay / time.Second)),
		"MessageRetentionPeriod":                strconv.Itoa(int(q.retention / time.Second)),
		"QueueArn":                              QueueARN(q.name),
	}
	if q.redrive != nil {
		all["RedrivePolicy"] = q.redriveRaw
	}
	out := map[string]string{}
	for _, n := range in.AttributeNames {
		if n == "All" {
			out = all
			break
		}
		if v, ok := all[n]; ok {
			out[n] = v
		}
	}
	return map[string]any{"Attributes": out}, nil
}
