package awse2e

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"madang/functions/aws/lambda"
	"madang/functions/store/dynamodb"
	"madang/infra/lambdalocal"
	"madang/infra/local"
	"madang/infra/sqslocal"

	"madang/internal/repodir"
)

// Environment of the test.
const (
	// ReportEnv names the JSON report's path (default: in the test's temp dir).
	ReportEnv = "MADANG_AWSE2E_REPORT"
	stackName = "madang"
	apiRegion = "us-east-1"
)

// functions maps the template's logical ids to the function names of the emulated service
// (the AI function's is the template's FunctionName, "${AWS::StackName}-ai") and the
// execution environments each may run at once.
var functions = map[string]struct {
	name      string
	instances int
}{
	"ConnectFunction":    {stackName + "-connect", 2},
	"DisconnectFunction": {stackName + "-disconnect", 2},
	"MessageFunction":    {stackName + "-message", 4},
	"AIFunction":         {stackName + "-ai", 3},
}

type stack struct {
	root     string
	wsURL    string
	svc      *lambdalocal.Service
	gw       *local.Gateway
	lossy    *lossyDisconnect
	sqsSrv   *sqslocal.Server
	ledger   *ledger
	esm      *lambdalocal.Mapping
	delayURL string
	dlqURL   string
	logDir   string
	memory   map[string]int // function name -> MB

	mu    sync.Mutex
	games map[string]*gameInfo // room id -> what was played there
}

func repoRoot(t *testing.T) string {
	root, err := repodir.Root("")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// requirements skips without DynamoDB Local or the emulator, and fails instead when the
// run means to have them: make aws-e2e sets MADANG_RIE, and under CI=true a run on DynamoDB
// Local (MADANG_DYNAMODB_ENDPOINT set) must find the emulator. A plain `go test ./...` in CI
// (make test's gotest, before make aws-e2e has installed anything) skips.
func requirements(t *testing.T, root string) (endpoint, rie string) {
	endpoint = os.Getenv(lambda.DynamoDBEndpoint)
	rie = lambdalocal.FindRIE(root)
	var missing []string
	if endpoint == "" {
		missing = append(missing, lambda.DynamoDBEndpoint+" (infra/dynamodblocal/with.sh sets it)")
	}
	if rie == "" {
		missing = append(missing, "aws-lambda-rie (make aws-e2e installs it into .tools/bin)")
	}
	if len(missing) > 0 {
		if os.Getenv(lambdalocal.RIEEnv) != "" || (os.Getenv("CI") == "true" && endpoint != "") {
			t.Fatalf("missing %s", strings.Join(missing, ", "))
		}
		t.Skipf("missing %s: run make aws-e2e", strings.Join(missing, ", "))
	}
	return endpoint, rie
}

// build makes each function's bootstrap with the target sam build calls
// (template.yaml's BuildMethod: makefile runs `make build-<LogicalId>` with ARTIFACTS_DIR),
// for this machine's architecture.
func build(t *testing.T, root, dir string) map[string]string {
	out := map[string]string{}
	ids := make([]string, 0, len(functions))
	for id := range functions {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		art := filepath.Join(dir, id)
		cmd := exec.Command("make", "-s", "-C", root, "build-"+id, "ARTIFACTS_DIR="+art, "LAMBDA_ARCH="+runtime.GOARCH)
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("make build-%s: %v\n%s", id, err, b)
		}
		out[id] = filepath.Join(art, "bootstrap")
	}
	return out
}

// late is an http.Handler set after its server has started (the servers' URLs go into
// the functions' environment before the handlers exist).
type late struct{ h http.Handler }

func (l *late) ServeHTTP(w http.ResponseWriter, r *http.Request) { l.h.ServeHTTP(w, r) }

