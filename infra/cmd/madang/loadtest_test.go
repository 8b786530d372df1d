package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// A short loadtest against an in-process server: the last line is the JSON report and a
// clean run has moves and no errors.
func TestLoadtestReport(t *testing.T) {
	s := startServer(t, "--store", "memory", "--rate", "0")
	var out bytes.Buffer
	code := loadtest(context.Background(), []string{"--url", "ws" + strings.TrimPrefix(s.url, "http") + "/ws", "--rooms", "3", "--duration", "500ms"}, &out, io.Discard)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	var rep loadReport
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &rep); err != nil {
		t.Fatalf("last line %q: %v", lines[len(lines)-1], err)
	}
	if code != 0 || rep.Rooms != 3 || rep.Moves == 0 || rep.Errors != 0 || rep.P99ms < rep.P50ms {
		t.Fatalf("exit %d, report %+v", code, rep)
	}
}

// scanState reads what a full decode reads, and declines frames it cannot read exactly.
func TestScanStateMatchesDecode(t *testing.T) {
	frames := []string{
		`{"type":"state","room":{"id":"abc","game":"checkers","options":{},"version":7,"status":"playing","ply":3,"moves":["c3-d4","f6-e5","d4xf6"],"position":"x","toMove":1,"legal":["e7xg5","g7xe5"],"seats":[{"kind":"human"}],"spectators":0,"drawOffer":null,"result":null,"rematch":[],"gameNo":2,"policy":{},"createdAt":1,"expiresAt":2,"serverTime":3}}`,
		`{"type":"state","room":{"version":9,"status":"over","ply":40,"moves":[],"toMove":-1,"legal":[],"rematch":[0,1],"gameNo":1}}`,
	}
	for _, fr := range frames {
		got, ok := scanState([]byte(fr))
		if !ok {
			t.Fatalf("declined %s", fr)
		}
		var want struct {
			Room loadSnap `json:"room"`
		}
		json.Unmarshal([]byte(fr), &want)
		g, _ := json.Marshal(got)
		w, _ := json.Marshal(want.Room)
		if string(g) != string(w) {
			t.Errorf("got %s, want %s", g, w)
		}
	}
	for _, fr := range []string{
		`{"type":"error","code":"x"}`,
		`{"type":"state","room":{"version":9,"status":"playing","ply":4,"drawOffer":{"seat":0,"ply":3},"toMove":0,"legal":[],"rematch":[],"gameNo":1}}`,
		`{"type":"state","room":{"version":9,"status":"playing","toMove":0,"legal":[],"rematch":[],"gameNo":1}}`,
	} {
		if _, ok := scanState([]byte(fr)); ok {
			t.Errorf("read %s", fr)
		}
	}
}

// The open loop moves each room once per pace (not as fast as the server answers), and
// spectators see every move: 2 rooms at one move per 200 ms for 1 s make about 10 moves
// (the first slots spread over the first 200 ms), where the closed loop makes hundreds.
func TestLoadtestPaceAndSpectators(t *testing.T) {
	s := startServer(t, "--store", "memory", "--rate", "0")
	var out bytes.Buffer
	latFile := filepath.Join(t.TempDir(), "lat.txt")
	// The measured "server" is this process, which a 1 s paced run of two rooms keeps below
	// /proc's 10 ms tick of CPU time: a goroutine spins meanwhile, so the CPU read must show.
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-done:
				return
			default:
			}
		}
	}()
	code := loadtest(context.Background(), []string{"--url", "ws" + strings.TrimPrefix(s.url, "http") + "/ws",
		"--rooms", "2", "--duration", "1s", "--pace", "200ms", "--spectators", "2", "--pid", strconv.Itoa(os.Getpid()),
		"--latencies", latFile}, &out, io.Discard)
	close(done)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	var rep loadReport
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &rep); err != nil {
		t.Fatalf("last line %q: %v", lines[len(lines)-1], err)
	}
	if code != 0 || rep.Errors != 0 || rep.PaceMs != 200 || rep.Spectators != 2 {
		t.Fatalf("exit %d, report %+v", code, rep)
	}
	if rep.Moves < 6 || rep.Moves > 12 {
		t.Errorf("%d moves in 1 s at 2 rooms × one per 200 ms, want about 10", rep.Moves)
	}
	if rep.ServerRSSMiB <= 0 || rep.ServerPeakMiB < rep.ServerRSSMiB || rep.ServerCPU <= 0 {
		t.Errorf("server (this process) CPU %v, RSS %v MiB, peak %v MiB", rep.ServerCPU, rep.ServerRSSMiB, rep.ServerPeakMiB)
	}
	if rep.SpectatorP50ms <= 0 || rep.SpectatorP99ms < rep.SpectatorP50ms {
		t.Errorf("spectator latencies %v / %v ms", rep.SpectatorP50ms, rep.SpectatorP99ms)
	}
	// --latencies: a header, then one line per answered move (sent at s, latency ms), the
	// slowest of them at least the report's p99.
	b, err := os.ReadFile(latFile)
	if err != nil {
		t.Fatal(err)
	}
	rows := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(rows) != int(rep.Moves)+1 || !strings.HasPrefix(rows[0], "# t0 ") {
		t.Fatalf("%d lines for %d moves: %q", len(rows), rep.Moves, rows)
	}
	maxMs := 0.0
	for _, row := range rows[1:] {
		var at, ms float64
		if n, err := fmt.Sscanf(row, "%f %f", &at, &ms); n != 2 || err != nil || at < 0 || at > 1.5 || ms <= 0 {
			t.Fatalf("line %q: %v", row, err)
		}
		maxMs = max(maxMs, ms)
	}
	if maxMs < rep.P99ms-0.001 {
		t.Errorf("slowest listed %v ms, report's p99 %v ms", maxMs, rep.P99ms)
	}
}

