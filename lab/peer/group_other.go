//go:build !unix

package peer

import "os/exec"

// ownGroup does nothing where processes have no groups to keep apart.
func ownGroup(*exec.Cmd) {}
