// Package lambdalocal emulates the Lambda service around the official Lambda Runtime
// Interface Emulator (aws-lambda-rie, installed by mk/aws.mk): each function is a pool of
// emulator processes (execution environments) running its real bootstrap, reached through
// the Lambda Invoke API that aws-sdk-go-v2's lambda client calls (AWS_ENDPOINT_URL_LAMBDA),
// with the semantics of the Lambda documentation that the functions rely on:
//
//   - Invoke (POST /2015-03-31/functions/{name}/invocations): RequestResponse runs the
//     event and answers its result (X-Amz-Function-Error: Unhandled for a function error);
//     Event answers 202 and queues it; DryRun answers 204. An unknown function is 404
//     ResourceNotFoundException.
//   - Asynchronous invocation ("Lambda async invocation" docs): a function error is retried
//     MaxRetryAttempts times (0-2, default 2) after RetryDelay (Lambda waits about one
//     minute, then two); an event older than MaxEventAge is dropped; a dropped or
//     exhausted event goes to the OnFailure SQS destination as Lambda's destination record.
//   - An SQS event source mapping ("Using Lambda with Amazon SQS"): pollers receive up to
//     BatchSize messages, invoke the function with an events.SQSEvent, delete the messages
//     that succeeded (with ReportBatchItemFailures, all but the batchItemFailures; an
//     answer that names a message not in the batch fails the whole batch) and leave the
//     rest to come back after the queue's visibility timeout (the queue's redrive policy
//     moves them to its dead-letter queue after maxReceiveCount receives).
//
// Each environment takes one invocation at a time, as on Lambda; an invocation when all
// of a function's environments are busy waits for one (Lambda would start another or
// throttle). Test switches: FailNext, DuplicateNext. Figures: Stats (the REPORT lines'
// durations, INIT REPORT's init times, peak memory read from /proc).
package lambdalocal

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	sqstypes "github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

// Payload limits of the Invoke API (Lambda quotas).
const (
	MaxSyncPayload  = 6 << 20
	MaxAsyncPayload = 256 << 10
	region          = "us-east-1"
	account         = "123456789012"
)

// Function is one function of the emulated service.
type Function struct {
	// Name is the function name (the Invoke API also takes its ARN).
	Name string
	// Bootstrap is the built bootstrap binary.
	Bootstrap string
	// Env is the function's environment, NAME=value (the emulator passes it through).
	Env []string
	// MemoryMB and Timeout as in the template (defaults 128 MB, 3 s, Lambda's).
	MemoryMB int
	Timeout  time.Duration
	// Instances bounds the execution environments (default 2).
	Instances int
	// MaxRetryAttempts is the asynchronous retries of a function error (EventInvokeConfig;
	// -1 means Lambda's default, 2). MaxEventAge drops older events (default 6 h).
	MaxRetryAttempts int
	MaxEventAge      time.Duration
	// RetryDelay is the wait before an async retry (default 1 min, as Lambda's first).
	RetryDelay time.Duration
	// OnFailure is the URL of the SQS queue that gets the records of failed async events
	// ("" none).
	OnFailure string
}

// Result is one invocation's answer.
type Result struct {
	Payload []byte
	// FunctionError is "" or "Unhandled" (the Invoke API's X-Amz-Function-Error).
	FunctionError string
	// DurationMs and BilledMs are the REPORT line's (0 when it was not seen).
	DurationMs, BilledMs float64
	// Exited: the runtime exited during the invocation (a Go panic); the environment
	// inits again for the next one.
	Exited bool
}

// instance is one execution environment (rieInstance; a fake in tests).
type instance interface {
	invoke(ctx context.Context, requestID string, payload []byte) (Result, error)
	Close() error
}

// Service is the emulated Lambda service; serve it over HTTP (its Invoke API).
type Service struct {
	rie    string
	logDir string
	sqs    *sqs.Client
	log    *slog.Logger
	fns    map[string]*function
	start  func(ctx context.Context, f *function, n int) (instance, error)

	onInvoke func(function string, payload []byte, res Result)

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
	esms   []*Mapping
}

type function struct {
	svc   *Service
	cfg   Function
	slots chan struct{} // one per environment that may run

	mu       sync.Mutex
	idle     []instance
	all      []instance
	failNext int
	dupNext  int
	stats    stats
}

