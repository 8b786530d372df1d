package main

import (
	"runtime"
	"testing"
)

func TestServeProcs(t *testing.T) {
	for _, c := range []struct {
		env       string
		cur, want int
	}{
		{"", 1, minServeProcs}, // pinned to one core (taskset -c 0)
		{"", 2, minServeProcs},
		{"", 8, 8},  // more cores: Go's own choice
		{"1", 1, 1}, // the environment decides
		{"2", 2, 2},
	} {
		if got := serveProcs(c.env, c.cur); got != c.want {
			t.Errorf("serveProcs(%q, %d) = %d, want %d", c.env, c.cur, got, c.want)
		}
	}
}

// `madang serve` on one P (a server pinned to one core) raises GOMAXPROCS, unless the
// GOMAXPROCS environment variable set it.
func TestServeRaisesProcs(t *testing.T) {
	old := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(old)
	t.Setenv("GOMAXPROCS", "")
	s := startServer(t, "--store", "memory")
	if n := runtime.GOMAXPROCS(0); n != minServeProcs {
		t.Errorf("serve on one P runs with GOMAXPROCS %d, want %d", n, minServeProcs)
	}
	s.stop()
	runtime.GOMAXPROCS(1)
	t.Setenv("GOMAXPROCS", "1")
	startServer(t, "--store", "memory").stop()
	if n := runtime.GOMAXPROCS(0); n != 1 {
		t.Errorf("serve with GOMAXPROCS=1 set runs with %d", n)
	}
}
