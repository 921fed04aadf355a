package boards

import (
	"bytes"
	"runtime"
	"sync"
	"testing"
)

// goroutineID returns the number the runtime gives the calling goroutine
// (the first line of its stack), to tell goroutines apart in a test.
func goroutineID() string {
	buf := make([]byte, 64)
	buf = buf[:runtime.Stack(buf, false)]
	return string(bytes.Fields(buf)[1])
}

// TestDealWorksOnCaller checks that deal does every share once and that
// its first worker runs on the caller's goroutine, so that a refresh keeps
// its work on the caller's thread and starts one goroutine fewer.
func TestDealWorksOnCaller(t *testing.T) {
	caller := goroutineID()
	var mu sync.Mutex
	done := make(map[int]int)
	var first []string
	deal(2, 16, func(w, c int) {
		mu.Lock()
		defer mu.Unlock()
		done[c]++
		if w == 0 {
			first = append(first, goroutineID())
		}
	})
	for c := range 16 {
		if done[c] != 1 {
			t.Errorf("share %d done %d times, want once", c, done[c])
		}
	}
	for _, id := range first {
		if id != caller {
			t.Fatalf("worker 0 ran on goroutine %s, the caller is %s", id, caller)
		}
	}
}
