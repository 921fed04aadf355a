package server

import (
	"errors"
	"fmt"
	stdnet "net"
	"time"
)

// A WebSocket connection (server/web) ends with a close frame that carries
// a code and a reason of its own, which a browser shows or logs where the
// lines before it may never be read: kriegd puts there, in a few words,
// why it closed the connection. A TCP connection has only the line.

// The close codes kriegd gives (RFC 6455, 7.4.1, and IANA's registry), as
// numbers, so that the server needs no WebSocket library.
const (
	closeNormal    = 1000
	closeGoingAway = 1001
	closePolicy    = 1008
	closeTooBig    = 1009
	closeInternal  = 1011
	closeTryLater  = 1013
)

// shutdownReason is the close reason of every connection a shutdown ends.
const shutdownReason = "kriegd is shutting down: try again later"

// reasonedCloser is a connection whose close can say why: the WebSocket
// stream (wsstream.Conn).
type reasonedCloser interface {
	SetCloseReason(code int, reason string)
}

// tellClose gives nc's close its code and reason, when nc has a close that
// carries them; a code of 0 leaves it as it is.
func tellClose(nc stdnet.Conn, code int, reason string) {
	if r, ok := nc.(reasonedCloser); ok && code != 0 {
		r.SetCloseReason(code, reason)
	}
}

// errBadPassword ends a login whose password was refused, as wrong or as
// one guess too many; it is a quit (errQuit): the user was told why in a
// line of its own already.
var errBadPassword = fmt.Errorf("%w: the password was refused", errQuit)

// closeFor gives c's close the code and reason for err (closeReason),
// unless whoever shut c already (a shutdown, a login from elsewhere) gave
// its own (under s.mu).
func (c *conn) closeFor(err error) {
	if c.closed {
		return
	}
	code, reason := closeReason(err, c.loggingIn, c.silence)
	tellClose(c.nc, code, reason)
}

// closeReason is the close code and reason of a connection whose serving
// ended with err, loggingIn telling whether it had logged in and silence
// the read deadline it kept; a code of 0 when there is nothing to say (the
// client went, and hears nothing more).
func closeReason(err error, loggingIn bool, silence time.Duration) (int, string) {
	switch {
	case errors.Is(err, errBadPassword):
		return closePolicy, "the password was refused"
	case err == nil || errors.Is(err, errQuit):
		return closeNormal, ""
	case clientGone(err) || errors.Is(err, errLost):
		return 0, ""
	case errors.Is(err, errShutdown):
		return closeGoingAway, shutdownReason
	case errors.Is(err, errLineTooLong):
		return closeTooBig, fmt.Sprintf("line longer than %d bytes", MaxLine)
	case errors.Is(err, errSilent) && loggingIn:
		return closePolicy, fmt.Sprintf("logging in took too long (%s)", spell(silence))
	case errors.Is(err, errSilent):
		return closePolicy, fmt.Sprintf("no input for too long (%s)", spell(silence))
	case errors.Is(err, errRefusals):
		return closePolicy, fmt.Sprintf("%d commands in a row were refused by the limits", maxRefusals)
	case errors.Is(err, errFull):
		return closeTryLater, "kriegd is full: only an account's password or a reconnect token gets in now"
	case errors.Is(err, errPanic):
		return closeInternal, "kriegd hit an internal error serving this connection"
	}
	return closeInternal, err.Error()
}
