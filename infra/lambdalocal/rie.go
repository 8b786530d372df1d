package lambdalocal

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"madang/internal/repodir"
)

// RIEEnv names the Runtime Interface Emulator binary for tests and tools; without it
// FindRIE looks in the repository's .tools/bin (make aws-e2e installs it there).
const RIEEnv = "MADANG_RIE"

// FindRIE returns the aws-lambda-rie binary: $MADANG_RIE, else .tools/bin/aws-lambda-rie
// under the repository root above dir; "" when neither exists.
func FindRIE(dir string) string {
	if p := os.Getenv(RIEEnv); p != "" {
		return p
	}
	root, err := repodir.Root(dir)
	if err != nil {
		return ""
	}
	p := filepath.Join(root, ".tools", "bin", "aws-lambda-rie")
	if _, err := os.Stat(p); err != nil {
		return ""
	}
	return p
}

// rieInstance is one execution environment: an aws-lambda-rie process (the official
// Lambda Runtime Interface Emulator) running the function's bootstrap as its child. The
// emulator takes one invocation at a time (a second one at once makes it answer 400 or,
// in the version pinned in mk/aws.mk, crash on a nil pointer), so the pool never gives an
// instance two invocations. It inits the bootstrap on its first invocation (the cold
// start) and again after the bootstrap exits (a panic or a timeout).
type rieInstance struct {
	f      *function
	cmd    *exec.Cmd
	url    string // the invoke endpoint
	client *http.Client
	log    *os.File
	done   chan struct{} // closed when the process has exited

	mu      sync.Mutex
	reports map[string]chan report // by request id, waiting for its REPORT line
}

type report struct {
	durationMs, billedMs float64
}

var (
	initReportRe = regexp.MustCompile(`INIT REPORT\(durationMs: ([0-9.]+)\)`)
	reportRe     = regexp.MustCompile(`^REPORT RequestId: (\S+)\t.*Duration: ([0-9.]+) ms\tBilled Duration: ([0-9.]+) ms`)
)

// freePort returns a loopback port nobody listens on now.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// startRIE starts an emulator process for f and waits until it listens.
func startRIE(ctx context.Context, f *function, n int) (*rieInstance, error) {
	cfg := f.cfg
	for attempt := 0; ; attempt++ {
		p1, err := freePort()
		if err != nil {
			return nil, err
		}
		p2, err := freePort()
		if err != nil {
			return nil, err
		}
		in, err := tryRIE(ctx, f, n, p1, p2)
		if err == nil || attempt == 2 || ctx.Err() != nil {
			return in, err
		}
		f.svc.log.Warn("lambdalocal: emulator did not start, retrying", "function", cfg.Name, "err", err)
	}
}

func tryRIE(ctx context.Context, f *function, n, invokePort, runtimePort int) (*rieInstance, error) {
	cfg := f.cfg
	logf, err := os.Create(filepath.Join(f.svc.logDir, fmt.Sprintf("%s-%d.log", cfg.Name, n)))
	if err != nil {
		return nil, err
	}
	addr := fmt.Sprintf("127.0.0.1:%d", invokePort)
	cmd := exec.Command(f.svc.rie, "--runtime-interface-emulator-address", addr,
		"--runtime-api-address", fmt.Sprintf("127.0.0.1:%d", runtimePort), cfg.Bootstrap)
	cmd.Dir = filepath.Dir(cfg.Bootstrap)
	cmd.Env = append(append([]string{}, cfg.Env...),
		"AWS_LAMBDA_FUNCTION_NAME="+cfg.Name,
		"AWS_LAMBDA_FUNCTION_MEMORY_SIZE="+strconv.Itoa(cfg.MemoryMB),
		"AWS_LAMBDA_FUNCTION_TIMEOUT="+strconv.Itoa(int(cfg.Timeout/time.Second)),
		"AWS_LAMBDA_FUNCTION_VERSION=$LATEST",
	)
	// Its own process group, so that stopping it stops the bootstrap it runs.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	pr, pw := io.Pipe()
	cmd.Stdout, cmd.Stderr = pw, pw
	if err := cmd.Start(); err != nil {
		logf.Close()
		return nil, fmt.Errorf("lambdalocal: start %s: %w", f.svc.rie, err)
	}
	in := &rieInstance{f: f, cmd: cmd, log: logf, done: make(chan struct{}), reports: map[string]chan report{},
		url:    "http://" + addr + "/2015-03-31/functions/function/invocations",
		client: &http.Client{Timeout: cfg.Timeout + 10*time.Second}}
	go func() { cmd.Wait(); pw.Close(); close(in.done) }()
	go in.readLog(pr)
	deadline := time.Now().Add(10 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			c.Close()
			return in, nil
		}
		select {
		case <-in.done:
			return nil, fmt.Errorf("lambdalocal: the emulator for %s exited at start (log %s)", cfg.Name, logf.Name())
		case <-ctx.Done():
			in.Close()
			return nil, ctx.Err()
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			in.Close()
			return nil, fmt.Errorf("lambdalocal: the emulator for %s does not listen on %s", cfg.Name, addr)
		}
	}
}

