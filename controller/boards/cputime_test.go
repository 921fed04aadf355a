//go:build !js && !windows

package boards

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time this process has used, in every thread.
func cpuTime() time.Duration {
	var r syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &r) != nil {
		return 0
	}
	return time.Duration(r.Utime.Nano() + r.Stime.Nano())
}
