package web

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"golang.org/x/crypto/bcrypt"

	"github.com/krieg/krieg/server"
)

// TestClosesSayWhy: each way kriegd ends a WebSocket connection for a
// fault or a limit closes it with the close code that fits and a reason a
// person can read; before, each closed with 1000 and no words (an outside
// tester's finding), the line before the close being the only word of it.
func TestClosesSayWhy(t *testing.T) {
	cases := []struct {
		name string
		cfg  server.Config
		opt  Options
		// act opens the connection the case watches and does what ends it.
		act    func(t *testing.T, u *umpire) *websocket.Conn
		code   websocket.StatusCode
		reason string
	}{
		{"a line split over messages, too long", server.Config{}, Options{}, func(t *testing.T, u *umpire) *websocket.Conn {
			ws := rawSocket(t, u)
			for range 2 {
				send(t, ws, strings.Repeat("x", 3000))
			}
			return ws
		}, websocket.StatusMessageTooBig, "line longer than 4096 bytes"},
		{"no login in time", server.Config{LoginTime: time.Second}, Options{}, rawSocket,
			websocket.StatusPolicyViolation, "logging in took too long (1 second)"},
		{"silent too long", server.Config{GuestIdleTimeout: time.Second}, Options{}, func(t *testing.T, u *umpire) *websocket.Conn {
			ws := rawSocket(t, u)
			send(t, ws, "guest\n")
			return ws
		}, websocket.StatusPolicyViolation, "no input for too long (1 second)"},
		{"a wrong password", server.Config{}, Options{}, func(t *testing.T, u *umpire) *websocket.Conn {
			addMember(t, u)
			ws := rawSocket(t, u)
			send(t, ws, "member wrongpass\n")
			return ws
		}, websocket.StatusPolicyViolation, "the password was refused"},
		{"logged in from elsewhere", server.Config{}, Options{}, func(t *testing.T, u *umpire) *websocket.Conn {
			addMember(t, u)
			ws := rawSocket(t, u)
			send(t, ws, "member rightpass\n")
			waitFor(t, "the first login", func() bool { return strings.Contains(u.log.String(), "member") })
			send(t, rawSocket(t, u), "member rightpass\n")
			return ws
		}, websocket.StatusNormalClosure, "you logged in from elsewhere"},
		{"no pong", server.Config{}, Options{Ping: 100 * time.Millisecond, PongWait: time.Second}, func(t *testing.T, u *umpire) *websocket.Conn {
			// The client reads nothing, so it answers no ping, until the
			// server has given up on it; then it reads the close frame.
			ws := rawSocket(t, u)
			waitFor(t, "the server giving up on the ping", func() bool { return strings.Contains(u.log.String(), "no pong") })
			return ws
		}, websocket.StatusPolicyViolation, "no answer to a ping within 1s"},
		{"too many from the address", server.Config{MaxConnsPerAddr: 1}, Options{}, func(t *testing.T, u *umpire) *websocket.Conn {
			// The first holds the address's one connection once the server
			// has counted it, which its welcome says: the handshake alone
			// ends before that, and under load the second was counted first.
			first := rawSocket(t, u)
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			if _, msg, err := first.Read(ctx); err != nil || !strings.Contains(string(msg), "Welcome") {
				t.Fatalf("the first connection's welcome: %q, %v", msg, err)
			}
			return rawSocket(t, u)
		}, websocket.StatusTryAgainLater, "too many connections from your address (at most 1)"},
		{"a guest making room for a member", server.Config{MaxConns: 1}, Options{}, func(t *testing.T, u *umpire) *websocket.Conn {
			addMember(t, u)
			ws := rawSocket(t, u)
			send(t, ws, "guest\n")
			waitFor(t, "the guest's login", func() bool { return strings.Contains(u.log.String(), "guest") })
			send(t, rawSocket(t, u), "member rightpass\n")
			return ws
		}, websocket.StatusTryAgainLater, "made room for a member"},
		{"shutting down", server.Config{}, Options{}, func(t *testing.T, u *umpire) *websocket.Conn {
			ws := rawSocket(t, u)
			send(t, ws, "guest\n")
			go u.srv.Close()
			return ws
		}, websocket.StatusGoingAway, "kriegd is shutting down"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			u := startUmpire(t, c.cfg, "", c.opt)
			ce := closedWith(t, c.act(t, u))
			if ce.Code != c.code || !strings.Contains(ce.Reason, c.reason) {
				t.Fatalf("closed with %d %q; want %d saying %q", ce.Code, ce.Reason, c.code, c.reason)
			}
		})
	}
}

// addMember gives u an account, member, whose password is rightpass.
func addMember(t *testing.T, u *umpire) {
	t.Helper()
	hash, err := bcrypt.GenerateFromPassword([]byte("rightpass"), bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	if err := u.st.AddAccount(context.Background(), "member", string(hash)); err != nil {
		t.Fatal(err)
	}
}

// send writes one text message to ws.
func send(t *testing.T, ws *websocket.Conn, text string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := ws.Write(ctx, websocket.MessageText, []byte(text)); err != nil {
		t.Fatal(err)
	}
}

// TestMalformedCloseFramesRefusedInOurWords: a client's close frame of one
// byte, with a status WebSocket does not allow, or with a reason that is
// not UTF-8 is answered with a close frame in kriegd's words (the library
// said "received invalid close payload: ..." for the first two and echoed
// the bytes back for the third); a sound close frame, its payload sent in
// two parts, is answered as it always was, with its own status.
func TestMalformedCloseFramesRefusedInOurWords(t *testing.T) {
	u := startUmpire(t, server.Config{}, "", Options{})
	cases := []struct {
		name    string
		payload []byte
		code    websocket.StatusCode
		reason  string
	}{
		{"one byte", []byte{0x03}, websocket.StatusProtocolError, "a close frame of 1 byte: its status takes 2"},
		{"status 999", []byte{0x03, 0xe7}, websocket.StatusProtocolError, "a close frame with status 999, which WebSocket does not allow"},
		{"status 1005", []byte{0x03, 0xed, 'x'}, websocket.StatusProtocolError, "a close frame with status 1005, which WebSocket does not allow"},
		{"reason not UTF-8", []byte{0x03, 0xe8, 0xff, 0xfe}, websocket.StatusInvalidFramePayloadData, "a close frame whose reason is not UTF-8"},
		{"sound", []byte{0x03, 0xe8, 'b', 'y', 'e'}, websocket.StatusNormalClosure, "bye"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			nc, br := rawFrames(t, u)
			f := masked(0x8, c.payload)
			// The header and the payload's first byte, then the rest: the
			// door holds a close frame's payload until all of it came.
			cut := len(f) - len(c.payload) + 1
			nc.Write(f[:cut])
			time.Sleep(50 * time.Millisecond)
			nc.Write(f[cut:])
			code, reason, _ := closeFrame(t, br)
			if code != c.code || reason != c.reason {
				t.Fatalf("closed with %d %q; want %d %q", code, reason, c.code, c.reason)
			}
		})
	}
}
