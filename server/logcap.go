package server

import (
	"context"
	"log/slog"
	"sync"
)

// Lines logged about one address are capped (logBurst at once, logPerSecond
// after): a client repeating what gets logged (logging in over and over,
// a wrong password) must not fill the operator's disk. The lines held
// back are counted, and the next line about the address says how many.
const (
	logBurst     = 20
	logPerSecond = 1.0
)

// logCap is the log lines each address may still write, with its own lock:
// it is called inside and outside the server's.
type logCap struct {
	mu    sync.Mutex
	addrs map[string]*capped
}

// capped is one address's budget and the lines it had held back.
type capped struct {
	b          *bucket
	suppressed int
}

// logAddr writes a line about addr at level, unless addr is over its
// budget; a line after some were held back carries their count
// ("suppressed").
func (s *Server) logAddr(addr string, level slog.Level, msg string, args ...any) {
	now := s.clock.Now()
	l := &s.logCap
	l.mu.Lock()
	if l.addrs == nil || len(l.addrs) > 10000 {
		l.addrs = map[string]*capped{} // a crowd of addresses: start again rather than grow
	}
	e := l.addrs[addr]
	if e == nil {
		e = &capped{b: newBucket(now, logBurst)}
		l.addrs[addr] = e
	}
	if !e.b.take(now, logPerSecond, logBurst) {
		e.suppressed++
		l.mu.Unlock()
		s.metrics.limited("log")
		return
	}
	if e.suppressed > 0 {
		args = append(args, "suppressed", e.suppressed)
		e.suppressed = 0
	}
	l.mu.Unlock()
	s.log.Log(context.Background(), level, msg, args...)
}
