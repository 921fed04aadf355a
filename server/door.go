package server

import stdnet "net"

// ServeConn serves one connection accepted elsewhere (the WebSocket door
// of server/web) exactly as Serve serves one it accepted on TCP: the same
// limits, login, lobby and games, but for telnet's negotiation, which only
// the game port reads (telnet.go). It returns when the connection ends.
func (s *Server) ServeConn(nc stdnet.Conn) { s.serveConn(nc, false) }
