package main

import "os/exec"

// runChild runs cmd to its end: a browser starts no window program, and
// has no signals to hand on.
func runChild(cmd *exec.Cmd) error { return cmd.Run() }
