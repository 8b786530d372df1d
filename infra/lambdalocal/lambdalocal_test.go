package lambdalocal

import (
	"context"
	"encoding/json"
	"errors"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/lambda"
	ltypes "github.com/aws/aws-sdk-go-v2/service/lambda/types"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	sqstypes "github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"madang/infra/sqslocal"
)

// fakeInstance runs a Go function as the environment (the semantics around the emulator
// are tested without it; TestRIE runs the real one).
type fakeInstance struct{ h func(payload []byte) Result }

func (f fakeInstance) invoke(_ context.Context, _ string, p []byte) (Result, error) {
	return f.h(p), nil
}
func (fakeInstance) Close() error { return nil }

type rig struct {
	svc    *Service
	sqsSrv *sqslocal.Server
	sqs    *sqs.Client
	lambda *lambda.Client
	mu     sync.Mutex
	calls  map[string][][]byte
}

func newRig(t *testing.T, h func(fn string, payload []byte) Result) *rig {
	t.Helper()
	ss := sqslocal.New()
	sq := httptest.NewServer(ss)
	t.Cleanup(sq.Close)
	ss.URL = sq.URL
	creds := credentials.NewStaticCredentialsProvider("x", "y", "")
	r := &rig{sqsSrv: ss, calls: map[string][][]byte{}}
	r.sqs = sqs.New(sqs.Options{Region: "us-east-1", BaseEndpoint: aws.String(sq.URL), Credentials: creds})
	r.svc = New(Config{SQS: r.sqs, LogDir: t.TempDir()})
	r.svc.start = func(_ context.Context, f *function, _ int) (instance, error) {
		name := f.cfg.Name
		return fakeInstance{func(p []byte) Result {
			r.mu.Lock()
			r.calls[name] = append(r.calls[name], p)
			r.mu.Unlock()
			return h(name, p)
		}}, nil
	}
	ls := httptest.NewServer(r.svc)
	t.Cleanup(func() { r.svc.Close(); ls.Close() })
	r.lambda = lambda.New(lambda.Options{Region: "us-east-1", BaseEndpoint: aws.String(ls.URL), Credentials: creds})
	return r
}

func (r *rig) queue(t *testing.T, name string, attrs map[string]string) string {
	t.Helper()
	out, err := r.sqs.CreateQueue(context.Background(), &sqs.CreateQueueInput{QueueName: aws.String(name), Attributes: attrs})
	if err != nil {
		t.Fatal(err)
	}
	return *out.QueueUrl
}

func (r *rig) ncalls(fn string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.calls[fn])
}

// waitFor polls cond until it holds, failing after 20 s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func receiveOne(t *testing.T, r *rig, url string) sqstypes.Message {
	t.Helper()
	for range 20 {
		out, err := r.sqs.ReceiveMessage(context.Background(), &sqs.ReceiveMessageInput{QueueUrl: aws.String(url), WaitTimeSeconds: 1})
		if err != nil {
			t.Fatal(err)
		}
		if len(out.Messages) > 0 {
			return out.Messages[0]
		}
	}
	t.Fatalf("nothing arrived in %s", url)
	return sqstypes.Message{}
}

func echo(_ string, p []byte) Result { return Result{Payload: p} }

func TestInvokeAPI(t *testing.T) {
	r := newRig(t, func(fn string, p []byte) Result {
		if strings.Contains(string(p), "fail") {
			return Result{Payload: []byte(`{"errorMessage":"x","errorType":"y"}`), FunctionError: "Unhandled"}
		}
		return Result{Payload: p}
	})
	r.svc.Add(Function{Name: "echo"})
	ctx := context.Background()
	out, err := r.lambda.Invoke(ctx, &lambda.InvokeInput{FunctionName: aws.String("echo"), Payload: []byte(`{"a":1}`)})
	if err != nil || out.StatusCode != 200 || string(out.Payload) != `{"a":1}` || out.FunctionError != nil {
		t.Fatalf("RequestResponse: %+v %v", out, err)
	}
	out, err = r.lambda.Invoke(ctx, &lambda.InvokeInput{FunctionName: aws.String(ARN("echo")), Payload: []byte(`{"fail":1}`)})
	if err != nil || aws.ToString(out.FunctionError) != "Unhandled" {
		t.Fatalf("function error by ARN: %+v %v", out, err)
	}
	out, err = r.lambda.Invoke(ctx, &lambda.InvokeInput{FunctionName: aws.String("echo"), InvocationType: ltypes.InvocationTypeEvent, Payload: []byte(`{"b":2}`)})
	if err != nil || out.StatusCode != 202 {
		t.Fatalf("Event: %+v %v", out, err)
	}
	waitFor(t, "the async event", func() bool { return r.ncalls("echo") == 3 })
	_, err = r.lambda.Invoke(ctx, &lambda.InvokeInput{FunctionName: aws.String("nope"), Payload: []byte(`{}`)})
	var nf *ltypes.ResourceNotFoundException
	if !errors.As(err, &nf) {
		t.Fatalf("unknown function: %v", err)
	}
	_, err = r.lambda.Invoke(ctx, &lambda.InvokeInput{FunctionName: aws.String("echo"), Payload: []byte(`not json`)})
	var bad *ltypes.InvalidRequestContentException
	if !errors.As(err, &bad) {
		t.Fatalf("a payload that is not JSON: %v", err)
	}
	if st := r.svc.Stats()[0]; st.Invocations != 3 || st.FunctionErrors != 1 || st.Environments != 1 || st.Async.Accepted != 1 {
		t.Fatalf("stats %+v", st)
	}
}

