//go:build !unix && !js

package cli

import "time"

// processCPU: no process CPU clock on this system.
func processCPU() (time.Duration, bool) { return 0, false }