// --pprof serves the profiles on their own address, and the site's address does not.
func TestServePprof(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	s := startServer(t, "--store", "memory", "--pprof", addr)
	get := func(u string) (int, string) {
		res, err := http.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	if code, body := get("http://" + addr + "/debug/pprof/heap?debug=1"); code != 200 || !strings.Contains(body, "heap profile") {
		t.Errorf("pprof heap: %d %.80q", code, body)
	}
	if code, _ := get(s.url + "/debug/pprof/heap?debug=1"); code == 200 {
		t.Error("the site serves pprof")
	}
}

// A late room moves at once and keeps its phase: its next slot is the first one of its own
// schedule still ahead, so rooms late at the same moment do not end up moving together every
// period (the old rule restarted each late room's schedule from now: at 9,990 rooms the
// rooms late at start moved as one burst every 5 s and set the p99).
func TestLoadtestSlotKeepsPhase(t *testing.T) {
	st := &loadStats{}
	now := time.Now()
	pace := time.Second
	a := &loadRoom{st: st, pace: pace, next: now.Add(-2500 * time.Millisecond)} // phase .5
	b := &loadRoom{st: st, pace: pace, next: now.Add(-2200 * time.Millisecond)} // phase .8
	wantA, wantB := a.next.Add(3*pace), b.next.Add(3*pace)
	if w := a.slot(); w != 0 {
		t.Errorf("late room waits %v", w)
	}
	if w := b.slot(); w != 0 {
		t.Errorf("late room waits %v", w)
	}
	if !a.next.Equal(wantA) || !b.next.Equal(wantB) {
		t.Errorf("next slots %v and %v after now, want %v and %v (phases kept)",
			a.next.Sub(now), b.next.Sub(now), wantA.Sub(now), wantB.Sub(now))
	}
	if got := st.late.Load(); got != 2 {
		t.Errorf("late %d, want 2", got)
	}
	// On time: wait for the slot, book the one a period later.
	at := a.next
	if w := a.slot(); w <= 0 || w > 500*time.Millisecond {
		t.Errorf("on-time room waits %v, want its slot's distance (≤ 500 ms)", w)
	}
	if !a.next.Equal(at.Add(pace)) || st.late.Load() != 2 {
		t.Errorf("next %v after the slot, late %d", a.next.Sub(at), st.late.Load())
	}
	var closed loadRoom
	if w := closed.slot(); w != 0 {
		t.Errorf("closed loop waits %v", w)
	}
}

// A --url the WebSocket client cannot dial is refused before any room is set up, exit 2
// and no report, as the other bad flags; ws, wss, http and https URLs with a host pass.
func TestLoadtestBadURL(t *testing.T) {
	for _, u := range []string{"notaurl", "localhost:8080/ws", "ftp://localhost/ws", "ws://", "ws:///ws", "ws://[::1/ws"} {
		var out, errb bytes.Buffer
		code := loadtest(context.Background(), []string{"--url", u, "--rooms", "1", "--duration", "50ms"}, &out, &errb)
		if code != 2 || out.Len() != 0 || !strings.Contains(errb.String(), "madang loadtest: --url: ") ||
			!strings.Contains(errb.String(), strconv.Quote(u)) || strings.Contains(errb.String(), "room 0") {
			t.Errorf("--url %q: exit %d, stdout %q, stderr %q; want 2, nothing and the URL named", u, code, out.String(), errb.String())
		}
	}
	for _, u := range []string{"ws://localhost:8080/ws", "wss://example.com/prod", "http://127.0.0.1:1/ws", "https://example.com"} {
		if err := checkLoadURL(u); err != nil {
			t.Errorf("%q: %v", u, err)
		}
	}
}

// When no room can be set up (nothing listening, a wrong path, more spectators than the
// server takes) loadtest says why at once, exits 1 before the playing time and claims no
// room ready; it used to wait out --duration and report only "errors setup: N".
func TestLoadtestSetupFailsAtOnce(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := l.Addr().String()
	l.Close()
	s := startServer(t, "--store", "memory", "--rate", "0")
	ws := "ws" + strings.TrimPrefix(s.url, "http")
	for _, c := range []struct {
		args []string
		why  string
	}{
		{[]string{"--url", "ws://" + closed + "/ws"}, "connection refused"},
		{[]string{"--url", ws + "/nowhere"}, "404"},
		{[]string{"--url", ws + "/ws", "--spectators", "60"}, "--max-spectators"},
	} {
		var out, errb bytes.Buffer
		// an hour's --duration: a run that plays at all is cut by the context after a minute
		// (the old code waited out --duration), far beyond a busy machine's setup failure
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		code := loadtest(ctx, append(c.args, "--rooms", "2", "--duration", "1h"), &out, &errb)
		if ctx.Err() != nil {
			t.Errorf("%q: still running after a minute, waiting out --duration", c.args)
		}
		cancel()
		msg := errb.String()
		if code != 1 || out.Len() != 0 || strings.Contains(msg, "ready") ||
			!strings.Contains(msg, "no room could be set up") || !strings.Contains(msg, c.why) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 1, no report, no ready claim, the reason (%q)", c.args, code, out.String(), msg, c.why)
		}
	}
}

