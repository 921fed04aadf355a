//go:build linux

package controller

import (
	"syscall"
	"testing"
)

// TestBehindLowersThePriority: behind moves the calling goroutine to a
// thread running at a lower priority than the caller's others (by
// behindNice, down to the lowest), and leaves the other threads as they were.
func TestBehindLowersThePriority(t *testing.T) {
	nice := func() int {
		raw, err := syscall.Getpriority(syscall.PRIO_PROCESS, syscall.Gettid())
		if err != nil {
			t.Fatal(err)
		}
		return 20 - raw
	}
	before := nice()
	got := make(chan int)
	go func() {
		behind()
		got <- nice()
	}()
	if n, want := <-got, min(19, before+behindNice); n != want {
		t.Errorf("the deduction's thread runs at nice %d; want %d (the caller's is %d)", n, want, before)
	}
	if n := nice(); n != before {
		t.Errorf("the caller's thread moved from nice %d to %d", before, n)
	}
}
