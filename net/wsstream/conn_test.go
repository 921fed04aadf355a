package wsstream

import (
	"bytes"
	"context"
	"errors"
	"io"
	stdnet "net"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

func text(s string) message { return message{websocket.MessageText, []byte(s)} }

// TestStreamJoinsMessages reads messages back as one stream, in order,
// through a small buffer, and ends with io.EOF on the peer's normal close.
func TestStreamJoinsMessages(t *testing.T) {
	c := New(newFakeSocket(false, text("login: "), text("guest\n"), text(""), text("seek 5 3\nwho\n")), Options{})
	defer c.Close()
	var got bytes.Buffer
	buf := make([]byte, 3)
	for {
		n, err := c.Read(buf)
		got.Write(buf[:n])
		if err != nil {
			if err != io.EOF {
				t.Fatalf("stream ended with %v; want io.EOF", err)
			}
			break
		}
	}
	if want := "login: guest\nseek 5 3\nwho\n"; got.String() != want {
		t.Fatalf("read %q; want %q", got.String(), want)
	}
}

// TestReadDeadlineLeavesStreamUsable: a read deadline that passes returns
// os.ErrDeadlineExceeded (a net.Error that is a timeout), and the message
// that comes later is still read.
func TestReadDeadlineLeavesStreamUsable(t *testing.T) {
	ws := newFakeSocket(true)
	c := New(ws, Options{})
	defer c.Close()
	c.SetReadDeadline(time.Now().Add(20 * time.Millisecond))
	_, err := c.Read(make([]byte, 8))
	var ne stdnet.Error
	if !errors.Is(err, os.ErrDeadlineExceeded) || !errors.As(err, &ne) || !ne.Timeout() {
		t.Fatalf("read past the deadline: %v; want os.ErrDeadlineExceeded", err)
	}
	c.SetReadDeadline(time.Time{})
	ws.add(text("later\n"))
	buf := make([]byte, 16)
	n, err := c.Read(buf)
	if err != nil || string(buf[:n]) != "later\n" {
		t.Fatalf("read after the deadline: %q, %v", buf[:n], err)
	}
}

// TestDeadlineMovedWakesPendingRead: a deadline set while a Read waits
// applies to it.
func TestDeadlineMovedWakesPendingRead(t *testing.T) {
	c := New(newFakeSocket(true), Options{})
	defer c.Close()
	got := make(chan error, 1)
	go func() {
		_, err := c.Read(make([]byte, 8))
		got <- err
	}()
	time.Sleep(10 * time.Millisecond)
	c.SetReadDeadline(time.Now().Add(10 * time.Millisecond))
	select {
	case err := <-got:
		if !errors.Is(err, os.ErrDeadlineExceeded) {
			t.Fatalf("pending read: %v; want a deadline error", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("a deadline set during a Read did not end it")
	}
}

// TestRefusals: each kind of bad message ends the stream with a refusal
// whose close code and reason reach the peer; what came before is kept.
func TestRefusals(t *testing.T) {
	long := strings.Repeat("x", 4097)
	cases := []struct {
		name string
		bad  message
		code websocket.StatusCode
		says string
	}{
		{"binary", message{websocket.MessageBinary, []byte{0, 1, 2}}, websocket.StatusUnsupportedData, "binary messages are refused"},
		{"too long", text(long), websocket.StatusMessageTooBig, "4097 bytes is longer than the 4096 allowed"},
		{"not UTF-8", message{websocket.MessageText, []byte("caf\xe9\n")}, websocket.StatusInvalidFramePayloadData, "not UTF-8"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ws := newFakeSocket(true, text("who\n"), tc.bad, text("after\n"))
			c := New(ws, Options{})
			defer c.Close()
			got, err := io.ReadAll(c)
			if string(got) != "who\n" {
				t.Errorf("stream before the refusal: %q; want %q", got, "who\n")
			}
			var ref *Refusal
			if !errors.As(err, &ref) || !errors.Is(err, ErrRefused) || ref.Code != tc.code || !strings.Contains(err.Error(), tc.says) {
				t.Fatalf("stream ended with %v; want a refusal %d saying %q", err, tc.code, tc.says)
			}
			code, reason, ok := ws.closedWith(5 * time.Second)
			if !ok || code != tc.code || !strings.Contains(reason, tc.says) {
				t.Fatalf("the socket was closed %v with %d %q; want %d with %q", ok, code, reason, tc.code, tc.says)
			}
		})
	}
}

// TestFloodRefused: messages faster than the rate, past the burst, are
// refused; the same number spread over time are not.
func TestFloodRefused(t *testing.T) {
	clk := &clock{now: time.Unix(1000, 0)}
	var msgs []message
	for range 12 {
		msgs = append(msgs, text("who\n"))
	}
	ws := newFakeSocket(false, msgs...)
	c := New(ws, Options{Limits: Limits{Rate: 2, Burst: 10}, Now: clk.Now})
	got, err := io.ReadAll(c)
	if !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), "too many messages") {
		t.Fatalf("flood: %v; want a refusal for too many messages", err)
	}
	if n := strings.Count(string(got), "who\n"); n != 10 {
		t.Fatalf("%d messages passed before the refusal; want the burst, 10", n)
	}
	if code, _, _ := ws.closedWith(5 * time.Second); code != websocket.StatusPolicyViolation {
		t.Fatalf("close code %d; want %d", code, websocket.StatusPolicyViolation)
	}

	// The same twelve at the rate: every one passes.
	var paced []message
	for range 12 {
		paced = append(paced, text("who\n"))
	}
	ws = newFakeSocket(true, paced...)
	pacer := &pacedSocket{fakeSocket: ws, clk: clk, step: 600 * time.Millisecond}
	c = New(pacer, Options{Limits: Limits{Rate: 2, Burst: 1}, Now: clk.Now})
	defer c.Close()
	buf := make([]byte, 4)
	for i := range 12 {
		if _, err := io.ReadFull(c, buf); err != nil {
			t.Fatalf("paced message %d: %v", i, err)
		}
	}
}

