//go:build !js

package main

import (
	"os"
	"os/exec"
	"os/signal"

	"github.com/krieg/krieg/endsignal"
)

// runChild runs cmd to its end, handing it the signals that would end this
// program (package endsignal): the window closes with krieg, never left
// running on its own. (The window takes a signal that reaches it twice,
// from the terminal and from here, as one request.) Where the system
// allows it, the child also ends when krieg is killed outright
// (parentDeath).
func runChild(cmd *exec.Cmd) error {
	signals := make(chan os.Signal, 4)
	endsignal.Notify(signals)
	defer signal.Stop(signals)
	release := parentDeath(cmd)
	err := cmd.Start()
	release()
	if err != nil {
		return err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	for {
		select {
		case err := <-done:
			return err
		case sig := <-signals:
			// The child may have ended already; then there is nobody to tell.
			_ = cmd.Process.Signal(sig)
		}
	}
}
