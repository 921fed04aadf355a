package server

import (
	"errors"
	"log/slog"
	stdnet "net"
	"strings"
	"testing"
	"time"
)

// pipedConn is a connection of a new server over an in-memory pipe, with
// no writer draining its queue.
func pipedConn(t *testing.T) *conn {
	t.Helper()
	s := New(Config{Log: slog.New(slog.DiscardHandler)})
	nc, peer := stdnet.Pipe()
	t.Cleanup(func() { nc.Close(); peer.Close() })
	return newConn(s, nc)
}

// TestUnsentIsBoundedInBytes: what the server sends of its own accord to
// a reader that does not read is bounded in bytes, not only in pieces: a
// piece more once maxUnsent bytes wait disconnects the reader, though the
// queue holds far fewer pieces than OutQueue; lobby traffic is dropped
// from half of that; and one piece larger than the bound (a long game's
// record) still goes to a reader that keeps up.
func TestUnsentIsBoundedInBytes(t *testing.T) {
	c := pipedConn(t)
	c.enqueue(strings.Repeat("x", maxUnsent/2-100))
	if !c.lobbySend("a seek") {
		t.Fatal("lobby traffic dropped below half the bound")
	}
	c.enqueue(strings.Repeat("x", maxUnsent/2+100))
	if c.lobbySend("another seek") {
		t.Fatal("lobby traffic queued past half the bound")
	}
	if c.closed {
		t.Fatalf("closed with %d pieces waiting: under the bound", len(c.out))
	}
	c.enqueue("a move")
	if !c.closed {
		t.Fatalf("%d pieces of more than %d bytes wait, and the reader was not let go", len(c.out), maxUnsent)
	}

	c = pipedConn(t)
	c.enqueue(strings.Repeat("r", 2*maxUnsent)) // a record larger than the bound
	if c.closed {
		t.Fatal("a record larger than the bound cut a reader with nothing waiting")
	}
}

// TestReaderWaitsForItsOutput: a connection's reader waits while more than
// readPause bytes of its output wait unsent, and goes on once the writer
// has sent enough; a socket failing meanwhile ends it.
func TestReaderWaitsForItsOutput(t *testing.T) {
	c := pipedConn(t)
	c.enqueue(strings.Repeat("x", readPause+1))
	done := make(chan error, 1)
	go func() { done <- c.backpressure() }()
	select {
	case err := <-done:
		t.Fatalf("the reader went on (%v) with %d bytes unsent", err, c.unsent.Load())
	case <-time.After(50 * time.Millisecond):
	}
	<-c.out
	c.sent(readPause + 1)
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("the reader went on with %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the reader still waits with its output sent")
	}

	c.enqueue(strings.Repeat("x", readPause+1))
	go func() { done <- c.backpressure() }()
	close(c.broken)
	if err := <-done; !errors.Is(err, errLost) {
		t.Fatalf("the socket failed while the reader waited: %v; want errLost", err)
	}
}
