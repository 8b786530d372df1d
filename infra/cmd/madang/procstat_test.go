package main

import (
	"os"
	"testing"
	"time"
)

// This process's CPU time grows while it spins (checked against schedstat's run time), and
// its resident set is a plausible size (the Go runtime alone holds a few MB; a test binary
// is far below 4 GB). The spin runs until 100 ms of CPU time have passed by /proc (10 s at
// most): on a busy machine wall time says little. /proc/PID/stat's CPU time is sampled at
// the scheduler tick while schedstat's run time is measured in nanoseconds, so on a loaded
// machine the two differ by ticks (CI once saw 50 ms against 38.9 ms): schedstat must show
// at least half of what stat shows.
func TestProcStatOwnProcess(t *testing.T) {
	pid := os.Getpid()
	c0, err := procCPU(pid)
	if err != nil {
		t.Fatal(err)
	}
	r0, _, err := procRunWait(pid)
	if err != nil {
		t.Fatal(err)
	}
	x := 0
	var c1 time.Duration
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); {
		for i := 0; i < 1e6; i++ {
			x++
		}
		if c1, err = procCPU(pid); err != nil {
			t.Fatal(err)
		}
		if c1-c0 >= 100*time.Millisecond {
			break
		}
	}
	if d := c1 - c0; d < 100*time.Millisecond {
		t.Errorf("spun 10 s, CPU time grew %v (x=%d)", d, x)
	}
	r1, wait, err := procRunWait(pid)
	if err != nil {
		t.Fatal(err)
	}
	if r1-r0 < (c1-c0)/2 || wait < 0 {
		t.Errorf("schedstat: ran %v more (CPU time %v more), waited %v", r1-r0, c1-c0, wait)
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
