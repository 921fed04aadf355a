//go:build !js

package sprites

import (
	"os"
	"os/signal"
	"syscall"
)

// onEndSignal calls stop when the program is asked to end (Ctrl-C,
// SIGTERM, a closed terminal), once: a second signal then ends the program
// at once, as if nothing listened. The returned func stops listening.
func onEndSignal(stop func()) (done func()) {
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	go func() {
		if _, ok := <-signals; ok {
			signal.Stop(signals)
			stop()
		}
	}()
	return func() { signal.Stop(signals); close(signals) }
}
