package web

import (
	stdnet "net"
	"net/http"
	"net/netip"

	"github.com/coder/websocket"

	"github.com/krieg/krieg/net/wsstream"
)

// socket upgrades the request to a WebSocket and serves it as one more
// connection of the server, until it ends. Browsers send the page's
// origin, which must be this host or one of Options.Origins.
func (d *Door) socket(w http.ResponseWriter, r *http.Request) {
	lim := d.opt.Limits
	if lim.MaxMessage <= 0 {
		lim.MaxMessage = 4096
	}
	// The frames are watched (frames.go) so that one declaring too long a
	// payload, or not masked, is refused at once in the door's own words,
	// and the socket's send buffer is limited (sendbuffer.go).
	ws, err := websocket.Accept(limitSendBuffer(watchFrames(w, lim.MaxMessage)), r, &websocket.AcceptOptions{OriginPatterns: d.opt.Origins})
	if err != nil {
		d.opt.Log.Info("kriegd: web: WebSocket refused", "addr", r.RemoteAddr, "err", err)
		return // Accept has answered
	}
	ws.SetReadLimit(int64(lim.MaxMessage) + 1) // the stream refuses longer ones itself
	conn := wsstream.New(ws, wsstream.Options{Limits: lim, Local: localAddr(r), Remote: remoteAddr(r)})
	served := make(chan struct{})
	go d.keepAlive(ws, conn, r.RemoteAddr, served)
	d.srv.ServeConn(conn)
	close(served)
}

// remoteAddr is the peer's address, for the log and the server's limits
// by address.
func remoteAddr(r *http.Request) stdnet.Addr {
	if ap, err := netip.ParseAddrPort(r.RemoteAddr); err == nil {
		return stdnet.TCPAddrFromAddrPort(ap)
	}
	return nil
}

// localAddr is the address the request came in on.
func localAddr(r *http.Request) stdnet.Addr {
	if a, ok := r.Context().Value(http.LocalAddrContextKey).(stdnet.Addr); ok {
		return a
	}
	return nil
}
