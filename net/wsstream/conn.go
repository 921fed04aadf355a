// Package wsstream carries a byte stream over a WebSocket, so that ICC's
// text protocol, which kriegd speaks on TCP, also travels between a browser
// and kriegd: each write is one text message, and reads join the messages
// back into a stream. Both ends use it: kriegd's HTTP door (server/web) and
// the page's ICC driver (cmd/krieg-web).
//
// Each message read passes the reader's checks (text, UTF-8, a length and
// a rate limit); the first one refused closes the connection with a close
// frame that says why, and the stream's next Read returns that refusal.
package wsstream

import (
	"context"
	"errors"
	"fmt"
	"io"
	stdnet "net"
	"os"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/coder/websocket"
)

// Socket is the part of a *websocket.Conn the stream uses. Its own read
// limit should be above Limits.MaxMessage (SetReadLimit(MaxMessage+1)),
// so that the stream, which reads no more than that, refuses a longer
// message in its own words.
type Socket interface {
	Reader(ctx context.Context) (websocket.MessageType, io.Reader, error)
	Write(ctx context.Context, typ websocket.MessageType, p []byte) error
	Close(code websocket.StatusCode, reason string) error
}

// Options configure a Conn.
type Options struct {
	Limits Limits
	// Local and Remote are the addresses the Conn reports (nil: an
	// address named "websocket").
	Local, Remote stdnet.Addr
	// Now is the rate limiter's clock (default time.Now).
	Now func() time.Time
	// CloseWait bounds the close handshake before the socket is cut
	// (default 1 s).
	CloseWait time.Duration
}

// Conn is a net.Conn over a WebSocket. Reads have deadlines that expire
// with os.ErrDeadlineExceeded and leave the stream usable, as a TCP
// connection's do (the ICC driver waits for quiet that way).
type Conn struct {
	ws     Socket
	opt    Options
	life   context.Context // ends the pump and every write once cancelled
	cancel context.CancelFunc
	in     chan []byte // messages the pump accepted
	rest   []byte      // what the last Read left of a message

	mu       sync.Mutex // guards the fields below
	rdl, wdl time.Time  // read and write deadlines
	moved    chan struct{}
	failure  error // why the pump stopped
	closed   bool
	code     websocket.StatusCode // the close frame Close sends
	reason   string

	done     chan struct{} // closed by Close
	shutOnce sync.Once
}

// New starts reading ws; the Conn owns it from now on.
func New(ws Socket, opt Options) *Conn {
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if opt.CloseWait <= 0 {
		opt.CloseWait = time.Second
	}
	if opt.Local == nil {
		opt.Local = addr("websocket")
	}
	if opt.Remote == nil {
		opt.Remote = addr("websocket")
	}
	life, cancel := context.WithCancel(context.Background())
	c := &Conn{ws: ws, opt: opt, life: life, cancel: cancel, in: make(chan []byte, 4), moved: make(chan struct{}),
		code: websocket.StatusNormalClosure, done: make(chan struct{})}
	go c.pump(newReader(opt.Limits, opt.Now))
	return c
}

// pump reads messages until the socket ends or one is refused.
func (c *Conn) pump(r *reader) {
	defer close(c.in)
	for {
		typ, data, err := c.message(r.lim.MaxMessage)
		if err == nil {
			data, err = r.take(typ, data)
		}
		if err != nil {
			c.stop(err)
			return
		}
		if len(data) == 0 {
			continue
		}
		select {
		case c.in <- data:
		case <-c.life.Done():
			return
		}
	}
}

// message reads the next message, but no more than one byte past max
// of it: enough to know it is too long.
func (c *Conn) message(max int) (websocket.MessageType, []byte, error) {
	typ, r, err := c.ws.Reader(c.life)
	if err != nil {
		return 0, nil, err
	}
	data, err := io.ReadAll(io.LimitReader(r, int64(max)+1))
	return typ, data, err
}

// stop records why the pump stopped; a refusal closes the socket saying why.
func (c *Conn) stop(err error) {
	var ref *Refusal
	c.mu.Lock()
	switch {
	case errors.As(err, &ref):
		c.failure = ref
		c.code, c.reason = ref.Code, clip(ref.Reason)
	case websocket.CloseStatus(err) == websocket.StatusNormalClosure || websocket.CloseStatus(err) == websocket.StatusGoingAway:
		c.failure = io.EOF
	default:
		c.failure = fmt.Errorf("wsstream: %w", err)
	}
	c.mu.Unlock()
	if ref != nil {
		c.shut()
	}
}

// clip keeps a close reason within the 123 bytes a close frame carries.
func clip(s string) string {
	for len(s) > 123 {
		_, n := utf8.DecodeLastRuneInString(s)
		s = s[:len(s)-n]
	}
	return s
}

