// Package endsignal names the signals that ask a krieg program to end, so
// that the window, the terminal commands and the window's launcher all
// answer the same ones: Ctrl-C, SIGTERM and, where there is one, the
// terminal's hangup.
package endsignal

import (
	"os"
	"os/signal"
	"slices"
	"syscall"
	"time"
)

// Notify relays to c the signals that ask the program to end, except those
// it was started to ignore (under nohup, or in the background of a
// script), which stay ignored. It reports whether any is relayed.
func Notify(c chan<- os.Signal) bool {
	var watched []os.Signal
	for _, s := range ending {
		if !signal.Ignored(s) {
			watched = append(watched, s)
		}
	}
	if len(watched) == 0 {
		return false // Notify with no signal would relay every signal
	}
	signal.Notify(c, watched...)
	return true
}

// OnFirst calls stop when the program is first asked to end. Further
// requests within same of the first are taken for the same one (Ctrl-C in
// a terminal reaches a child program twice: from the terminal, and handed
// on by its parent); a later one ends the program at once, as if nothing
// listened, in case the program is stuck. done stops listening.
func OnFirst(stop func(), same time.Duration) (done func()) {
	signals := make(chan os.Signal, 4)
	if !Notify(signals) {
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
				case time.Since(first) >= same:
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

// Killed reports whether ps is the end of a process that one of the
// signals asking a program to end killed outright (it had not begun to
// listen for them): a program started by this one, asked to end with it.
func Killed(ps *os.ProcessState) bool {
	ws, ok := ps.Sys().(interface {
		Signaled() bool
		Signal() syscall.Signal
	})
	return ok && ws.Signaled() && slices.Contains(ending, os.Signal(ws.Signal()))
}
