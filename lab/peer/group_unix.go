//go:build unix

package peer

import (
	"os/exec"
	"syscall"
)

// ownGroup starts the peer in a process group of its own, so that Ctrl-C in
// the terminal reaches krieg alone: krieg then finishes the game under way
// with the peer before it stops (lab.Stop). The peer still ends with krieg,
// at the end of its input.
func ownGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }
