package main

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/krieg/krieg/lab"
)

// stopOnInterrupt lets Ctrl-C (or SIGTERM) end a long series early without
// losing it: the first signal closes the returned Stop, so no further game
// starts and the report covers the games played; a second signal ends the
// program at once. done stops listening.
func stopOnInterrupt(stderr io.Writer) (stop lab.Stop, done func()) {
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	asked := make(chan struct{})
	quit := make(chan struct{})
	go func() {
		select {
		case <-signals:
			signal.Stop(signals)
			fmt.Fprintln(stderr, "krieg: stopping after the games under way, then reporting on the games played (Ctrl-C again to quit at once)")
			close(asked)
		case <-quit:
		}
	}()
	return asked, func() { signal.Stop(signals); close(quit) }
}
