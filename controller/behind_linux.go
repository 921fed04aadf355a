//go:build linux

package controller

import (
	"runtime"
	"syscall"
)

// behind runs the rest of the calling goroutine on a thread of its own
// whose scheduling priority is lowered by behindNice (never above the
// lowest, 19): where the deduction and a window share the cores, the
// window's loop and the renderer's threads then take the cores first, and
// the deduction the time they leave. The thread ends with the goroutine.
func behind() {
	runtime.LockOSThread()
	tid := syscall.Gettid()
	// Linux's getpriority returns 20 minus the nice value.
	raw, err := syscall.Getpriority(syscall.PRIO_PROCESS, tid)
	if err != nil {
		return // the thread keeps its priority: the deduction is only slower to give way
	}
	_ = syscall.Setpriority(syscall.PRIO_PROCESS, tid, min(19, 20-raw+behindNice))
}