// readLog copies the emulator's output to its log file and reads the INIT REPORT and
// REPORT lines from it.
func (in *rieInstance) readLog(r io.Reader) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		in.log.WriteString(line + "\n")
		if m := initReportRe.FindStringSubmatch(line); m != nil {
			ms, _ := strconv.ParseFloat(m[1], 64)
			in.f.stats.addInit(ms)
		}
		if m := reportRe.FindStringSubmatch(line); m != nil {
			d, _ := strconv.ParseFloat(m[2], 64)
			b, _ := strconv.ParseFloat(m[3], 64)
			in.mu.Lock()
			c := in.reports[m[1]]
			delete(in.reports, m[1])
			in.mu.Unlock()
			if c != nil {
				c <- report{d, b}
			}
		}
	}
	io.Copy(io.Discard, r)
}

// timedOut is the emulator's answer to an invocation past the function's timeout.
var timedOut = []byte("Task timed out after ")

// invoke runs one invocation. The result's FunctionError is "Unhandled" when the function
// returned an error or panicked (the emulator answers 200 with {"errorMessage",
// "errorType"} or 502; it sets no X-Amz-Function-Error header) or timed out (the payload
// then becomes Lambda's {"errorType":"Sandbox.Timedout",...}). The error is for an
// invocation the emulator could not run.
func (in *rieInstance) invoke(ctx context.Context, requestID string, payload []byte) (Result, error) {
	c := make(chan report, 1)
	in.mu.Lock()
	in.reports[requestID] = c
	in.mu.Unlock()
	defer func() { in.mu.Lock(); delete(in.reports, requestID); in.mu.Unlock() }()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, in.url, bytes.NewReader(payload))
	if err != nil {
		return Result{}, err
	}
	req.Header.Set("X-Amzn-RequestId", requestID) // the emulator's invocation id
	resp, err := in.client.Do(req)
	if err != nil {
		return Result{}, fmt.Errorf("lambdalocal: %s: %w", in.f.cfg.Name, err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return Result{}, err
	}
	res := Result{Payload: body}
	switch {
	case resp.StatusCode == http.StatusBadGateway:
		res.FunctionError, res.Exited = "Unhandled", true
	case resp.StatusCode != http.StatusOK:
		return Result{}, fmt.Errorf("lambdalocal: %s: emulator answered %d: %s", in.f.cfg.Name, resp.StatusCode, body)
	case bytes.HasPrefix(body, timedOut):
		res.FunctionError = "Unhandled"
		res.Payload, _ = json.Marshal(map[string]string{"errorType": "Sandbox.Timedout",
			"errorMessage": "RequestId: " + requestID + " Error: " + string(body)})
	case isErrorPayload(body):
		res.FunctionError = "Unhandled"
	}
	// The REPORT line is written before the answer (except after a runtime exit, 502,
	// which the emulator answers without one); wait briefly for the reader to see it.
	if resp.StatusCode != http.StatusBadGateway {
		select {
		case r := <-c:
			res.DurationMs, res.BilledMs = r.durationMs, r.billedMs
		case <-time.After(2 * time.Second):
			in.f.svc.log.Warn("lambdalocal: no REPORT line", "function", in.f.cfg.Name, "request", requestID)
		}
	}
	if kb := in.peakKB(); kb > 0 {
		in.f.stats.addPeak(kb)
	}
	return res, nil
}

// isErrorPayload reports whether body is the runtime's error shape: a JSON object with
// errorMessage and errorType and nothing else but stackTrace. The functions of this
// repository never answer that shape as a result.
func isErrorPayload(body []byte) bool {
	var m map[string]json.RawMessage
	if json.Unmarshal(body, &m) != nil {
		return false
	}
	_, msg := m["errorMessage"]
	_, typ := m["errorType"]
	delete(m, "stackTrace")
	return msg && typ && len(m) == 2
}

// peakKB is the bootstrap's peak resident memory (VmHWM of the emulator's children, in
// KB); 0 when it cannot be read. The emulator's own REPORT says Max Memory Used = the
// memory size, which measures nothing.
func (in *rieInstance) peakKB() int {
	pid := in.cmd.Process.Pid
	tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/children", pid))
	peak := 0
	for _, t := range tasks {
		b, err := os.ReadFile(t)
		if err != nil {
			continue
		}
		for _, child := range strings.Fields(string(b)) {
			if kb := vmHWM(child); kb > peak {
				peak = kb
			}
		}
	}
	return peak
}

func vmHWM(pid string) int {
	b, err := os.ReadFile("/proc/" + pid + "/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			f := strings.Fields(v)
			if len(f) > 0 {
				n, _ := strconv.Atoi(f[0])
				return n
			}
		}
	}
	return 0
}

// Close stops the emulator and its bootstrap (their process group) and waits for them.
func (in *rieInstance) Close() error {
	if in.cmd.Process != nil {
		syscall.Kill(-in.cmd.Process.Pid, syscall.SIGKILL)
	}
	select {
	case <-in.done:
	case <-time.After(10 * time.Second):
		return errors.New("lambdalocal: the emulator did not stop")
	}
	in.log.Close()
	return nil
}
