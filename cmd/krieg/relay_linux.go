package main

import (
	"os/exec"
	"runtime"
	"syscall"
)

// parentDeath asks Linux to send the child SIGTERM when krieg dies, even by
// SIGKILL. Linux ties that request to the thread that starts the child, so
// the thread is held until the child has started; release lets it go. (A
// thread that ends would end the child with it: Go ends no thread that is
// not locked, and this one is unlocked only after the start.)
func parentDeath(cmd *exec.Cmd) (release func()) {
	runtime.LockOSThread()
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM}
	return runtime.UnlockOSThread
}
