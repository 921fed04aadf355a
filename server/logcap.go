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

// Lines about addresses are capped all together too, each level on its
// own (logAllBurst at once, logAllPerSecond after, far above a club
// server's logins): a crowd of addresses, each within its own budget (an
// IPv6 network holds millions), wrote 29,000 lines in 10 s for a tester,
// about 29 GB a day. Lines not about an address (games, the store) are not
// capped.
const (
	logAllBurst     = 200
	logAllPerSecond = 10.0
)

// logCap is the log lines each address may still write, with its own lock:
// it is called inside and outside the server's.
type logCap struct {
	mu    sync.Mutex
	addrs map[string]*capped
	// all is every address's lines together, a budget for each level: a
	// crowd's logins (info) must not keep wrong passwords and slow readers
	// (warnings) out of the log (a tester's flood of logins from many
	// addresses did). Its counts are of lines held back by it alone.
	all map[slog.Level]*capped
}

// capped is one address's budget and the lines it had held back.
type capped struct {
	b          *bucket
	suppressed int
}

// logAddr writes a line about addr at level, unless addr or all addresses
// together are over their budget; a line after some were held back carries
// their count ("suppressed" for addr's, "suppressed_all" for those the
// budget of all held back).
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
	if l.all == nil {
		l.all = map[slog.Level]*capped{}
	}
	all := l.all[level]
	if all == nil {
		all = &capped{b: newBucket(now, logAllBurst)}
		l.all[level] = all
	}
	if !e.b.take(now, logPerSecond, logBurst) {
		e.suppressed++
		l.mu.Unlock()
		s.metrics.limited("log")
		return
	}
	if !all.b.take(now, logAllPerSecond, logAllBurst) {
		all.suppressed++
		l.mu.Unlock()
		s.metrics.limited("log")
		return
	}
	if e.suppressed > 0 {
		args = append(args, "suppressed", e.suppressed)
		e.suppressed = 0
	}
	if all.suppressed > 0 {
		args = append(args, "suppressed_all", all.suppressed)
		all.suppressed = 0
	}
	l.mu.Unlock()
	s.log.Log(context.Background(), level, msg, args...)
}
