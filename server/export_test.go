package server

import "time"

// WaitingChecks is how many password checks wait for their turn, so that
// tests from outside the package can tell when their checks have queued.
func (s *Server) WaitingChecks() int {
	s.hashing.mu.Lock()
	defer s.hashing.mu.Unlock()
	n := 0
	for _, q := range s.hashing.queues {
		n += len(q)
	}
	return n
}

// Hashers is how many password checks run at once.
func Hashers() int { return hashers() }

// GuessesWaiting is how many checks from addresses that guessed wrong
// lately may wait at once.
func GuessesWaiting() int { return maxGuessesWaiting * hashers() }

// SetIndexTime sets how long a closing server waits for the index, so that
// a test of a stuck database need not wait the full time.
func (s *Server) SetIndexTime(d time.Duration) { s.records.indexTime = d }

// RealClock is the server's own clock, for a test's clock to build on.
var RealClock Clock = realClock{}

// Unsent is how many bytes of the output of name's connection wait unsent
// (queued, or being written); ok is false once name is not logged in.
func (s *Server) Unsent(name string) (n int64, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.user(name)
	if c == nil {
		return 0, false
	}
	return c.unsent.Load(), true
}

// ReadPause is how many bytes of a connection's output may wait unsent
// before its reader stops reading commands.
const ReadPause = readPause
