package sprites

import (
	"os"
	"os/signal"
	"time"

	"github.com/krieg/krieg/endsignal"
)

// sameRequest is how long after a first signal to end another is taken for
// the same request: Ctrl-C in a terminal reaches the window twice, from the
// terminal and handed on by krieg, which started it.
const sameRequest = time.Second

// onEndSignal calls stop when the program is asked to end (package
// endsignal), once. A later request ends the program at once, as if
// nothing listened, in case the loop is stuck. The returned func stops
// listening.
func onEndSignal(stop func()) (done func()) {
	signals := make(chan os.Signal, 4)
	if !endsignal.Notify(signals) {
		return func() {}
	}
	quit := make(chan struct{})
	go func() {
		var first time.Time
		for {
			select {
			case s := <-signals:
				switch {
				case first.IsZero():
					first = time.Now()
					stop()
				case time.Since(first) >= sameRequest:
					signal.Reset(s)
					if p, err := os.FindProcess(os.Getpid()); err != nil || p.Signal(s) != nil {
						os.Exit(1) // where a program cannot signal itself
					}
					return
				}
			case <-quit:
				return
			}
		}
	}()
	return func() { signal.Stop(signals); close(quit) }
}