// Config is what New builds a service from.
type Config struct {
	// RIE is the aws-lambda-rie binary (FindRIE).
	RIE string
	// LogDir gets each environment's output (its function's logs and the emulator's).
	LogDir string
	// SQS sends destination records and polls the event source mappings' queues.
	SQS *sqs.Client
	Log *slog.Logger
	// OnInvoke, when set, is called after every invocation that ran (for counters).
	OnInvoke func(function string, payload []byte, res Result)
}

// New returns a service with no functions; Add them, then serve it.
func New(cfg Config) *Service {
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.LogDir == "" {
		cfg.LogDir = os.TempDir()
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &Service{rie: cfg.RIE, logDir: cfg.LogDir, sqs: cfg.SQS, log: cfg.Log, fns: map[string]*function{}, ctx: ctx, cancel: cancel, onInvoke: cfg.OnInvoke}
	s.start = func(ctx context.Context, f *function, n int) (instance, error) { return startRIE(ctx, f, n) }
	return s
}

// Add registers a function (before serving).
func (s *Service) Add(f Function) {
	if f.MemoryMB == 0 {
		f.MemoryMB = 128
	}
	if f.Timeout == 0 {
		f.Timeout = 3 * time.Second
	}
	if f.Instances <= 0 {
		f.Instances = 2
	}
	if f.MaxRetryAttempts < 0 {
		f.MaxRetryAttempts = 2
	}
	if f.MaxEventAge == 0 {
		f.MaxEventAge = 6 * time.Hour
	}
	if f.RetryDelay == 0 {
		f.RetryDelay = time.Minute
	}
	s.fns[f.Name] = &function{svc: s, cfg: f, slots: make(chan struct{}, f.Instances)}
}

// ARN is the ARN the emulator gives function name.
func ARN(name string) string { return "arn:aws:lambda:" + region + ":" + account + ":function:" + name }

// lookup finds a function by name or ARN (a qualifier is ignored).
func (s *Service) lookup(name string) *function {
	if i := strings.Index(name, ":function:"); i >= 0 {
		name = name[i+len(":function:"):]
	}
	name, _, _ = strings.Cut(name, ":")
	return s.fns[name]
}

// FailNext makes the next n invocations of function name fail as function errors
// (errorType InjectedFailure) without running it.
func (s *Service) FailNext(name string, n int) {
	f := s.lookup(name)
	f.mu.Lock()
	f.failNext += n
	f.mu.Unlock()
}

// DuplicateNext delivers each of the next n asynchronous events of function name twice
// (Lambda delivers async events at least once).
func (s *Service) DuplicateNext(name string, n int) {
	f := s.lookup(name)
	f.mu.Lock()
	f.dupNext += n
	f.mu.Unlock()
}

func newRequestID() string {
	var b [16]byte
	rand.Read(b[:])
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

// Invoke runs one invocation in a free environment of the function, starting one when
// none is idle and fewer than Instances run, else waiting for one.
func (s *Service) Invoke(ctx context.Context, name string, payload []byte) (Result, error) {
	f := s.lookup(name)
	if f == nil {
		return Result{}, fmt.Errorf("lambdalocal: no function %q", name)
	}
	return f.invoke(ctx, newRequestID(), payload)
}

func (f *function) invoke(ctx context.Context, requestID string, payload []byte) (Result, error) {
	f.mu.Lock()
	if f.failNext > 0 {
		f.failNext--
		f.mu.Unlock()
		f.stats.count(true)
		return Result{FunctionError: "Unhandled", Payload: []byte(`{"errorMessage":"lambdalocal: injected failure","errorType":"InjectedFailure"}`)}, nil
	}
	f.mu.Unlock()
	select {
	case f.slots <- struct{}{}:
	case <-ctx.Done():
		return Result{}, ctx.Err()
	}
	defer func() { <-f.slots }()
	f.mu.Lock()
	var in instance
	if n := len(f.idle); n > 0 {
		in, f.idle = f.idle[n-1], f.idle[:n-1]
		f.mu.Unlock()
	} else {
		n := len(f.all)
		f.mu.Unlock()
		var err error
		if in, err = f.svc.start(ctx, f, n); err != nil {
			return Result{}, err
		}
		f.mu.Lock()
		f.all = append(f.all, in)
		f.mu.Unlock()
		f.stats.cold()
	}
	res, err := in.invoke(ctx, requestID, payload)
	f.mu.Lock()
	f.idle = append(f.idle, in)
	f.mu.Unlock()
	if err != nil {
		return res, err
	}
	f.stats.count(res.FunctionError != "")
	f.stats.addDuration(res.DurationMs, res.BilledMs)
	if f.svc.onInvoke != nil {
		f.svc.onInvoke(f.cfg.Name, payload, res)
	}
	return res, nil
}

// ServeHTTP is the Invoke API.
func (s *Service) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rest, ok := strings.CutPrefix(r.URL.Path, "/2015-03-31/functions/")
	name, ok2 := strings.CutSuffix(rest, "/invocations")
	if r.Method != http.MethodPost || !ok || !ok2 {
		apiError(w, http.StatusNotFound, "UnknownOperationException", "unknown operation "+r.Method+" "+r.URL.Path)
		return
	}
	f := s.lookup(name)
	if f == nil {
		apiError(w, http.StatusNotFound, "ResourceNotFoundException", "Function not found: "+ARN(name))
		return
	}
	payload, err := io.ReadAll(io.LimitReader(r.Body, MaxSyncPayload+1))
	if err != nil {
		apiError(w, http.StatusBadRequest, "InvalidRequestContentException", err.Error())
		return
	}
	if len(payload) == 0 {
		payload = []byte("{}")
	}
	if !json.Valid(payload) {
		apiError(w, http.StatusBadRequest, "InvalidRequestContentException", "Could not parse request body into json")
		return
	}
	requestID := newRequestID()
	w.Header().Set("X-Amzn-RequestId", requestID)
	switch typ := r.Header.Get("X-Amz-Invocation-Type"); typ {
	case "", "RequestResponse":
		if len(payload) > MaxSyncPayload {
			apiError(w, http.StatusRequestEntityTooLarge, "RequestTooLargeException", "payload over 6 MB")
			return
		}
		res, err := f.invoke(r.Context(), requestID, payload)
		if err != nil {
			s.log.Error("lambdalocal: invoke", "function", f.cfg.Name, "err", err)
			apiError(w, http.StatusBadGateway, "ServiceException", err.Error())
			return
		}
		w.Header().Set("X-Amz-Executed-Version", "$LATEST")
		if res.FunctionError != "" {
			w.Header().Set("X-Amz-Function-Error", res.FunctionError)
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(res.Payload)
	case "Event":
		if len(payload) > MaxAsyncPayload {
			apiError(w, http.StatusRequestEntityTooLarge, "RequestTooLargeException", "payload over 256 KB")
			return
		}
		f.enqueue(requestID, payload)
		w.WriteHeader(http.StatusAccepted)
	case "DryRun":
		w.WriteHeader(http.StatusNoContent)
	default:
		apiError(w, http.StatusBadRequest, "InvalidParameterValueException", "bad X-Amz-Invocation-Type "+typ)
	}
}

func apiError(w http.ResponseWriter, status int, typ, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Amzn-ErrorType", typ)
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]string{"Type": "User", "message": msg})
}

