package server

import (
	"errors"
	"log/slog"
	"os"
	"time"
)

// A client that asks for output (help, 50 times a second, within --lines)
// and never reads it made the server hold what it asked for: the kernel's
// send buffer first (sendbuffer.go), then the writer's queue, until the
// queue filled after about a minute; one that read a little now and then
// held it for as long as it liked. So a connection's output waiting unsent
// is bounded by its reader: while more than readPause bytes (or more than
// half the queue's pieces) wait, the reader reads no further command, and
// a client asking for more than it reads fills its own socket's buffers,
// not the server's. What the server sends of its own accord (a game's messages,
// its record) is still queued, up to maxUnsent bytes as well as OutQueue
// pieces; beyond either the reader counts as too slow and is let go
// (tooSlow). A write that does not finish within Config.WriteTimeout, and
// a second more for each minReadRate bytes it carries, lets the connection
// go the same way: a client that stops reading is cut within about half a
// minute of its socket filling. A player let go so leaves the game as if
// its line had dropped: the grace period starts, and the game ends and is
// recorded as for any drop.

// readPause is how many bytes of output may wait unsent before the
// connection's reader stops reading its commands: one write's worth
// (maxCoalesced), above any answer to a command (help is about 1 KB, a
// listing 100 names at most); a long game's record comes at the game's
// end, not for a command.
const readPause = maxCoalesced

// maxUnsent is how many bytes may wait unsent before a piece more makes
// the reader too slow. Answers to the reader's own commands stay under
// readPause and an answer, so this bounds what the server sends of its own
// accord to a reader that does not read (a game's messages). A piece
// larger than this (a game's record at --refused-game's high end) is still
// queued for a reader that keeps up (enqueue).
const maxUnsent = 1 << 20

// minReadRate is the pace, in bytes a second, a write may take beyond
// Config.WriteTimeout: a long game's record to a player on a slow line
// takes longer than a move. (The HTTP door paces its answers alike,
// server/web/pace.go.)
const minReadRate = 16 << 10

// writeBy is the deadline of c's next write, of n bytes: WriteTimeout and
// a second more for each minReadRate bytes, or what is left of drainTime
// once the server is closing.
func (c *conn) writeBy(n int) time.Time {
	select {
	case <-c.s.quit:
		return c.s.writeDeadline()
	default:
		return time.Now().Add(c.s.cfg.WriteTimeout + time.Duration(n)*time.Second/minReadRate)
	}
}

// backlogged reports whether c's output waits unsent beyond what its
// reader may read commands with.
func (c *conn) backlogged() bool {
	return c.unsent.Load() > readPause || len(c.out) > cap(c.out)/2
}

// backpressure holds the reader (outside the server's lock) while c's
// output is backlogged, until the writer has sent enough of it; errLost
// when the socket fails meanwhile (a write timed out: a slow reader), and
// errClosing when the server closes.
func (c *conn) backpressure() error {
	if !c.backlogged() {
		return nil
	}
	c.s.metrics.limited("unread_output")
	for c.backlogged() {
		select {
		case <-c.drained:
		case <-c.broken:
			return errLost
		case <-c.done:
			return nil // the queue was shut: the next read ends the connection
		case <-c.s.quit:
			return errClosing
		}
	}
	return nil
}

// sent counts n bytes as written (or given up) by c's writer and wakes
// its reader if it waits.
func (c *conn) sent(n int) {
	c.unsent.Add(-int64(n))
	select {
	case c.drained <- struct{}{}:
	default:
	}
}

// writeFailed logs a write that did not finish in time, unless the server
// is closing (it cuts every writer short then): the reader was too slow.
func (c *conn) writeFailed(err error) {
	if !errors.Is(err, os.ErrDeadlineExceeded) {
		return
	}
	select {
	case <-c.s.quit:
		return
	default:
	}
	c.s.mu.Lock()
	user := c.label() // its name is set under the lock
	c.s.mu.Unlock()
	c.s.logAddr(c.addr, slog.LevelWarn, "kriegd: a reader too slow: disconnecting", "user", user, "why", "a write timed out")
	c.s.metrics.limited("slow_reader")
	tellClose(c.nc, closePolicy, "too slow reading what kriegd sends")
}
