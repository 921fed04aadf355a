package web

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/icc"
	"github.com/krieg/krieg/server"
)

// rawSocket opens a WebSocket to the door with no ICC driver behind it.
func rawSocket(t *testing.T, u *umpire) *websocket.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, u.socketURL(), nil)
	if err != nil {
		t.Fatal(err)
	}
	ws.SetReadLimit(-1)
	t.Cleanup(func() { ws.CloseNow() })
	return ws
}

// closedWith reads ws until it ends and returns how the server closed it.
func closedWith(t *testing.T, ws *websocket.Conn) websocket.CloseError {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	for {
		_, _, err := ws.Read(ctx)
		if err == nil {
			continue
		}
		var ce websocket.CloseError
		if !errors.As(err, &ce) {
			t.Fatalf("the connection ended without a close frame: %v", err)
		}
		return ce
	}
}

// served checks that c, logged in elsewhere, is still served: "who" is
// answered within 10 s. A refusal for too many listings (a flood from the
// same address spent their budget) is waited out and "who" sent again.
func served(t *testing.T, c *icc.Client) {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for range 5 {
		if err := c.Console("who"); err != nil {
			t.Fatalf("a bystander could not send: %v", err)
		}
		for refused := false; !refused; {
			select {
			case ev := <-c.Events():
				if ev.Kind != net.KindConsole {
					continue
				}
				if strings.Contains(ev.Text, "logged in") {
					return
				}
				refused = strings.Contains(ev.Text, "Too many listings")
			case <-deadline:
				t.Fatal("a bystander's who was not answered within 10 s")
			}
		}
		time.Sleep(time.Second)
	}
	t.Fatal("a bystander's who was refused five times, a second apart")
}

// TestHostileMessagesRefused: an oversized message, a binary one, text
// that is not UTF-8 and a flood each end that connection with a close
// frame that says why, while a player on the WebSocket and one on TCP
// are served before, during and after.
func TestHostileMessagesRefused(t *testing.T) {
	u := startUmpire(t, server.Config{}, "", Options{})
	bystanders := []*icc.Client{u.client(t, "", "", false), u.client(t, "", "", true)}
	attacks := []struct {
		name   string
		send   func(ctx context.Context, ws *websocket.Conn) error
		code   websocket.StatusCode
		reason string
	}{
		{"oversized", func(ctx context.Context, ws *websocket.Conn) error {
			return ws.Write(ctx, websocket.MessageText, []byte(strings.Repeat("who ", 1<<14)))
		}, websocket.StatusMessageTooBig, "longer than the 4096 allowed"},
		{"binary", func(ctx context.Context, ws *websocket.Conn) error {
			return ws.Write(ctx, websocket.MessageBinary, []byte{0xde, 0xad, 0xbe, 0xef, 0, 1, 2})
		}, websocket.StatusUnsupportedData, "binary messages are refused"},
		{"not UTF-8", func(ctx context.Context, ws *websocket.Conn) error {
			return ws.Write(ctx, websocket.MessageText, []byte("guest\xff\xfe\n"))
		}, websocket.StatusInvalidFramePayloadData, "not UTF-8"},
		{"flood", func(ctx context.Context, ws *websocket.Conn) error {
			for range 500 {
				if err := ws.Write(ctx, websocket.MessageText, []byte("who\n")); err != nil {
					return nil // refused midway: the close frame tells why
				}
			}
			return nil
		}, websocket.StatusPolicyViolation, "too many messages"},
	}
	for _, a := range attacks {
		t.Run(a.name, func(t *testing.T) {
			ws := rawSocket(t, u)
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			go a.send(ctx, ws)
			ce := closedWith(t, ws)
			if ce.Code != a.code || !strings.Contains(ce.Reason, a.reason) {
				t.Fatalf("closed with %d %q; want %d saying %q", ce.Code, ce.Reason, a.code, a.reason)
			}
			for _, b := range bystanders {
				served(t, b)
			}
		})
	}
}

// TestClientThatNeverReads: a client that asks for much and reads
// nothing is read no further once its output waits unsent, and
// disconnected once a write to it stalls past the write timeout; the
// server's lock is never held waiting for it, so a bystander is served
// meanwhile.
func TestClientThatNeverReads(t *testing.T) {
	u := startUmpire(t, server.Config{OutQueue: 16, WriteTimeout: 2 * time.Second}, "", Options{})
	bystander := u.client(t, "", "", true)
	ws := rawSocket(t, u)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := ws.Write(ctx, websocket.MessageText, []byte("guest\n")); err != nil {
		t.Fatal(err)
	}
	ask := []byte(strings.Repeat("help\n", 800))
	for range 50 {
		if err := ws.Write(ctx, websocket.MessageText, ask); err != nil {
			break // cut off already
		}
		served(t, bystander)
	}
	waitFor(t, "the slow reader's disconnection in the log", func() bool {
		return strings.Contains(u.log.String(), "too slow: disconnecting")
	})
	served(t, bystander)
	// What was sent before the cut may still be read; then the connection ends.
	for {
		if _, _, err := ws.Read(ctx); err != nil {
			if ctx.Err() != nil {
				t.Fatal("the slow reader's connection did not end")
			}
			break
		}
	}
}

// TestServerLimitsApplyToWebSocket: the server's connection limit counts
// WebSocket connections with TCP ones, and one over it is told so: it may
// log in only with a password or a reconnect token, and a guest login is
// refused and closed.
func TestServerLimitsApplyToWebSocket(t *testing.T) {
	u := startUmpire(t, server.Config{MaxConns: 2}, "", Options{})
	u.client(t, "", "", true)
	u.client(t, "", "", false)
	ws := rawSocket(t, u)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var heard strings.Builder
	for !strings.Contains(heard.String(), "login: ") {
		_, msg, err := ws.Read(ctx)
		if err != nil {
			t.Fatalf("a third connection read %q, %v; want kriegd is full", heard.String(), err)
		}
		heard.Write(msg)
	}
	if !strings.Contains(heard.String(), "kriegd is full") {
		t.Fatalf("a third connection read %q; want kriegd is full", heard.String())
	}
	if err := ws.Write(ctx, websocket.MessageText, []byte("guest\n")); err != nil {
		t.Fatal(err)
	}
	_, msg, err := ws.Read(ctx)
	if err != nil || !strings.Contains(string(msg), "only a login with an account's password") {
		t.Fatalf("a guest login over the limit read %q, %v; want kriegd is full", msg, err)
	}
	if _, _, err := ws.Read(ctx); websocket.CloseStatus(err) != websocket.StatusNormalClosure {
		t.Fatalf("then %v; want a normal close", err)
	}
}
