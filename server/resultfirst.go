package server

import "strings"

// A game's result reaches those following it only once its record is
// written (match.end), outside the lock, while the game has already left
// the server: a command typed in between ("e2e4", "resign") was answered
// "You are not playing a game." before the result arrived, which read as
// a bug. So each connection following the game keeps the result's place
// in its output, and what it is sent meanwhile waits behind that place,
// in order, until the result fills it.

// place is one piece of a connection's waiting output: text ready to go,
// or the place kept for a result not yet delivered.
type place struct {
	text  string
	ready bool
	// left is true once the connection stopped waiting for this result
	// (leaveWaiting): the result is then sent as it comes.
	left bool
}

// keepPlace keeps c's place for a game's result (under s.mu): what c is
// sent from now on waits behind it.
func (c *conn) keepPlace() *place {
	p := &place{}
	c.waiting = append(c.waiting, p)
	return p
}

// deliver sends text in the place p kept for it, with what waited behind
// it (under s.mu).
func (c *conn) deliver(p *place, text string) {
	p.text, p.ready = text, true
	if p.left {
		c.send(text)
		return
	}
	c.release()
}

// wait puts text behind the place kept (under s.mu). The wait is bounded
// as the writer's queue is, so that a stuck record cannot grow a
// connection's memory: beyond cap(c.out) pieces, c stops waiting and its
// output goes out as it comes, the result after it.
func (c *conn) wait(text string) {
	if len(c.waiting) >= cap(c.out) {
		c.leaveWaiting()
		c.enqueue(text)
		return
	}
	c.waiting = append(c.waiting, &place{text: text, ready: true})
}

// release sends, in one piece, what waits up to the first place still
// kept (under s.mu).
func (c *conn) release() {
	var b strings.Builder
	i := 0
	for ; i < len(c.waiting) && c.waiting[i].ready; i++ {
		b.WriteString(c.waiting[i].text)
	}
	c.waiting = c.waiting[i:]
	if len(c.waiting) == 0 {
		c.waiting = nil
	}
	c.enqueue(b.String())
}

// leaveWaiting sends all that waits and is ready (under s.mu), and marks
// the places still kept as left: for a connection closing, whose last
// words must not be lost behind a result that may never come to it, and
// for one whose wait grew too long.
func (c *conn) leaveWaiting() {
	var b strings.Builder
	for _, p := range c.waiting {
		if p.ready {
			b.WriteString(p.text)
		} else {
			p.left = true
		}
	}
	c.waiting = nil
	c.enqueue(b.String())
}
