package server

import (
	"slices"
	"testing"
)

// queued drains what c's writer would send, piece by piece.
func queued(c *conn) []string {
	var out []string
	for {
		select {
		case b, ok := <-c.out:
			if !ok {
				return out
			}
			out = append(out, string(b))
		default:
			return out
		}
	}
}

// TestWaitingIsBounded: a connection waiting for a result that does not
// come (a stuck record) stops waiting once its wait holds as many pieces
// as its queue: what waited goes out, in order, and the result when it
// comes, so memory stays bounded and nothing is lost.
func TestWaitingIsBounded(t *testing.T) {
	c := &conn{s: &Server{}, out: make(chan []byte, 4)}
	p := c.keepPlace()
	for _, text := range []string{"a", "b", "c"} {
		c.send(text)
	}
	if got := queued(c); got != nil {
		t.Fatalf("sent %q while the result's place was kept", got)
	}
	c.send("d") // the fifth piece: over the bound
	c.deliver(p, "result")
	if got, want := queued(c), []string{"abc", "d", "result"}; !slices.Equal(got, want) {
		t.Fatalf("sent %q; want %q", got, want)
	}
}

// TestWaitingOutputLeavesWithTheConnection: a connection closed while it
// waits for a result still sends what it was told before, such as why it
// was closed.
func TestWaitingOutputLeavesWithTheConnection(t *testing.T) {
	c := &conn{s: &Server{}, out: make(chan []byte, 4)}
	p := c.keepPlace()
	c.send("closed for silence")
	c.shut()
	c.deliver(p, "result") // too late: the connection is closed
	if got, want := queued(c), []string{"closed for silence"}; !slices.Equal(got, want) {
		t.Fatalf("sent %q; want %q", got, want)
	}
}
