package server

import (
	stdnet "net"
	"time"
)

// ServeConn serves one connection accepted elsewhere (the WebSocket door
// of server/web) exactly as Serve serves one it accepted on TCP: the same
// limits, login, lobby and games. It returns when the connection ends.
func (s *Server) ServeConn(nc stdnet.Conn) {
	<-s.admit(nc)
}

// admit starts serving nc unless the server is full or closed, in which
// case nc is told so and closed. The channel is closed when nc is done
// with.
func (s *Server) admit(nc stdnet.Conn) <-chan struct{} {
	ended := make(chan struct{})
	s.mu.Lock()
	if s.closed || len(s.conns) >= s.cfg.MaxConns {
		msg := "kriegd is full: too many connections. Try again later.\r\n"
		if s.closed {
			msg = "kriegd is shutting down.\r\n"
		}
		s.mu.Unlock()
		nc.SetWriteDeadline(time.Now().Add(time.Second))
		nc.Write([]byte(msg))
		nc.Close()
		close(ended)
		return ended
	}
	c := newConn(s, nc)
	s.conns[c] = true
	s.wg.Add(1)
	s.mu.Unlock()
	go func() {
		defer s.wg.Done()
		defer close(ended)
		c.run()
	}()
	return ended
}
