package server

import (
	"errors"
	"log/slog"
	"time"
)

// When kriegd is full (Config.MaxConns), a crowd of guests must not keep
// its players out: a few connections more (fullReserve) are let into the
// login dialogue, where only a login that proves an account (its
// password) or a seat (an unregistered player's reconnect token) gets in,
// and the guest connection silent longest outside a game makes room for
// it. When no guest can (every guest plays, or none is logged in), the
// login stays beyond MaxConns; the reserve bounds those too, so that the
// connections never pass MaxConns + fullReserve (Server.admit).

// fullReserve is how many connections beyond MaxConns there may be at
// once: in the login dialogue, waiting to prove their name, or logged in
// with no guest to make room for them.
func (s *Server) fullReserve() int { return min(16, max(1, s.cfg.MaxConns/10)) }

// overflowGrace is how long a connection let in beyond MaxConns may stay
// in the login dialogue before a newer arrival takes its place when the
// reserve is full: a client logging in sends its name and password at
// once, so one silent this long only holds a place a player needs.
const overflowGrace = 2 * time.Second

// displaceSilent closes the longest-waiting connection let in beyond
// MaxConns that has not logged in within overflowGrace, when the reserve
// has no place left (under s.mu): silent connections could otherwise keep
// every player with an account out for as long as a login may take.
func (s *Server) displaceSilent() {
	if s.overflows < s.fullReserve() {
		return
	}
	var oldest *conn
	for c := range s.conns {
		if c.overflow && c.preLogin && s.clock.Now().Sub(c.arrived) >= overflowGrace && (oldest == nil || c.arrived.Before(oldest.arrived)) {
			oldest = c
		}
	}
	if oldest == nil {
		return
	}
	s.metrics.limited("overflow_displaced")
	oldest.send("kriegd is full, and your login did not come in time for the place it held. Try again later.\r\n")
	tellClose(oldest.nc, closeTryLater, "kriegd is full: a login that did not come in time gave its place")
	s.gone(oldest)
	oldest.shut()
	oldest.nc.SetReadDeadline(time.Now()) // its reader wakes and ends
}

// errFull ends a login that proves nothing while kriegd is full.
var errFull = errors.New("kriegd is full: only a login with an account's password, or with a reconnect token, gets in now. Try again later")

// fullLogin refuses c's guest or unregistered login when it came in beyond
// MaxConns (under s.mu); nil when it may go on.
func (c *conn) fullLogin() error {
	if !c.overflow {
		return nil
	}
	c.s.metrics.limited("conns")
	c.sendText(cmdServer, errFull.Error()+".")
	return errQuit
}

// makeRoom lets c, which proved its name, stay beyond MaxConns (under
// s.mu): the guest connection silent longest outside a game is told why
// and closed, if there is one (if not, c stays over the limit, within
// the reserve, which admit counts).
func (c *conn) makeRoom() {
	if !c.overflow {
		return
	}
	c.overflow = false
	c.s.overflows--
	if len(c.s.conns) <= c.s.cfg.MaxConns {
		return
	}
	var idlest *conn
	for _, u := range c.s.users {
		if !u.registered && u != c && c.s.playing(u) == nil && (idlest == nil || u.active.Before(idlest.active)) {
			idlest = u
		}
	}
	if idlest == nil {
		return
	}
	idlest.sendText(cmdServer, "kriegd is full and a player with an account logged in: this guest connection, the one silent longest, is closed. Try again later.")
	c.s.metrics.limited("guest_evicted")
	c.s.logAddr(c.addr, slog.LevelInfo, "kriegd: full: a guest made room", "guest", idlest.name, "from", idlest.addr, "for", c.addr)
	c.s.gone(idlest)
	tellClose(idlest.nc, closeTryLater, "kriegd is full: a guest silent longest made room for a member")
	idlest.shut()
	idlest.nc.SetReadDeadline(time.Now()) // its reader wakes and ends
}
