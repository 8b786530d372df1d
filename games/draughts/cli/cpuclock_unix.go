//go:build unix && !js

package cli

import (
	"syscall"
	"time"
)

// processCPU is the CPU time (user and system) the engine's process has used so far, from
// getrusage(2); false when the system does not say.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