// asyncEvent is one queued asynchronous invocation.
type asyncEvent struct {
	requestID string
	payload   []byte
	queued    time.Time
	attempts  int
	last      *Result
}

// enqueue accepts an async event (and its duplicate when DuplicateNext asks for one).
func (f *function) enqueue(requestID string, payload []byte) {
	f.mu.Lock()
	dup := f.dupNext > 0
	if dup {
		f.dupNext--
	}
	f.mu.Unlock()
	f.stats.asyncf(func(a *AsyncStats) {
		a.Accepted++
		if dup {
			a.Duplicates++
		}
	})
	f.run(&asyncEvent{requestID: requestID, payload: payload, queued: time.Now()}, 0)
	if dup {
		f.run(&asyncEvent{requestID: requestID, payload: payload, queued: time.Now()}, 0)
	}
}

// run attempts ev after delay, in its own goroutine.
func (f *function) run(ev *asyncEvent, delay time.Duration) {
	s := f.svc
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		if delay > 0 {
			select {
			case <-time.After(delay):
			case <-s.ctx.Done():
				return
			}
		}
		if time.Since(ev.queued) > f.cfg.MaxEventAge {
			f.stats.asyncf(func(a *AsyncStats) { a.DroppedAge++ })
			f.failed(ev, "EventAgeExceeded")
			return
		}
		ctx, cancel := context.WithTimeout(s.ctx, f.cfg.Timeout+30*time.Second)
		res, err := f.invoke(ctx, ev.requestID, ev.payload)
		cancel()
		if s.ctx.Err() != nil {
			return
		}
		if err != nil { // the service could not run it: retried as a throttle, not counted
			s.log.Warn("lambdalocal: async invoke", "function", f.cfg.Name, "err", err)
			f.run(ev, f.cfg.RetryDelay)
			return
		}
		ev.attempts++
		if res.FunctionError == "" {
			return
		}
		ev.last = &res
		if ev.attempts <= f.cfg.MaxRetryAttempts {
			f.stats.asyncf(func(a *AsyncStats) { a.Retries++ })
			f.run(ev, f.cfg.RetryDelay)
			return
		}
		f.failed(ev, "RetriesExhausted")
	}()
}