func TestAsyncRetryAndDestination(t *testing.T) {
	r := newRig(t, echo)
	dest := r.queue(t, "failures", nil)
	r.svc.Add(Function{Name: "ai", MaxRetryAttempts: 1, RetryDelay: 10 * time.Millisecond, OnFailure: dest})
	ctx := context.Background()
	invoke := func(p string) {
		t.Helper()
		if _, err := r.lambda.Invoke(ctx, &lambda.InvokeInput{FunctionName: aws.String("ai"), InvocationType: ltypes.InvocationTypeEvent, Payload: []byte(p)}); err != nil {
			t.Fatal(err)
		}
	}
	// One failure: the retry runs it.
	r.svc.FailNext("ai", 1)
	invoke(`{"room":"a","version":1}`)
	waitFor(t, "the retry", func() bool { return r.ncalls("ai") == 1 })
	// Two failures: retries exhausted, the record goes to the destination.
	r.svc.FailNext("ai", 2)
	invoke(`{"room":"b","version":2}`)
	msg := receiveOne(t, r, dest)
	var rec DestinationRecord
	if err := json.Unmarshal([]byte(*msg.Body), &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Version != "1.0" || rec.RequestContext.Condition != "RetriesExhausted" || rec.RequestContext.ApproximateInvokeCount != 2 ||
		string(rec.RequestPayload) != `{"room":"b","version":2}` || rec.ResponseContext == nil || rec.ResponseContext.FunctionError != "Unhandled" ||
		!strings.HasPrefix(rec.RequestContext.FunctionArn, ARN("ai")) || !strings.Contains(string(rec.ResponsePayload), "InjectedFailure") {
		t.Fatalf("destination record %s", *msg.Body)
	}
	if r.ncalls("ai") != 1 {
		t.Fatalf("%d runs, want 1 (the injected failures do not run the function)", r.ncalls("ai"))
	}
	// Delivered twice.
	r.svc.DuplicateNext("ai", 1)
	invoke(`{"room":"c","version":3}`)
	waitFor(t, "both copies", func() bool { return r.ncalls("ai") == 3 })
	waitFor(t, "the destination count", func() bool { return r.svc.Stats()[0].Async.ToDestination == 1 })
	st := r.svc.Stats()[0].Async
	if st.Accepted != 3 || st.Duplicates != 1 || st.Retries != 2 || st.ToDestination != 1 {
		t.Fatalf("async stats %+v", st)
	}
}

func TestAsyncEventAge(t *testing.T) {
	r := newRig(t, echo)
	dest := r.queue(t, "failures", nil)
	r.svc.Add(Function{Name: "ai", MaxRetryAttempts: 2, MaxEventAge: 50 * time.Millisecond, RetryDelay: 200 * time.Millisecond, OnFailure: dest})
	r.svc.FailNext("ai", 1)
	if _, err := r.lambda.Invoke(context.Background(), &lambda.InvokeInput{FunctionName: aws.String("ai"), InvocationType: ltypes.InvocationTypeEvent, Payload: []byte(`{"x":1}`)}); err != nil {
		t.Fatal(err)
	}
	var rec DestinationRecord
	json.Unmarshal([]byte(*receiveOne(t, r, dest).Body), &rec)
	if rec.RequestContext.Condition != "EventAgeExceeded" || rec.RequestContext.ApproximateInvokeCount != 1 {
		t.Fatalf("record %+v", rec)
	}
	if r.ncalls("ai") != 0 {
		t.Fatal("an event past its age ran")
	}
}

func TestSQSMapping(t *testing.T) {
	r := newRig(t, func(fn string, p []byte) Result {
		var ev events.SQSEvent
		json.Unmarshal(p, &ev)
		resp := events.SQSEventResponse{BatchItemFailures: []events.SQSBatchItemFailure{}}
		for _, m := range ev.Records {
			if m.Body == "bad" {
				resp.BatchItemFailures = append(resp.BatchItemFailures, events.SQSBatchItemFailure{ItemIdentifier: m.MessageId})
			}
			if m.EventSource != "aws:sqs" || m.ReceiptHandle == "" || m.Attributes["ApproximateReceiveCount"] == "" {
				panic("bad record")
			}
		}
		b, _ := json.Marshal(resp)
		return Result{Payload: b}
	})
	dlq := r.queue(t, "dlq", nil)
	url := r.queue(t, "delay", map[string]string{"VisibilityTimeout": "1",
		"RedrivePolicy": `{"deadLetterTargetArn":"` + sqslocal.QueueARN("dlq") + `","maxReceiveCount":2}`})
	r.svc.Add(Function{Name: "ai"})
	m := &Mapping{Function: "ai", QueueURL: url, QueueARN: sqslocal.QueueARN("delay"), ReportBatchItemFailures: true}
	if err := r.svc.Map(m); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, b := range []string{"good", "bad"} {
		if _, err := r.sqs.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String(url), MessageBody: aws.String(b)}); err != nil {
			t.Fatal(err)
		}
	}
	if dead := receiveOne(t, r, dlq); *dead.Body != "bad" {
		t.Fatalf("dead letter %q", *dead.Body)
	}
	st := m.Stats()
	if st.Deleted != 1 || st.Failed != 2 {
		t.Fatalf("mapping stats %+v, want the good message deleted and the bad one failed twice", st)
	}
}

