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
