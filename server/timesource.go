package server

import "time"

// Clock is the server's source of time: the real clock, or a test's that
// moves only when told, so that tests and fuzzers never wait for it.
type Clock interface {
	Now() time.Time
	// AfterFunc calls f in a goroutine of its own after d.
	AfterFunc(d time.Duration, f func()) Timer
	// Sleep holds the calling goroutine for d or until stop is closed,
	// false then (a test's clock returns true at once).
	Sleep(d time.Duration, stop <-chan struct{}) bool
}

// Timer is a call that Clock.AfterFunc will make.
type Timer interface {
	// Stop prevents the call; false when it has been made or stopped already.
	Stop() bool
}

// realClock is the time package's clock.
type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }

func (realClock) AfterFunc(d time.Duration, f func()) Timer { return time.AfterFunc(d, f) }

func (realClock) Sleep(d time.Duration, stop <-chan struct{}) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-stop:
		return false
	}
}
