// Package linger closes a connection so that its last words reach the
// client: see CloseGently.
package linger

import (
	"io"
	stdnet "net"
	"time"
)

// A connection closed with input it has not read is reset (the kernel
// sends RST, not FIN), and a reset may reach the client before it has read
// the server's last line, which its kernel then throws away: a client
// that sent a line too long might never learn why it was cut off. So such
// a connection is half-closed first (the last line, then FIN), and what
// the client still sends is read and thrown away until it closes too,
// for a moment and a bounded number of bytes, so that a client that goes
// on sending cannot hold the connection.
const (
	lingerTime  = time.Second
	lingerBytes = 64 << 10
)

// closeWriter is a connection that can close its sending half alone
// (TCP; TLS sends its close_notify).
type closeWriter interface{ CloseWrite() error }

// CloseGently half-closes nc and reads away what the client still sends,
// for lingerTime and lingerBytes at most, before the caller closes it. A
// connection that cannot half-close is left to the caller as it is.
func CloseGently(nc stdnet.Conn) {
	cw, ok := nc.(closeWriter)
	if !ok || cw.CloseWrite() != nil {
		return
	}
	nc.SetReadDeadline(time.Now().Add(lingerTime))
	io.Copy(io.Discard, io.LimitReader(nc, lingerBytes))
}