// DestinationRecord is the record Lambda sends to an async invocation's destination
// ("Capturing records of Lambda asynchronous invocations").
type DestinationRecord struct {
	Version        string `json:"version"`
	Timestamp      string `json:"timestamp"`
	RequestContext struct {
		RequestID              string `json:"requestId"`
		FunctionArn            string `json:"functionArn"`
		Condition              string `json:"condition"`
		ApproximateInvokeCount int    `json:"approximateInvokeCount"`
	} `json:"requestContext"`
	RequestPayload  json.RawMessage  `json:"requestPayload"`
	ResponseContext *ResponseContext `json:"responseContext,omitempty"`
	ResponsePayload json.RawMessage  `json:"responsePayload,omitempty"`
}

// ResponseContext is the destination record's account of the last attempt.
type ResponseContext struct {
	StatusCode      int    `json:"statusCode"`
	ExecutedVersion string `json:"executedVersion"`
	FunctionError   string `json:"functionError,omitempty"`
}

// failed sends ev's destination record to OnFailure, when configured.
func (f *function) failed(ev *asyncEvent, condition string) {
	if f.cfg.OnFailure == "" || f.svc.sqs == nil {
		f.svc.log.Warn("lambdalocal: async event dropped", "function", f.cfg.Name, "condition", condition, "payload", string(ev.payload))
		return
	}
	var rec DestinationRecord
	rec.Version = "1.0"
	rec.Timestamp = time.Now().UTC().Format("2006-01-02T15:04:05.000Z")
	rec.RequestContext.RequestID = ev.requestID
	rec.RequestContext.FunctionArn = ARN(f.cfg.Name) + ":$LATEST"
	rec.RequestContext.Condition = condition
	rec.RequestContext.ApproximateInvokeCount = ev.attempts
	rec.RequestPayload = rawJSON(ev.payload)
	if ev.last != nil {
		rec.ResponseContext = &ResponseContext{StatusCode: 200, ExecutedVersion: "$LATEST", FunctionError: ev.last.FunctionError}
		rec.ResponsePayload = rawJSON(ev.last.Payload)
	}
	b, _ := json.Marshal(rec)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := f.svc.sqs.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String(f.cfg.OnFailure), MessageBody: aws.String(string(b))}); err != nil {
		f.svc.log.Error("lambdalocal: on-failure destination", "function", f.cfg.Name, "err", err)
		return
	}
	f.stats.asyncf(func(a *AsyncStats) { a.ToDestination++ })
}

// rawJSON keeps b as JSON when it is, else as a JSON string.
func rawJSON(b []byte) json.RawMessage {
	if json.Valid(b) {
		return b
	}
	q, _ := json.Marshal(string(b))
	return q
}

// Mapping is an SQS event source mapping of a function.
type Mapping struct {
	Function string
	QueueURL string
	QueueARN string
	// BatchSize is the most messages per invocation (1-10, default 10).
	BatchSize int
	// ReportBatchItemFailures: the function answers events.SQSEventResponse.
	ReportBatchItemFailures bool
	// Pollers is the number of concurrent pollers (default 2).
	Pollers int

	svc   *Service
	mu    sync.Mutex
	stats MappingStats
}

// MappingStats counts what an event source mapping did.
type MappingStats struct {
	Batches, Messages, Deleted, Failed, FunctionErrors int
}

// Map starts polling m.QueueURL for m.Function; Close stops it.
func (s *Service) Map(m *Mapping) error {
	if s.lookup(m.Function) == nil {
		return fmt.Errorf("lambdalocal: no function %q", m.Function)
	}
	if s.sqs == nil {
		return fmt.Errorf("lambdalocal: an SQS mapping needs Config.SQS")
	}
	if m.BatchSize <= 0 || m.BatchSize > 10 {
		m.BatchSize = 10
	}
	if m.Pollers <= 0 {
		m.Pollers = 2
	}
	m.svc = s
	s.esms = append(s.esms, m)
	for range m.Pollers {
		s.wg.Add(1)
		go m.poll()
	}
	return nil
}

