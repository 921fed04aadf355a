package wsstream

import (
	"context"
	"fmt"

	"github.com/coder/websocket"
)

// Dial opens a WebSocket to url (ws:// or wss://) and returns it as a
// stream whose messages are held to lim; in a browser it opens the
// browser's own WebSocket.
func Dial(ctx context.Context, url string, lim Limits) (*Conn, error) {
	ws, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		return nil, fmt.Errorf("wsstream: %w", err)
	}
	lim = lim.withDefaults()
	ws.SetReadLimit(int64(lim.MaxMessage) + 1)
	return New(ws, Options{Limits: lim}), nil
}
