package web

import (
	"context"
	"fmt"
	"time"

	"github.com/coder/websocket"

	"github.com/krieg/krieg/net/wsstream"
)

// keepAlive pings the client of ws every Options.Ping until served is
// closed. A client that does not answer a ping within Options.PongWait is
// gone or broken (every WebSocket client must answer pings): its
// connection is closed with a close frame that says so, rather than held
// until the server's idle limit. The pings also keep a proxy in front of
// kriegd from cutting a quiet connection.
func (d *Door) keepAlive(ws *websocket.Conn, conn *wsstream.Conn, addr string, served <-chan struct{}) {
	tick := time.NewTicker(d.opt.Ping)
	defer tick.Stop()
	for {
		select {
		case <-served:
			return
		case <-tick.C:
		}
		ctx, cancel := context.WithTimeout(context.Background(), d.opt.PongWait)
		err := ws.Ping(ctx)
		late := ctx.Err() != nil
		cancel()
		switch {
		case err == nil:
			continue
		case late:
			d.opt.Log.Info("kriegd: web: no pong: closing the WebSocket", "addr", addr)
			conn.SetCloseReason(int(websocket.StatusPolicyViolation), fmt.Sprintf("no answer to a ping within %s", d.opt.PongWait.Round(time.Second)))
			conn.Close()
		}
		return // the connection ended, or was just closed
	}
}
