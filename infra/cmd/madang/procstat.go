package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strconv"
	"time"
)

// clockTicks is USER_HZ, the unit of utime and stime in /proc/PID/stat: 100 on every Linux
// architecture Go supports (proc(5)).
const clockTicks = 100

// procCPU returns the CPU time (user + system) process pid has used, from /proc/PID/stat
// (Linux; fields 14 and 15 after the command name, proc(5)).
func procCPU(pid int) (time.Duration, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// The command name is in parentheses and may hold spaces: fields start after the last ')'.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, errors.New("procstat: no command name in /proc stat")
	}
	f := bytes.Fields(b[i+1:])
	// f[0] is field 3 (state); utime is field 14, stime field 15.
	if len(f) < 13 {
		return 0, errors.New("procstat: short /proc stat")
	}
	ut, err1 := strconv.ParseInt(string(f[11]), 10, 64)
	st, err2 := strconv.ParseInt(string(f[12]), 10, 64)
	if err1 != nil || err2 != nil {
		return 0, errors.New("procstat: bad utime/stime in /proc stat")
	}
	return time.Duration(ut+st) * time.Second / clockTicks, nil
}

// procMemKB returns process pid's resident set now and at its peak in KiB, from VmRSS and
// VmHWM in /proc/PID/status (Linux, proc(5)).
func procMemKB(pid int) (rss, peak int64, err error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, 0, err
	}
	field := func(name string) (int64, error) {
		i := bytes.Index(b, []byte("\n"+name+":"))
		if i < 0 {
			return 0, fmt.Errorf("procstat: no %s in /proc status", name)
		}
		f := bytes.Fields(b[i+len(name)+2:])
		if len(f) < 2 || string(f[1]) != "kB" {
			return 0, fmt.Errorf("procstat: bad %s in /proc status", name)
		}
		return strconv.ParseInt(string(f[0]), 10, 64)
	}
	if rss, err = field("VmRSS"); err != nil {
		return 0, 0, err
	}
	peak, err = field("VmHWM")
	return rss, peak, err
}

// procRunWait returns how long the threads of process pid have run on a CPU and waited for
// one while runnable (summed over its threads), from /proc/PID/task/*/schedstat (Linux
// with scheduler statistics; fields 1 and 2, in ns). Waiting is what a busy machine costs
// a server beside its own work: latency measured on such a machine includes it. Threads
// that end between listing and reading are skipped.
func procRunWait(pid int) (run, wait time.Duration, err error) {
	dir := fmt.Sprintf("/proc/%d/task", pid)
	tasks, err := os.ReadDir(dir)
	if err != nil {
		return 0, 0, err
	}
	for _, t := range tasks {
		b, err := os.ReadFile(dir + "/" + t.Name() + "/schedstat")
		if err != nil {
			continue
		}
		f := bytes.Fields(b)
		if len(f) < 2 {
			return 0, 0, errors.New("procstat: short schedstat")
		}
		r, err1 := strconv.ParseInt(string(f[0]), 10, 64)
		w, err2 := strconv.ParseInt(string(f[1]), 10, 64)
		if err1 != nil || err2 != nil {
			return 0, 0, errors.New("procstat: bad schedstat")
		}
		run += time.Duration(r)
		wait += time.Duration(w)
	}
	return run, wait, nil
}
