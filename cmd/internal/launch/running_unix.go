//go:build unix

package launch

import (
	"errors"
	"syscall"
)

// running reports whether a process pid runs (signal 0 checks without
// sending: EPERM is a process of another user's, alive).
func running(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