// pacedSocket moves the clock before each message it reads.
type pacedSocket struct {
	*fakeSocket
	clk  *clock
	step time.Duration
}

func (p *pacedSocket) Reader(ctx context.Context) (websocket.MessageType, io.Reader, error) {
	p.clk.advance(p.step)
	return p.fakeSocket.Reader(ctx)
}

// TestWriteIsOneTextMessage: each Write is one message, made UTF-8.
func TestWriteIsOneTextMessage(t *testing.T) {
	ws := newFakeSocket(true)
	c := New(ws, Options{})
	defer c.Close()
	for _, s := range []string{"\x19[0 *\r\nhello\r\n", "caf\xe9\r\n"} {
		if n, err := c.Write([]byte(s)); err != nil || n != len(s) {
			t.Fatalf("Write(%q) = %d, %v", s, n, err)
		}
	}
	ws.mu.Lock()
	defer ws.mu.Unlock()
	if len(ws.written) != 2 || string(ws.written[0]) != "\x19[0 *\r\nhello\r\n" || string(ws.written[1]) != "caf\uFFFD\r\n" {
		t.Fatalf("written %q", ws.written)
	}
}

// TestCloseEndsPendingRead: Close returns at once, ends a waiting Read,
// and closes the socket normally.
func TestCloseEndsPendingRead(t *testing.T) {
	ws := newFakeSocket(true)
	c := New(ws, Options{})
	got := make(chan error, 1)
	go func() {
		_, err := c.Read(make([]byte, 8))
		got <- err
	}()
	c.Close()
	select {
	case err := <-got:
		if !errors.Is(err, stdnet.ErrClosed) {
			t.Fatalf("pending read after Close: %v; want net.ErrClosed", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Close did not end a pending Read")
	}
	if code, _, ok := ws.closedWith(5 * time.Second); !ok || code != websocket.StatusNormalClosure {
		t.Fatalf("socket closed %v with %d; want a normal closure", ok, code)
	}
	if _, err := c.Write([]byte("x")); !errors.Is(err, stdnet.ErrClosed) {
		t.Fatalf("Write after Close: %v", err)
	}
}

// TestMessageWinsOverPassedDeadline: a message that has come is read even
// when the read deadline has passed.
func TestMessageWinsOverPassedDeadline(t *testing.T) {
	c := New(newFakeSocket(true, text("game over\n")), Options{})
	defer c.Close()
	for len(c.in) == 0 {
		time.Sleep(time.Millisecond)
	}
	c.SetReadDeadline(time.Now().Add(-time.Second))
	buf := make([]byte, 32)
	n, err := c.Read(buf)
	if err != nil || string(buf[:n]) != "game over\n" {
		t.Fatalf("read %q, %v; want the message that had come", buf[:n], err)
	}
}
