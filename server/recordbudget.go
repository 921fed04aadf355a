package server

import "time"

// The web door's /record answers each request with a read of the store's
// index and of a record file, as finger and history do on the game port,
// so an address has a budget of them like the listings' (Config.Listings:
// four times that a second, bursts of twenty times): with none, a client
// on loopback asked for records as fast as it liked, each a store read.

// TakeRecord takes one of addr's requests for a finished game's record
// (the web door's /record): 0 when it may be served, else how long until
// the address has one. A refusal is counted as record_per_addr.
func (s *Server) TakeRecord(addr string) time.Duration {
	now := s.clock.Now()
	rate, burst := 4*s.cfg.Listings, 20*s.cfg.Listings
	s.mu.Lock()
	defer s.mu.Unlock()
	b := addrBucket(s.recordAddr, addr, now, rate, burst)
	if b.take(now, rate, burst) {
		return 0
	}
	s.metrics.limited("record_per_addr")
	return b.wait(rate)
}
