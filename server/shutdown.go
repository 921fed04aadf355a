package server

import (
	"cmp"
	"errors"
	"maps"
	stdnet "net"
	"slices"
	"sync"
	"time"
)

// shutdownNotice is what every connection is told before a closing server
// closes it, logged in or not.
const shutdownNotice = "kriegd is shutting down: this connection is closed. Try again later."

// shutdownWhy is the reason a game still on at shutdown is aborted with,
// in the players' line and in its record.
const shutdownWhy = "the server is shutting down"

// drainTime bounds how long a closing server lets a connection's writer
// send its last lines: a client that does not read cannot hold the
// shutdown up for longer.
const drainTime = 2 * time.Second

// indexTime bounds how long a closing server waits for the store to index
// the games that ended; those left stay pending for the next start.
const indexTime = 10 * time.Second

// errShutdown ends a connection whose command or login arrived as the
// server closed: nothing more is carried out.
var errShutdown = errors.New("kriegd is shutting down")

// Close stops accepting, aborts every game in progress (each player told
// why, each record written with its moves so far and indexed), tells every
// connection kriegd is shutting down, and waits for them to end: a client
// that does not read is cut off after drainTime. Finished games still
// waiting for the index get indexTime; those left are indexed at the next
// start. Calls after the first wait for it and return its error.
func (s *Server) Close() error {
	s.closeOnce.Do(func() { s.closeErr = s.shutdown() })
	return s.closeErr
}

// shutdown is Close's work, done once.
func (s *Server) shutdown() error {
	var ln stdnet.Listener
	aborted := 0
	after, _ := s.lockedOnly(func() error {
		s.closed = true
		s.drainBy.Store(time.Now().Add(drainTime).UnixNano())
		close(s.quit)
		ln = s.ln
		if s.news.timer != nil {
			s.news.timer.Stop()
		}
		for c := range s.conns {
			// A writer stuck on a client that does not read stops in time.
			c.nc.SetWriteDeadline(s.writeDeadline())
		}
		games := slices.SortedFunc(maps.Values(s.games), func(a, b *match) int { return cmp.Compare(a.number, b.number) })
		for _, m := range games {
			m.abort(shutdownWhy, true)
		}
		aborted = len(games)
		s.log.Info("kriegd: shutting down", "games_aborted", aborted, "connections", len(s.conns))
		return nil
	})
	var err error
	if ln != nil {
		err = ln.Close()
	}
	// Each aborted game's record is written, and its result sent, at once:
	// a database that is down costs the wait for one game, not one a game.
	var saves sync.WaitGroup
	for _, a := range after {
		saves.Go(s.safely("recording a game aborted by the shutdown", a))
	}
	saves.Wait()
	s.locked(func() error {
		s.drainBy.Store(time.Now().Add(drainTime).UnixNano())
		for c := range s.conns {
			c.sendText(cmdServer, shutdownNotice)
			tellClose(c.nc, closeGoingAway, shutdownReason)
			c.shut()
			c.nc.SetWriteDeadline(s.writeDeadline())
			c.nc.SetReadDeadline(time.Now()) // its reader wakes and ends
		}
		return nil
	})
	s.wg.Wait()
	s.records.stop()
	s.log.Info("kriegd: server closed", "games_aborted", aborted)
	return err
}

// writeDeadline is the deadline of a connection's next write: 30 s, or
// what is left of drainTime once the server is closing.
func (s *Server) writeDeadline() time.Time {
	select {
	case <-s.quit:
		return time.Unix(0, s.drainBy.Load())
	default:
		return time.Now().Add(30 * time.Second)
	}
}
