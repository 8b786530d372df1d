// This test runs the built Lambda mains (functions/connect, message, ai) as processes against
// a fake Lambda Runtime API, a fake API Gateway management endpoint, a fake Lambda Invoke
// endpoint and DynamoDB Local: the composition roots, their environment variables and the
// handlers, end to end without an AWS account.

package lambda

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"madang/functions/store/dynamodb"

	"madang/internal/repodir"
)

// runtimeAPI is a fake Lambda Runtime API for one function process: it hands out queued
// events on /next and collects the responses.
type runtimeAPI struct {
	events chan []byte
	mu     sync.Mutex
	seq    int
	done   map[string]chan result
}

type result struct {
	body  []byte
	error bool
}

func newRuntime() *runtimeAPI {
	return &runtimeAPI{events: make(chan []byte, 8), done: map[string]chan result{}}
}

func (r *runtimeAPI) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	p := req.URL.Path
	switch {
	case p == "/2018-06-01/runtime/invocation/next":
		select {
		case ev := <-r.events:
			r.mu.Lock()
			r.seq++
			id := fmt.Sprintf("req-%d", r.seq)
			r.mu.Unlock()
			w.Header().Set("Lambda-Runtime-Aws-Request-Id", id)
			w.Header().Set("Lambda-Runtime-Deadline-Ms", fmt.Sprint(time.Now().Add(30*time.Second).UnixMilli()))
			w.Header().Set("Lambda-Runtime-Invoked-Function-Arn", "arn:aws:lambda:eu-west-1:123456789012:function:test")
			_, _ = w.Write(ev)
		case <-req.Context().Done():
		}
	case strings.HasPrefix(p, "/2018-06-01/runtime/invocation/"):
		rest := strings.TrimPrefix(p, "/2018-06-01/runtime/invocation/")
		id, kind, _ := strings.Cut(rest, "/")
		b, _ := io.ReadAll(req.Body)
		r.result(id) <- result{body: b, error: kind == "error"}
		w.WriteHeader(http.StatusAccepted)
	default: // extension registration and init errors: not offered
		http.NotFound(w, req)
	}
}

func (r *runtimeAPI) result(id string) chan result {
	r.mu.Lock()
	defer r.mu.Unlock()
	c, ok := r.done[id]
	if !ok {
		c = make(chan result, 1)
		r.done[id] = c
	}
	return c
}

// invoke queues an event and waits for the function's answer to it.
func (r *runtimeAPI) invoke(t *testing.T, ev any) result {
	t.Helper()
	b, err := json.Marshal(ev)
	if err != nil {
		t.Fatal(err)
	}
	r.mu.Lock()
	id := fmt.Sprintf("req-%d", r.seq+1)
	r.mu.Unlock()
	r.events <- b
	select {
	case res := <-r.result(id):
		return res
	case <-time.After(60 * time.Second):
		t.Fatalf("no answer to %s", b)
	}
	return result{}
}

// recorder keeps what the functions send to the fake management and Lambda endpoints.
type recorder struct {
	mu      sync.Mutex
	frames  map[string][]map[string]any // by connection
	invokes [][]byte
	notify  chan struct{}
}

func (rec *recorder) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	rec.mu.Lock()
	defer func() {
		rec.mu.Unlock()
		select {
		case rec.notify <- struct{}{}:
		default:
		}
	}()
	if id, ok := strings.CutPrefix(r.URL.Path, "/prod/@connections/"); ok && r.Method == http.MethodPost {
		var f map[string]any
		_ = json.Unmarshal(b, &f)
		rec.frames[id] = append(rec.frames[id], f)
		w.WriteHeader(http.StatusOK)
		return
	}
	if strings.HasPrefix(r.URL.Path, "/2015-03-31/functions/") && r.Header.Get("X-Amz-Invocation-Type") == "Event" {
		rec.invokes = append(rec.invokes, b)
		w.WriteHeader(http.StatusAccepted)
		return
	}
	http.Error(w, "unexpected "+r.Method+" "+r.URL.Path, http.StatusNotFound)
}

func (rec *recorder) take(conn string) []map[string]any {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	f := rec.frames[conn]
	delete(rec.frames, conn)
	return f
}

func repoRoot(t *testing.T) string {
	root, err := repodir.Root("")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// start builds functions/<name> (with the Lambda build tag) and runs it against rt.
func start(t *testing.T, name string, rt *runtimeAPI, env []string) {
	t.Helper()
	bin := filepath.Join(t.TempDir(), name)
	build := exec.Command("go", "build", "-tags", "lambda.norpc", "-o", bin, "./functions/"+name)
	build.Dir = repoRoot(t)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build %s: %v\n%s", name, err, out)
	}
	srv := httptest.NewServer(rt)
	t.Cleanup(srv.Close)
	cmd := exec.Command(bin)
	cmd.Env = append(env, "AWS_LAMBDA_RUNTIME_API="+strings.TrimPrefix(srv.URL, "http://"))
	logf, _ := os.Create(filepath.Join(t.TempDir(), name+".log"))
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		if t.Failed() {
			b, _ := os.ReadFile(logf.Name())
			t.Logf("%s log:\n%s", name, b)
		}
	})
}

