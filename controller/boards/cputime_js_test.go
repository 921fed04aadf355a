//go:build js

package boards

import "time"

// started is when the benchmark program started.
var started = time.Now()

// cpuTime is the time since the program started: WebAssembly runs on one
// thread that does nothing else, so its wall clock is its CPU time.
func cpuTime() time.Duration { return time.Since(started) }