// TestRIE runs a real bootstrap under the emulator: results, function errors, a panic
// (the environment inits again), the timeout, cold starts and the figures.
func TestRIE(t *testing.T) {
	wd, _ := os.Getwd()
	rie := FindRIE(wd)
	if rie == "" {
		if os.Getenv(RIEEnv) != "" { // make aws-e2e names it: it must be there
			t.Fatal("aws-lambda-rie not found (make aws-e2e installs it)")
		}
		t.Skip("aws-lambda-rie not installed (make aws-e2e installs it into .tools/bin)")
	}
	bin := filepath.Join(t.TempDir(), "bootstrap")
	build := exec.Command("go", "build", "-tags", "lambda.norpc", "-o", bin, "./testdata/fn")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	svc := New(Config{RIE: rie, LogDir: t.TempDir()})
	svc.Add(Function{Name: "fn", Bootstrap: bin, Timeout: 2 * time.Second, Instances: 2, MemoryMB: 256})
	defer svc.Close()
	ctx := context.Background()
	call := func(p string) Result {
		t.Helper()
		res, err := svc.Invoke(ctx, "fn", []byte(p))
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	if res := call(`{"a":1}`); string(res.Payload) != `{"a":1}` || res.FunctionError != "" || res.DurationMs == 0 {
		t.Fatalf("result %+v", res)
	}
	if res := call(`{"fail":true}`); res.FunctionError != "Unhandled" {
		t.Fatalf("returned error: %+v", res)
	}
	if res := call(`{"panic":true}`); res.FunctionError != "Unhandled" || !res.Exited {
		t.Fatalf("panic: %+v", res)
	}
	if res := call(`{"sleepMs":3000}`); res.FunctionError != "Unhandled" || !strings.Contains(string(res.Payload), "Sandbox.Timedout") {
		t.Fatalf("timeout: %+v %s", res, res.Payload)
	}
	if res := call(`{"b":2}`); string(res.Payload) != `{"b":2}` {
		t.Fatalf("after a panic and a timeout: %+v", res)
	}
	// Two at once: two environments, never two invocations in one emulator.
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if res, err := svc.Invoke(ctx, "fn", []byte(`{"sleepMs":200}`)); err != nil || res.FunctionError != "" {
				t.Errorf("concurrent: %+v %v", res, err)
			}
		}()
	}
	wg.Wait()
	st := svc.Stats()[0]
	// No REPORT line after the panic (the emulator prints none for a runtime exit).
	// Inits: the first environment's, after the panic, after the timeout, the second's.
	if st.Environments != 2 || st.ColdStarts != 4 || st.InitMs.Max <= 0 || st.PeakKB <= 0 || st.DurationMs.N != st.Invocations-1 || st.FunctionErrors != 3 {
		t.Fatalf("stats %+v", st)
	}
	t.Logf("fn: init %+v ms, duration %+v ms, peak %d KB", st.InitMs, st.DurationMs, st.PeakKB)
}
