package server_test

import (
	"errors"
	"io"
	stdnet "net"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/server"
)

// TestLineTooLongIsReadBeforeTheClose: a client that sends a line longer
// than the server reads, and more after it, reads the server's "line too
// long" and then the end of the stream, not a reset: the server half-
// closes and reads away what is left before it closes, since closing a
// socket with input unread resets the connection, and a reset can throw
// away the message before the client reads it.
func TestLineTooLongIsReadBeforeTheClose(t *testing.T) {
	u := startUmpire(t, server.Config{})
	nc, err := stdnet.Dial("tcp", u.addr)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	nc.SetDeadline(time.Now().Add(10 * time.Second))
	buf := make([]byte, 64<<10)
	var got []byte
	for !strings.Contains(string(got), "login: ") {
		n, err := nc.Read(buf)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, buf[:n]...)
	}
	// Eight times the longest line, sent at once with no line end; a
	// write refused once the server has closed is no matter here.
	nc.Write([]byte(strings.Repeat("x", 8*server.MaxLine)))
	got = got[:0]
	for {
		n, err := nc.Read(buf)
		got = append(got, buf[:n]...)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("the connection ended with %v after %q; want line too long, then the end of the stream", err, got)
		}
	}
	if !strings.Contains(string(got), "line too long") {
		t.Fatalf("the client read %q; want line too long", got)
	}
}
