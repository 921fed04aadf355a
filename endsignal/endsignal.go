// Package endsignal names the signals that ask a krieg program to end, so
// that the window, the terminal commands and the window's launcher all
// answer the same ones: Ctrl-C, SIGTERM and, where there is one, the
// terminal's hangup.
package endsignal

import (
	"os"
	"os/signal"
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
