package server

import stdnet "net"

// The kernel holds what a connection's writer wrote and its client has not
// read, in the socket's send buffer. Linux grows that buffer for a socket
// whose writes keep it full up to tcp_wmem's maximum (4 MB by default): a
// client that asked for output and never read it made the host hold about
// 2.8 MB per connection, 5.6 GB at the default 2,000 connections. So the
// send buffer of every connection kriegd serves is set once, at SendBuffer,
// which turns that growth off; what the client does not read then waits in
// the writer's queue, where the server counts it (backpressure.go).

// SendBuffer is the send buffer kriegd sets on each connection's socket.
// Linux doubles the value for its own bookkeeping, and a socket then held
// from 74 KB unsent (to a client with a small receive buffer) to 196 KB
// (one with a large) on loopback, where it held 2 to 4 MB left to tune
// itself. kriegd's output is lines of text: a move is tens of bytes, help
// about 1 KB, a game's record up to some 120 KB at the default
// --refused-game. 64 KB keeps up with any of them: a socket's
// unacknowledged bytes bound its speed to the buffer over the round trip,
// so about 1.3 MB/s at 100 ms and 400 KB/s at 300 ms, a whole record in a
// fraction of a second; only bulk transfers need more, and the game port
// has none.
const SendBuffer = 64 << 10

// writeBufferer is a socket whose send buffer can be set (*net.TCPConn).
type writeBufferer interface {
	SetWriteBuffer(bytes int) error
}

// netConner is a connection wrapping another (*tls.Conn, the door's
// counted and watched connections), which it returns.
type netConner interface {
	NetConn() stdnet.Conn
}

// LimitSendBuffer sets the send buffer of the socket under nc to
// SendBuffer, reaching it through TLS and any wrapper with a NetConn
// method; a connection with no socket under it (a pipe, a WebSocket
// stream) is left as it is. The server does it for each connection it
// serves; the HTTP door does it for the socket under a WebSocket, which
// the server cannot reach through the stream.
func LimitSendBuffer(nc stdnet.Conn) { SetSendBuffer(nc, SendBuffer) }

// SetSendBuffer is LimitSendBuffer with the buffer's size in bytes: the
// HTTP door gives the page's files more (web.PageSendBuffer).
func SetSendBuffer(nc stdnet.Conn, bytes int) {
	for range 8 { // wrappers nest a few deep at most
		switch c := nc.(type) {
		case writeBufferer:
			c.SetWriteBuffer(bytes)
			return
		case netConner:
			nc = c.NetConn()
		default:
			return
		}
	}
}
