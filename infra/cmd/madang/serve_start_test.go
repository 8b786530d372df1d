package main

import (
	"bytes"
	"context"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
