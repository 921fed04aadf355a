package server

import "time"

// A client that sends commands faster than it reads their answers (a
// paste, a script, a flood) would fill its own queue with them and be cut
// off as a reader too slow, losing what was queued, a game's result among
// it. The reader therefore reads no further line while the queue is half
// full, so that the client is slowed to the pace of its own reading; the
// cut-off stays for a reader that does not read at all.

// paceWait bounds how long the reader waits for the queue to drain before
// it reads on (the queue's own limit then decides).
const paceWait = 10 * time.Second

// keepPace waits, outside the server's lock, until less than half of c's
// queue holds output not yet written (that waiting behind a game's result
// counted), the connection breaks, or paceWait passes.
func (c *conn) keepPace() {
	deadline := time.Now().Add(paceWait)
	for time.Now().Before(deadline) {
		var queued int
		c.s.locked(func() error {
			queued = len(c.out) + len(c.waiting)
			return nil
		})
		if queued < cap(c.out)/2 {
			return
		}
		select {
		case <-c.broken:
			return
		case <-time.After(5 * time.Millisecond):
		}
	}
}
