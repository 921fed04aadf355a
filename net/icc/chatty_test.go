package icc

import (
	"context"
	stdnet "net"
	"strings"
	"testing"
	"time"
)

// chattyServer listens on loopback and, on every connection, writes lines
// of text from line(i) until line returns "" (then holds the connection
// open, silent) or the connection fails. It returns the address.
func chattyServer(t *testing.T, line func(i int) string) string {
	t.Helper()
	ln, err := stdnet.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	held := make(chan struct{})
	t.Cleanup(func() { close(held); ln.Close() })
	acceptEach(ln, func(conn stdnet.Conn) {
		defer conn.Close()
		for i := 0; ; i++ {
			l := line(i)
			if l == "" {
				<-held
				return
			}
			if _, err := conn.Write([]byte(l + "\r\n")); err != nil {
				return
			}
		}
	})
	return ln.Addr().String()
}

// manyLines is 3,000 short lines, more than the client's events hold,
// then silence.
func manyLines(i int) string {
	if i >= 3000 {
		return ""
	}
	return "hello there"
}

// chattyClient returns a client, closed at the test's end, of a
// chattyServer sending line, logging in within loginTimeout.
func chattyClient(t *testing.T, line func(int) string, loginTimeout time.Duration) *Client {
	t.Helper()
	c, err := New(Options{Addr: chattyServer(t, line), LoginTimeout: loginTimeout})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// connectWithin runs c.Connect(ctx) and fails the test unless it returns
// within limit; it returns Connect's error.
func connectWithin(t *testing.T, c *Client, ctx context.Context, limit time.Duration) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- c.Connect(ctx) }()
	select {
	case err := <-done:
		return err
	case <-time.After(limit):
		t.Fatalf("Connect still waiting after %v: the reader is stuck delivering what the server said", limit)
		return nil
	}
}

// TestFloodBeforeLoginEndsIt: a server that streams text and never asks
// for a login (another protocol, or a flood) ends the login once it has
// sent preLoginLimit bytes, saying so, instead of the client waiting the
// whole login timeout with nobody reading what it heard.
func TestFloodBeforeLoginEndsIt(t *testing.T) {
	c := chattyClient(t, func(int) string { return strings.Repeat("x", 1000) }, time.Minute)
	err := connectWithin(t, c, context.Background(), 20*time.Second)
	if err == nil || !strings.Contains(err.Error(), "sent 256 KB without ending the login; is it a kriegd or ICC server?") {
		t.Fatalf("a flooding server: %v; want the flood named", err)
	}
}

// TestLoginTimeoutAfterManyLines: a server that sends more lines than the
// events' buffer holds, then nothing, ends the login at its timeout. Before,
// the reader waited for room to deliver the lines while Connect waited for
// the reader, and the client hung for good.
func TestLoginTimeoutAfterManyLines(t *testing.T) {
	c := chattyClient(t, manyLines, 500*time.Millisecond)
	err := connectWithin(t, c, context.Background(), 20*time.Second)
	if err == nil || !strings.Contains(err.Error(), "no login within 500ms") {
		t.Fatalf("a server that never asks for a login: %v; want the login timeout", err)
	}
}

// TestGivingUpWhileTheServerTalks: cancelling Connect (the console's quit
// typed while connecting) returns at once even when the server has sent
// more than the events' buffer holds.
func TestGivingUpWhileTheServerTalks(t *testing.T) {
	c := chattyClient(t, manyLines, time.Minute)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(time.Second, cancel)
	if err := connectWithin(t, c, ctx, 20*time.Second); err == nil {
		t.Fatal("Connect given up succeeded")
	}
}
