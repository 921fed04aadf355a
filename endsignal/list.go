//go:build !js

package endsignal

import (
	"os"
	"syscall"
)

// ending are the signals that ask the program to end.
var ending = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}
