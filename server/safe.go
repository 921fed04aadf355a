package server

import (
	"fmt"
	"runtime/debug"
)

// safely returns f guarded so that a panic in it (a bug) is logged with its
// stack and counted, and ends f only: every goroutine the server starts
// (a connection's, a timer's, the index worker's) runs its work this way,
// so that no bug takes the whole server down.
func (s *Server) safely(what string, f func()) func() {
	return func() {
		defer s.recovered(what, nil)
		f()
	}
}

// recovered, deferred, turns a panic into a log line with the stack and a
// count; it calls then (when not nil) with the panic's value.
func (s *Server) recovered(what string, then func(any)) {
	r := recover()
	if r == nil {
		return
	}
	s.metrics.panics.Inc()
	s.log.Error("kriegd: recovered from a panic", "while", what, "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
	if then != nil {
		then(r)
	}
}