// --pid and --latencies are checked before any room is set up: exit 2 at once.
func TestLoadtestPidAndLatenciesFirst(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--pid", "999999999"}, "--pid 999999999"},
		{[]string{"--latencies", filepath.Join(t.TempDir(), "missing", "lat.txt")}, "--latencies"},
		{[]string{"--latencies", t.TempDir()}, "is a directory"},
	} {
		var out, errb bytes.Buffer
		// nothing listens on port 1: the old code tried every room, then played out
		// --duration (an hour; the context cuts such a run after a minute)
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		code := loadtest(ctx, append(c.args, "--url", "ws://127.0.0.1:1/ws", "--rooms", "1", "--duration", "1h"), &out, &errb)
		if code != 2 || ctx.Err() != nil || out.Len() != 0 || !strings.Contains(errb.String(), c.want) || strings.Contains(errb.String(), "room 0") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 before any room, naming %s", c.args, code, out.String(), errb.String(), c.want)
		}
		cancel()
	}
}

// Against a server with a per-socket message limit (serve's default is 50 a second), a run
// without --pace is rate-limited, and the errors line says why and what to do.
func TestLoadtestRateLimitedHint(t *testing.T) {
	s := startServer(t, "--store", "memory", "--rate", "5")
	var out, errb bytes.Buffer
	code := loadtest(context.Background(), []string{"--url", "ws" + strings.TrimPrefix(s.url, "http") + "/ws", "--rooms", "1", "--duration", "1s"}, &out, &errb)
	if code != 1 || !strings.Contains(errb.String(), "errors rate-limited: ") || !strings.Contains(errb.String(), "--pace") ||
		!strings.Contains(errb.String(), "--rate 0") {
		t.Errorf("exit %d, stderr %q; want 1 and the rate-limited line naming --pace and --rate 0", code, errb.String())
	}
}

// `make loadtest` with LOAD_ADDR taken by another program: its own server cannot listen,
// and the target stops at once naming the address instead of loading whatever holds the
// port (and failing later on the dead server's /proc stat). The test binary stands in for
// bin/madang (TestMain); the build step is skipped (make -o build).
func TestLoadtestMakeTargetPortTaken(t *testing.T) {
	makePath, err := exec.LookPath("make")
	if err != nil {
		t.Skip("no make")
	}
	self, err := os.Executable()
	if err != nil {
		t.Skip("no executable path:", err)
	}
	bin := t.TempDir()
	script := "#!/bin/sh\nMADANG_TEST_AS_CLI=1 exec " + strconv.Quote(self) + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(bin, "madang"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	taken := startServer(t, "--store", "memory", "--rate", "0") // a server that is not make's
	addr := strings.TrimPrefix(taken.url, "http://")
	root, _ := filepath.Abs("../../..")
	cmd := exec.Command(makePath, "-s", "-C", root, "-o", "build", "loadtest", "BIN="+bin, "LOAD_ADDR="+addr,
		"ROOMS=1", "LOAD_DURATION=2s")
	begin := time.Now()
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "did not start") || !strings.Contains(string(out), addr) ||
		strings.Contains(string(out), "rooms ready") {
		t.Errorf("make loadtest with %s taken: %v after %v, output %q; want a failure naming the address, before any load", addr, err, time.Since(begin), out)
	}
}