func startStack(t *testing.T) *stack {
	root := repoRoot(t)
	endpoint, rie := requirements(t, root)
	tp := loadTemplate(t, root)
	tmp := t.TempDir()
	start := time.Now()
	bins := build(t, root, filepath.Join(tmp, "build"))
	t.Logf("built the four functions in %v", time.Since(start).Round(time.Millisecond))

	s := &stack{root: root, ledger: newLedger(), logDir: filepath.Join(tmp, "logs"), memory: map[string]int{}, games: map[string]*gameInfo{}}
	os.MkdirAll(s.logDir, 0o755)
	ctx := context.Background()
	t.Setenv("AWS_REGION", apiRegion)
	t.Setenv("AWS_ACCESS_KEY_ID", "local")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "local")
	db, err := dynamodb.NewClient(ctx, endpoint)
	if err != nil {
		t.Fatal(err)
	}
	table := fmt.Sprintf("awse2e-%d", time.Now().UnixNano())
	if err := dynamodb.CreateTable(ctx, db, table); err != nil {
		t.Fatal(err)
	}
	ddbSrv := httptest.NewServer(s.ledger.dynamoProxy(endpoint))
	t.Cleanup(ddbSrv.Close)

	// The delay queue and its dead-letter queue as the template declares them.
	s.sqsSrv = sqslocal.New()
	sqsHTTP := httptest.NewServer(s.sqsSrv)
	t.Cleanup(sqsHTTP.Close)
	s.sqsSrv.URL = sqsHTTP.URL
	creds := credentials.NewStaticCredentialsProvider("local", "local", "")
	sqsClient := sqs.New(sqs.Options{Region: apiRegion, BaseEndpoint: aws.String(sqsHTTP.URL), Credentials: creds})
	queues := map[string]string{} // logical id -> URL
	for _, id := range []string{"DelayDeadLetterQueue", "DelayQueue"} {
		attrs := map[string]string{}
		for _, a := range []string{"VisibilityTimeout", "MessageRetentionPeriod", "DelaySeconds"} {
			if n, ok := tp.number(get(tp.Resources[id], "Properties", a)); ok {
				attrs[a] = strconv.Itoa(n)
			}
		}
		if rp := get(tp.Resources[id], "Properties", "RedrivePolicy"); rp != nil {
			dlID := getAttResource(get(rp, "deadLetterTargetArn"))
			n, ok := tp.number(get(rp, "maxReceiveCount"))
			if dlID == "" || !ok {
				t.Fatalf("template.yaml: %s RedrivePolicy unreadable", id)
			}
			attrs["RedrivePolicy"] = fmt.Sprintf(`{"deadLetterTargetArn":%q,"maxReceiveCount":%d}`, sqslocal.QueueARN(dlID), n)
		}
		out, err := sqsClient.CreateQueue(ctx, &sqs.CreateQueueInput{QueueName: aws.String(id), Attributes: attrs})
		if err != nil {
			t.Fatal(err)
		}
		queues[id] = *out.QueueUrl
	}
	s.delayURL, s.dlqURL = queues["DelayQueue"], queues["DelayDeadLetterQueue"]

	lambdaLate, gwLate := &late{}, &late{}
	lambdaHTTP := httptest.NewServer(lambdaLate)
	gwHTTP := httptest.NewServer(gwLate)
	s.wsURL = "ws" + strings.TrimPrefix(gwHTTP.URL, "http") + "/ws"

	values := map[string]string{
		lambda.Table:         table,
		lambda.CallbackURL:   gwHTTP.URL + "/prod",
		lambda.AIFunction:    functions["AIFunction"].name,
		lambda.DelayQueueURL: s.delayURL,
	}
	base := []string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + tmp, "TZ=UTC",
		"AWS_REGION=" + apiRegion, "AWS_DEFAULT_REGION=" + apiRegion,
		"AWS_ACCESS_KEY_ID=local", "AWS_SECRET_ACCESS_KEY=local", "AWS_EC2_METADATA_DISABLED=true",
		"AWS_ENDPOINT_URL_LAMBDA=" + lambdaHTTP.URL, "AWS_ENDPOINT_URL_SQS=" + sqsHTTP.URL,
		lambda.DynamoDBEndpoint + "=" + ddbSrv.URL,
	}
	s.svc = lambdalocal.New(lambdalocal.Config{RIE: rie, LogDir: s.logDir, SQS: sqsClient, OnInvoke: s.ledger.onInvoke})
	for id, f := range functions {
		env := append([]string{}, base...)
		for _, name := range tp.envNames(id) {
			v, ok := values[name]
			if !ok {
				t.Fatalf("template.yaml gives %s the variable %s, which this test does not know", id, name)
			}
			env = append(env, name+"="+v)
		}
		fn := lambdalocal.Function{Name: f.name, Bootstrap: bins[id], Env: env, Instances: f.instances,
			MemoryMB: tp.fnNumber(t, id, "MemorySize"), Timeout: time.Duration(tp.fnNumber(t, id, "Timeout")) * time.Second}
		fn.MaxRetryAttempts, fn.MaxEventAge = -1, 0
		if get(tp.Resources[id], "Properties", "EventInvokeConfig") != nil {
			retries, age, onFailure := tp.asyncConfig(id)
			fn.MaxRetryAttempts, fn.MaxEventAge = retries, time.Duration(age)*time.Second
			if onFailure != "" {
				if fn.OnFailure = queues[onFailure]; fn.OnFailure == "" {
					t.Fatalf("template.yaml: %s's on-failure destination %s is not a queue this test makes", id, onFailure)
				}
			}
		}
		fn.RetryDelay = time.Second // Lambda waits a minute; the semantics are the same
		s.memory[f.name] = fn.MemoryMB
		s.svc.Add(fn)
	}
	lambdaLate.h = s.ledger.countAsync(s.svc)

	// The delay queue's event source mapping.
	m := tp.Resources["DelayQueueMapping"]
	batch, _ := tp.number(get(m, "Properties", "BatchSize"))
	report := strings.Contains(fmt.Sprint(get(m, "Properties", "FunctionResponseTypes")), "ReportBatchItemFailures")
	s.esm = &lambdalocal.Mapping{Function: functions["AIFunction"].name, QueueURL: s.delayURL, QueueARN: sqslocal.QueueARN("DelayQueue"),
		BatchSize: batch, ReportBatchItemFailures: report}
	if err := s.svc.Map(s.esm); err != nil {
		t.Fatal(err)
	}

	// The gateway in Lambda mode, its routes read from the template.
	routes := map[string]string{}
	for key, id := range tp.routes(t) {
		f, ok := functions[id]
		if !ok {
			t.Fatalf("template.yaml: route %s goes to %s, which this test does not run", key, id)
		}
		routes[key] = lambdaHTTP.URL + "/2015-03-31/functions/" + f.name + "/invocations"
	}
	gw, lm := local.NewLambdaGateway(local.LambdaConfig{Routes: routes, APIID: "awse2e"}, nil)
	s.gw = gw
	s.lossy = &lossyDisconnect{LambdaMode: lm, drop: map[string]bool{}, dropped: map[string]bool{}}
	gw.SetHandler(s.lossy)
	mux := http.NewServeMux()
	mux.Handle("/ws", gw)
	mux.Handle("/"+lm.Stage()+"/", s.ledger.countPosts(lm.Management()))
	gwLate.h = mux

	t.Cleanup(func() {
		gw.CloseAll()
		s.svc.Close()
		gwHTTP.Close()
		lambdaHTTP.Close()
		s.logProblems(t)
	})
	return s
}

