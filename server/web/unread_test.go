package web

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/krieg/krieg/server"
	"github.com/krieg/krieg/server/kriegdtest"
)

// TestWebSocketUnreadOutputIsBounded: a WebSocket client that asks for
// help at the rate --lines allows and never reads makes the kernel hold no
// more than the send buffer the door sets on its socket (the megabytes
// Linux's autotuned buffer held otherwise), and it is let go as a slow
// reader once a write to it waits past the write timeout, as on the game
// port.
func TestWebSocketUnreadOutputIsBounded(t *testing.T) {
	ln := &kriegdtest.Accepting{}
	u := startListening(t, server.Config{WriteTimeout: 2 * time.Second}, "", Options{}, nil, ln.Wrap)
	ws := rawSocket(t, u)
	conns := ln.Conns()
	if len(conns) != 1 {
		t.Fatalf("%d connections accepted; want one", len(conns))
	}
	side := conns[0]
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := ws.Write(ctx, websocket.MessageText, []byte("guest\n")); err != nil {
		t.Fatal(err)
	}
	ask := []byte(strings.Repeat("help\n", 5))
	most, gone := -1, false
	start := time.Now()
	for !gone && time.Since(start) < 20*time.Second {
		ws.Write(ctx, websocket.MessageText, ask) // fails once the door let it go
		if n, ok := kriegdtest.SendQueue(side); ok {
			most = max(most, n)
		}
		gone = strings.Contains(u.log.String(), "too slow: disconnecting")
		time.Sleep(100 * time.Millisecond)
	}
	t.Logf("the kernel held %d bytes at most for the client; let go: %v after %v", most, gone, time.Since(start).Round(time.Millisecond))
	if most > 4*server.SendBuffer { // see server.SendBuffer: about 3 times it at most
		t.Errorf("the kernel held %d bytes for a WebSocket client that does not read; want %d at most", most, 4*server.SendBuffer)
	}
	if !gone {
		t.Fatal("the client that does not read was not let go within 20 s")
	}
}
