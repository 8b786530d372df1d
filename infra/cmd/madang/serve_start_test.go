package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// runServe runs serve with args until it returns (ctx already cancelled: a start that got
// through would serve and stop at once), from an empty working folder so that a default
// --data lands there; it returns the exit code and stderr.
func runServe(t *testing.T, args ...string) (int, string) {
	t.Helper()
	t.Chdir(t.TempDir())
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stderr bytes.Buffer
	code := serve(ctx, args, io.Discard, &stderr)
	return code, stderr.String()
}

func wantNoFile(t *testing.T, paths ...string) {
	t.Helper()
	for _, p := range paths {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Errorf("%s exists after the failed start (%v)", p, err)
		}
	}
}

// Go's flag parsing stops at the first argument that is no flag: `serve extra --store
// memory` ignored --store (and everything after) and opened the embedded store in ./data.
// Such an argument is refused, exit 2, and nothing is made.
func TestServeRefusesStrayArgument(t *testing.T) {
	dir := t.TempDir()
	code, stderr := runServe(t, "extra", "--store", "memory", "--addr", "127.0.0.1:0", "--data", filepath.Join(dir, "d"))
	if code != 2 || !strings.Contains(stderr, `unexpected argument "extra"`) {
		t.Fatalf("serve extra --store memory: exit %d, stderr %q; want 2 and unexpected argument \"extra\"", code, stderr)
	}
	wantNoFile(t, "data", filepath.Join(dir, "d"))
	code, stderr = runServe(t, "--store", "memory", "--addr", "127.0.0.1:0", "extra")
	if code != 2 || !strings.Contains(stderr, `unexpected argument "extra"`) {
		t.Fatalf("a trailing argument: exit %d, stderr %q", code, stderr)
	}
}

// --nosync makes the embedded store skip every fsync, so --sync-ack (answer a move only
// after its fsync) cannot hold: the pair is refused, exit 2, before the store is made.
func TestServeRefusesSyncAckWithNosync(t *testing.T) {
	data := filepath.Join(t.TempDir(), "d")
	code, stderr := runServe(t, "--sync-ack", "--nosync", "--addr", "127.0.0.1:0", "--data", data)
	if code != 2 || !strings.Contains(stderr, "--sync-ack and --nosync") {
		t.Fatalf("--sync-ack --nosync: exit %d, stderr %q; want 2 naming both", code, stderr)
	}
	wantNoFile(t, data)
	for _, f := range []string{"--sync-ack", "--nosync"} {
		if code, stderr := runServe(t, f, "--addr", "127.0.0.1:0", "--data", filepath.Join(t.TempDir(), "d")); code != 0 {
			t.Errorf("%s alone: exit %d, %s", f, code, stderr)
		}
	}
}

// A busy port fails the start (exit 1) before the --data folder or the --cpuprofile file
// is made: the failed start leaves nothing behind.
func TestServeBusyPortLeavesNothing(t *testing.T) {
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	dir := t.TempDir()
	data, prof := filepath.Join(dir, "d"), filepath.Join(dir, "cpu.prof")
	code, stderr := runServe(t, "--addr", busy.Addr().String(), "--data", data, "--cpuprofile", prof)
	if code != 1 || !strings.Contains(stderr, "address already in use") {
		t.Fatalf("serve on a busy port: exit %d, stderr %q", code, stderr)
	}
	wantNoFile(t, data, prof)
}

// On a wildcard address (the default :8080) serve says it listens on all interfaces and
// gives the local address; it printed only http://localhost:PORT, as if it listened there
// alone. A loopback address gets no such note. The URL stays the third word.
func TestServeSaysWhereItListens(t *testing.T) {
	for _, c := range []struct {
		addr string
		all  bool
	}{{":0", true}, {"127.0.0.1:0", false}} {
		ctx, cancel := context.WithCancel(context.Background())
		pr, pw := io.Pipe()
		done := make(chan int, 1)
		args := []string{"--addr", c.addr, "--store", "memory", "--quiet", "--site", t.TempDir()}
		go func() {
			done <- serve(ctx, args, pw, io.Discard)
			pw.Close()
		}()
		line, err := bufio.NewReader(pr).ReadString('\n')
		cancel()
		go io.Copy(io.Discard, pr)
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatal("serve did not stop")
		}
		if err != nil {
			t.Fatalf("--addr %s: %v", c.addr, err)
		}
		f := strings.Fields(line)
		if len(f) < 3 {
			t.Fatalf("--addr %s printed %q", c.addr, line)
		}
		_, port, _ := net.SplitHostPort(strings.TrimPrefix(f[2], "http://"))
		if c.all {
			if f[2] != "http://localhost:"+port || !strings.Contains(line, "(listening on all interfaces, port "+port+";") {
				t.Errorf("--addr %s printed %q; want http://localhost:%s and listening on all interfaces", c.addr, line, port)
			}
		} else if f[2] != "http://127.0.0.1:"+port || strings.Contains(line, "all interfaces") {
			t.Errorf("--addr %s printed %q", c.addr, line)
		}
	}
	if got := listenAll(&net.TCPAddr{IP: net.IPv4zero, Port: 8080}); got != "listening on all IPv4 interfaces, port 8080" {
		t.Errorf("0.0.0.0:8080: %q", got)
	}
}

// A flag that only another store reads is refused (exit 2) rather than ignored: with the
// memory store, --sync-ack would promise an fsync that never happens.
func TestServeRefusesAnotherStoresFlag(t *testing.T) {
	for _, c := range [][]string{
		{"--store", "memory", "--sync-ack"},
		{"--store", "memory", "--nosync"},
		{"--store", "memory", "--data", filepath.Join(t.TempDir(), "d")},
		{"--store", "dynamodb", "--nosync", "--dynamodb-endpoint", "http://127.0.0.1:9"},
		{"--dynamodb-table", "rooms"},
		{"--store", "memory", "--dynamodb-endpoint", "http://127.0.0.1:9"},
	} {
		data := filepath.Join(t.TempDir(), "d")
		args := append(append([]string{}, c...), "--addr", "127.0.0.1:0")
		if !slices.Contains(c, "--data") && !slices.Contains(c, "--store") {
			args = append(args, "--data", data)
		}
		code, stderr := runServe(t, args...)
		if code != 2 || !strings.Contains(stderr, "is for --store") {
			t.Errorf("%q: exit %d, stderr %q; want 2 naming the store the flag is for", c, code, stderr)
		}
		wantNoFile(t, data)
	}
	if code, stderr := runServe(t, "--store", "memory", "--rate", "0", "--addr", "127.0.0.1:0"); code != 0 {
		t.Errorf("memory store without store flags: exit %d, %s", code, stderr)
	}
}
