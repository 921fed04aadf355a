package server

import (
	"errors"
	"fmt"
	"time"
)

// A connection that sends faster than it may is not only refused: its
// reader stops reading for a while, so that the flood waits in its own
// socket buffer and costs the server nothing (docs/kriegd.md, "Limits").

// Config.Lines (50 a second by default) is far above any player's or
// client's pace (a client's login sends a few dozen settings at once) and
// far below what a flood sends.

// refusalCost is what a command refused by a limit costs in lines, and
// it doubles with each refusal in a row up to maxRefusalCost: a
// connection that keeps sending refused commands is read ever more slowly
// (at the default 50 lines a second, one line in 3.2 s at worst), so that
// refusing it costs the server little, while a client refused once in a
// while pays a fifth of a second.
const (
	refusalCost    = 10
	maxRefusalCost = refusalCost << 4
)

// maxRefusals is how many commands in a row a connection may have refused
// by the limits before it is closed: no client does that, and a
// connection whose user left stops acting on what it sent before leaving
// (about 20 s at the default line rate, sooner when a write to it fails).
// A player in a game is only slowed, never closed for it: a closed
// connection could cost the game, and a game's messages find a dead
// socket soon enough.
const maxRefusals = 10

// errRefusals closes a connection that keeps sending refused commands.
var errRefusals = fmt.Errorf("%d commands in a row were refused by the limits: closing the connection", maxRefusals)

// refused charges the connection's reader for a command refused by a limit
// (under s.mu, in the connection's reader).
func (c *conn) refused() {
	c.penalty = float64(min(refusalCost<<min(c.refusals, 4), maxRefusalCost))
	c.refusals++
	c.flooding = c.refusals >= maxRefusals && c.s.playing(c) == nil
}

// throttle charges the line just handled to the connection's line bucket
// and, when the bucket is in debt, pauses the reader until it is paid,
// outside the server's lock; errClosing when the server closes meanwhile.
func (c *conn) throttle() error {
	if c.flooding {
		c.s.metrics.limited("refusals")
		return errRefusals
	}
	cost := 1 + c.penalty
	if c.penalty == 0 {
		c.refusals = 0 // a command went through: the next refusal costs the least
	}
	c.penalty = 0
	rate := c.s.cfg.Lines
	c.lines.fill(c.s.clock.Now(), rate, 2*rate)
	c.lines.tokens -= cost
	if c.lines.tokens < 0 {
		c.s.metrics.limited("lines")
		if !c.s.clock.Sleep(time.Duration(-c.lines.tokens/rate*float64(time.Second)), c.s.quit) {
			return errClosing
		}
	}
	return nil
}

// errClosing ends a connection whose reader was paused when the server
// closed.
var errClosing = errors.New("kriegd is closing")