// Read reads the stream: the rest of the last message, else the next one.
func (c *Conn) Read(p []byte) (int, error) {
	if len(c.rest) > 0 {
		n := copy(p, c.rest)
		c.rest = c.rest[n:]
		return n, nil
	}
	for {
		b, ok, err := c.next()
		switch {
		case err != nil:
			return 0, err
		case !ok:
			continue // the deadline moved: wait again with the new one
		}
		n := copy(p, b)
		c.rest = b[n:]
		return n, nil
	}
}

// next waits for the next message until the read deadline; ok is false
// when the deadline was moved meanwhile. A message already come is read
// even when the deadline has passed: the ICC driver reads a timeout as
// "nothing more came", and the page's one thread may have been busy while
// it came.
func (c *Conn) next() (msg []byte, ok bool, err error) {
	c.mu.Lock()
	deadline, moved := c.rdl, c.moved
	c.mu.Unlock()
	var expired <-chan time.Time
	if !deadline.IsZero() {
		d := time.Until(deadline)
		if d <= 0 {
			return c.late()
		}
		t := time.NewTimer(d)
		defer t.Stop()
		expired = t.C
	}
	select {
	case b, open := <-c.in:
		if !open {
			return nil, false, c.readError()
		}
		return b, true, nil
	case <-expired:
		return c.late()
	case <-moved:
		return nil, false, nil
	case <-c.done:
		return nil, false, stdnet.ErrClosed
	}
}

// late is a Read whose deadline passed: a message that came meanwhile is
// still read.
func (c *Conn) late() ([]byte, bool, error) {
	select {
	case b, open := <-c.in:
		if open {
			return b, true, nil
		}
	default:
	}
	return nil, false, os.ErrDeadlineExceeded
}

// readError is why the stream ended: a refusal, else net.ErrClosed once
// Close was called, else what ended the socket.
func (c *Conn) readError() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	var ref *Refusal
	if c.failure == nil || c.closed && !errors.As(c.failure, &ref) {
		return stdnet.ErrClosed
	}
	return c.failure
}

// Write sends p as one text message. Bytes that are not UTF-8 become
// U+FFFD, as a browser would close the connection on them.
func (c *Conn) Write(p []byte) (int, error) {
	c.mu.Lock()
	deadline, closed := c.wdl, c.closed
	c.mu.Unlock()
	if closed {
		return 0, stdnet.ErrClosed
	}
	ctx := c.life
	if !deadline.IsZero() {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, deadline)
		defer cancel()
	}
	msg := p
	if !utf8.Valid(p) {
		msg = []byte(strings.ToValidUTF8(string(p), "\uFFFD"))
	}
	if err := c.ws.Write(ctx, websocket.MessageText, msg); err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			return 0, fmt.Errorf("wsstream: write: %w", os.ErrDeadlineExceeded)
		}
		return 0, fmt.Errorf("wsstream: write: %w", err)
	}
	return len(p), nil
}

// Close ends the stream at once: pending and later Reads and Writes
// return. The close handshake goes on in the background.
func (c *Conn) Close() error {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return nil
	}
	c.closed = true
	c.mu.Unlock()
	close(c.done)
	c.shut()
	return nil
}

// SetCloseReason sets the code and reason of the close frame that Close
// will send (the reason clipped to the 123 bytes a frame carries), so that
// a server ending the connection for a reason of its own says it there
// too. A refused message's reason, given already, is kept.
func (c *Conn) SetCloseReason(code int, reason string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	var ref *Refusal
	if !errors.As(c.failure, &ref) {
		c.code, c.reason = websocket.StatusCode(code), clip(reason)
	}
}

// shut starts the close handshake, once, in the background, with the
// reason of a refused message if one was; a peer that does not answer
// within CloseWait is cut off.
func (c *Conn) shut() {
	c.shutOnce.Do(func() {
		c.mu.Lock()
		code, reason := c.code, c.reason
		c.mu.Unlock()
		go func() {
			cut := time.AfterFunc(c.opt.CloseWait, c.cancel)
			defer cut.Stop()
			c.ws.Close(code, reason)
			c.cancel()
		}()
	})
}

// LocalAddr returns the local address given in Options.
func (c *Conn) LocalAddr() stdnet.Addr { return c.opt.Local }

// RemoteAddr returns the peer's address given in Options.
func (c *Conn) RemoteAddr() stdnet.Addr { return c.opt.Remote }

// SetDeadline sets both deadlines.
func (c *Conn) SetDeadline(t time.Time) error {
	c.SetReadDeadline(t)
	return c.SetWriteDeadline(t)
}

// SetReadDeadline sets the read deadline, for pending Reads too.
func (c *Conn) SetReadDeadline(t time.Time) error {
	c.mu.Lock()
	c.rdl = t
	close(c.moved)
	c.moved = make(chan struct{})
	c.mu.Unlock()
	return nil
}

// SetWriteDeadline sets the deadline of later Writes.
func (c *Conn) SetWriteDeadline(t time.Time) error {
	c.mu.Lock()
	c.wdl = t
	c.mu.Unlock()
	return nil
}

// addr is an address that is only a name.
type addr string

func (a addr) Network() string { return "websocket" }
func (a addr) String() string  { return string(a) }