// logProblems prints the functions' error and warning log lines (the emulators' logs),
// at most 40 cut to 300 bytes, so that a run shows what the binaries complained about (the
// malformed events' subtest makes some on purpose).
func (s *stack) logProblems(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(s.logDir, "*.log"))
	n := 0
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			if strings.Contains(line, `"level":"ERROR"`) || strings.Contains(line, `"level":"WARN"`) || strings.Contains(line, "panic:") {
				if n < 40 {
					if len(line) > 300 {
						line = line[:300] + "..."
					}
					t.Logf("%s: %s", filepath.Base(f), line)
				}
				n++
			}
		}
		fh.Close()
	}
	t.Logf("%d error or warning lines in the functions' logs", n)
}

// lossyDisconnect is the gateway's handler: its Lambda mode, except that the $disconnect of
// a connection named with loseDisconnectOf is lost, as API Gateway may lose it
// ($disconnect is best effort: API Gateway developer guide, "Working with the $connect and
// $disconnect routes"). local.Gateway.DropDisconnect drops every socket's $disconnect; this
// drops one socket's, so that the other subtests' sockets keep theirs while it runs.
type lossyDisconnect struct {
	*local.LambdaMode
	mu            sync.Mutex
	drop, dropped map[string]bool
}

// loseDisconnectOf makes connection id's $disconnect lost.
func (h *lossyDisconnect) loseDisconnectOf(id string) {
	h.mu.Lock()
	h.drop[id] = true
	h.mu.Unlock()
}

// lost reports whether the gateway has ended connection id's socket and its $disconnect
// was lost.
func (h *lossyDisconnect) lost(id string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.dropped[id]
}

func (h *lossyDisconnect) take(id string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.drop[id] {
		delete(h.drop, id)
		h.dropped[id] = true
		return true
	}
	return false
}

// DisconnectStatus implements local.StatusDisconnector.
func (h *lossyDisconnect) DisconnectStatus(ctx context.Context, id string, code int, reason string) error {
	if h.take(id) {
		return nil
	}
	return h.LambdaMode.DisconnectStatus(ctx, id, code, reason)
}

// Disconnect implements local.Handler.
func (h *lossyDisconnect) Disconnect(ctx context.Context, id string) error {
	if h.take(id) {
		return nil
	}
	return h.LambdaMode.Disconnect(ctx, id)
}

// fnName is the emulated function name of a logical id.
func fnName(id string) string { return functions[id].name }
