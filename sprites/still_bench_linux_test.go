//go:build linux

package sprites

import (
	"syscall"
	"testing"
	"time"
)

// processCPU is the CPU time the whole test process has used: the loop's
// goroutines and the renderer's threads (a software renderer draws on
// threads of its own).
func processCPU(tb testing.TB) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		tb.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkFrameAtRest measures what a window at rest costs: the process's
// CPU time per frame of BenchmarkFrame's board (everything on) left alone,
// an unchanged frame going undrawn as for users, against the same frames
// drawn whole, in turns of 60 frames in the same run.
func BenchmarkFrameAtRest(b *testing.B) {
	app := everythingOn(b)
	var rest, whole time.Duration
	frames := 0
	for i := 0; i < b.N; i++ {
		for _, atRest := range []bool{false, true} {
			h.do(func() { h.atRest = atRest })
			began := processCPU(b)
			h.timeFrames(app, 60, nil)
			used := processCPU(b) - began
			if atRest {
				rest += used
			} else {
				whole += used
			}
		}
		frames += 60
	}
	h.do(func() { h.atRest = false })
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 / float64(frames) }
	b.ReportMetric(ms(rest), "rest-cpu-ms/frame")
	b.ReportMetric(ms(whole), "drawn-cpu-ms/frame")
	b.ReportMetric(float64(rest)/float64(whole), "ratio")
}
