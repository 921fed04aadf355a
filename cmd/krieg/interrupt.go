package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/krieg/krieg/endsignal"
	"github.com/krieg/krieg/lab"
)

// errStopped ends a series stopped early by hand: its report is printed,
// and krieg exits with status 130, so that a script can tell it from a
// whole run.
var errStopped = errors.New("stopped early")

// stoppedEarly is errStopped when a series played fewer games than asked
// (nil when all were played).
func stoppedEarly(played, asked int) error {
	if asked == 0 {
		return nil
	}
	return fmt.Errorf("%w: %d of %d games played; the report covers those", errStopped, played, asked)
}

// stopOnInterrupt lets Ctrl-C (package endsignal) end a long series early
// without losing it: the first signal closes the returned Stop, so no further game
// starts and the report covers the games played; a second signal ends the
// program at once. done stops listening.
func stopOnInterrupt(stderr io.Writer) (stop lab.Stop, done func()) {
	asked := make(chan struct{})
	return asked, endsignal.OnFirst(func() {
		fmt.Fprintln(stderr, "krieg: stopping after the games under way, then reporting on the games played (Ctrl-C again to quit at once)")
		close(asked)
	}, 0)
}
