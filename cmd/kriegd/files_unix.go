//go:build unix

package main

import (
	"fmt"
	"syscall"
)

// openFilesLimit is how many files this process may have open (its soft
// RLIMIT_NOFILE, which Go raises to the hard one at start).
func openFilesLimit() (uint64, error) {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &r); err != nil {
		return 0, fmt.Errorf("kriegd: reading the limit of open files: %w", err)
	}
	return r.Cur, nil
}