func TestMainsThroughRuntimeAPI(t *testing.T) {
	endpoint := os.Getenv(DynamoDBEndpoint)
	if endpoint == "" {
		t.Skipf("%s not set: DynamoDB Local tests skipped (make test runs them)", DynamoDBEndpoint)
	}
	// The same credentials and region as the functions' (DynamoDB Local keeps one database
	// per access key and region unless started with -sharedDb).
	t.Setenv("AWS_REGION", "eu-west-1")
	t.Setenv("AWS_ACCESS_KEY_ID", "test")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "test")
	ctx := context.Background()
	client, err := dynamodb.NewClient(ctx, endpoint)
	if err != nil {
		t.Fatal(err)
	}
	table := fmt.Sprintf("runtime-%d", time.Now().UnixNano())
	if err := dynamodb.CreateTable(ctx, client, table); err != nil {
		t.Fatal(err)
	}
	rec := &recorder{frames: map[string][]map[string]any{}, notify: make(chan struct{}, 1)}
	fake := httptest.NewServer(rec)
	defer fake.Close()
	env := []string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir(),
		"AWS_REGION=eu-west-1", "AWS_ACCESS_KEY_ID=test", "AWS_SECRET_ACCESS_KEY=test",
		"AWS_EC2_METADATA_DISABLED=true",
		"AWS_ENDPOINT_URL_LAMBDA=" + fake.URL,
		Table + "=" + table,
		CallbackURL + "=" + fake.URL + "/prod",
		AIFunction + "=madang-ai",
		DynamoDBEndpoint + "=" + endpoint,
	}
	connectRT, messageRT, aiRT := newRuntime(), newRuntime(), newRuntime()
	start(t, "connect", connectRT, env)
	start(t, "message", messageRT, env)
	start(t, "ai", aiRT, env)

	ws := func(route, body string) events.APIGatewayWebsocketProxyRequest {
		return events.APIGatewayWebsocketProxyRequest{Body: body, RequestContext: events.APIGatewayWebsocketProxyRequestContext{
			RouteKey: route, ConnectionID: "Zx1=", Stage: "prod", DomainName: "abc.execute-api.eu-west-1.amazonaws.com"}}
	}
	ok := func(name string, res result) {
		t.Helper()
		var resp events.APIGatewayProxyResponse
		if res.error || json.Unmarshal(res.body, &resp) != nil || resp.StatusCode != 200 {
			t.Fatalf("%s: answer %s (error %v), want status 200", name, res.body, res.error)
		}
	}
	ok("$connect", connectRT.invoke(t, ws("$connect", "")))
	ok("create", messageRT.invoke(t, ws("create", `{"action":"create","game":"checkers","options":{}}`)))
	frames := rec.take("Zx1=")
	if len(frames) < 2 || frames[0]["type"] != "joined" || frames[1]["type"] != "state" {
		t.Fatalf("create: frames %v, want joined then state", frames)
	}
	roomID, token := frames[0]["room"].(string), frames[0]["token"].(string)

	// fillAI starts the game with the AI as seat 1; seat 0 (black in checkers, WCDF) moves
	// first, then the message function asks the AI function to move, asynchronously.
	ok("fillAI", messageRT.invoke(t, ws("fillAI", `{"action":"fillAI","room":"`+roomID+`","token":"`+token+`"}`)))
	ok("move", messageRT.invoke(t, ws("move", `{"action":"move","room":"`+roomID+`","token":"`+token+`","ply":0,"move":"11-15"}`)))
	rec.mu.Lock()
	invokes := append([][]byte(nil), rec.invokes...)
	rec.mu.Unlock()
	if len(invokes) != 1 {
		t.Fatalf("%d async invokes of the AI function, want 1", len(invokes))
	}
	var ev struct {
		Room    string `json:"room"`
		Version int64  `json:"version"`
	}
	if err := json.Unmarshal(invokes[0], &ev); err != nil || ev.Room != roomID || ev.Version < 1 {
		t.Fatalf("invoke payload %s", invokes[0])
	}
	rec.take("Zx1=")

	// The AI function gets the same payload Lambda would deliver, moves, and posts the state.
	res := aiRT.invoke(t, json.RawMessage(invokes[0]))
	if res.error {
		t.Fatalf("ai: error %s", res.body)
	}
	var last map[string]any
	for _, f := range rec.take("Zx1=") {
		if f["type"] == "state" {
			last = f["room"].(map[string]any)
		}
	}
	if last == nil || last["ply"] != 2.0 || last["version"].(float64) != float64(ev.Version+1) {
		t.Fatalf("after the AI's move: %v, want ply 2 at version %d", last, ev.Version+1)
	}
	// A repeated delivery of the same async event changes nothing (the version moved on).
	if res := aiRT.invoke(t, json.RawMessage(invokes[0])); res.error {
		t.Fatalf("repeated ai event: error %s", res.body)
	}
	if again := rec.take("Zx1="); len(again) != 0 {
		t.Errorf("repeated ai event posted %v, want nothing", again)
	}
}