// Stats returns the mapping's counts.
func (m *Mapping) Stats() MappingStats {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.stats
}

func (m *Mapping) poll() {
	s := m.svc
	defer s.wg.Done()
	for s.ctx.Err() == nil {
		out, err := s.sqs.ReceiveMessage(s.ctx, &sqs.ReceiveMessageInput{
			QueueUrl: aws.String(m.QueueURL), MaxNumberOfMessages: int32(m.BatchSize), WaitTimeSeconds: 1,
			MessageSystemAttributeNames: []sqstypes.MessageSystemAttributeName{sqstypes.MessageSystemAttributeNameAll},
		})
		if err != nil {
			if s.ctx.Err() == nil {
				s.log.Warn("lambdalocal: receive", "queue", m.QueueURL, "err", err)
				time.Sleep(200 * time.Millisecond)
			}
			continue
		}
		if len(out.Messages) > 0 {
			m.deliver(out.Messages)
		}
	}
}

// deliver invokes the function with one batch and deletes what succeeded.
func (m *Mapping) deliver(msgs []sqstypes.Message) {
	s := m.svc
	ev := events.SQSEvent{}
	for _, msg := range msgs {
		ev.Records = append(ev.Records, events.SQSMessage{
			MessageId: aws.ToString(msg.MessageId), ReceiptHandle: aws.ToString(msg.ReceiptHandle), Body: aws.ToString(msg.Body),
			Md5OfBody: aws.ToString(msg.MD5OfBody), Attributes: msg.Attributes, MessageAttributes: map[string]events.SQSMessageAttribute{},
			EventSourceARN: m.QueueARN, EventSource: "aws:sqs", AWSRegion: region,
		})
	}
	payload, _ := json.Marshal(ev)
	ctx, cancel := context.WithTimeout(s.ctx, 2*time.Minute)
	defer cancel()
	res, err := s.Invoke(ctx, m.Function, payload)
	m.mu.Lock()
	m.stats.Batches++
	m.stats.Messages += len(msgs)
	m.mu.Unlock()
	if err != nil || res.FunctionError != "" {
		// The whole batch comes back after the visibility timeout.
		m.mu.Lock()
		m.stats.Failed += len(msgs)
		if err == nil {
			m.stats.FunctionErrors++
		}
		m.mu.Unlock()
		return
	}
	failed := map[string]bool{}
	if m.ReportBatchItemFailures {
		var resp events.SQSEventResponse
		ok := len(bytes.TrimSpace(res.Payload)) == 0 || string(bytes.TrimSpace(res.Payload)) == "null" || json.Unmarshal(res.Payload, &resp) == nil
		ids := map[string]bool{}
		for _, r := range ev.Records {
			ids[r.MessageId] = true
		}
		for _, f := range resp.BatchItemFailures {
			if !ids[f.ItemIdentifier] {
				ok = false
			}
			failed[f.ItemIdentifier] = true
		}
		if !ok { // an answer Lambda cannot read fails the whole batch
			m.mu.Lock()
			m.stats.Failed += len(msgs)
			m.mu.Unlock()
			return
		}
	}
	for _, r := range ev.Records {
		if failed[r.MessageId] {
			m.mu.Lock()
			m.stats.Failed++
			m.mu.Unlock()
			continue
		}
		dctx, dcancel := context.WithTimeout(context.Background(), 10*time.Second)
		_, err := s.sqs.DeleteMessage(dctx, &sqs.DeleteMessageInput{QueueUrl: aws.String(m.QueueURL), ReceiptHandle: aws.String(r.ReceiptHandle)})
		dcancel()
		if err != nil {
			s.log.Warn("lambdalocal: delete", "queue", m.QueueURL, "err", err)
			continue
		}
		m.mu.Lock()
		m.stats.Deleted++
		m.mu.Unlock()
	}
}

// Close stops the mappings and the queued async events, and stops every environment.
func (s *Service) Close() {
	s.cancel()
	s.wg.Wait()
	for _, f := range s.fns {
		f.mu.Lock()
		all := f.all
		f.all, f.idle = nil, nil
		f.mu.Unlock()
		for _, in := range all {
			in.Close()
		}
	}
}

// Names lists the functions, sorted.
func (s *Service) Names() []string {
	var out []string
	for n := range s.fns {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
