package main

import (
	"os"
	"testing"
	"time"
)

// This process's CPU time grows while it spins, and its resident set is a plausible size
// (the Go runtime alone holds a few MB; a test binary is far below 4 GB).
func TestProcStatOwnProcess(t *testing.T) {
	pid := os.Getpid()
	c0, err := procCPU(pid)
	if err != nil {
		t.Fatal(err)
	}
	x := 0
	for end := time.Now().Add(150 * time.Millisecond); time.Now().Before(end); {
		x++
	}
	c1, err := procCPU(pid)
	if err != nil {
		t.Fatal(err)
	}
	if d := c1 - c0; d < 50*time.Millisecond {
		t.Errorf("spun 150 ms, CPU time grew %v (x=%d)", d, x)
	}
	rss, peak, err := procMemKB(pid)
	if err != nil {
		t.Fatal(err)
	}
	if rss < 1024 || rss > 4<<20 || peak < rss {
		t.Errorf("rss %d kB, peak %d kB", rss, peak)
	}
	if _, err := procCPU(-1); err == nil {
		t.Error("pid -1: no error")
	}
}
