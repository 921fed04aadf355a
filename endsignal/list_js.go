package endsignal

import (
	"os"
	"syscall"
)

// ending are the signals that ask the program to end (no terminal hangs up
// on a browser's program).
var ending = []os.Signal{os.Interrupt, syscall.SIGTERM}
