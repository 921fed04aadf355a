//go:build !unix

package launch

import "os"

// running reports whether a process pid runs: on Windows finding it opens
// it, which fails once it has ended.
func running(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	p.Release()
	return true
}
