package web

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	stdnet "net"
	"net/http"
	"sync/atomic"

	"github.com/coder/websocket"

	"github.com/krieg/krieg/net/wsstream"
	"github.com/krieg/krieg/server/linger"
)

// The WebSocket library reads a frame's payload only as it comes, so a
// frame that declares 2^62 bytes and sends a few leaves the reader waiting
// and the client without an answer; and it ends the connection on an
// unmasked client frame in its own words, without a close frame. The
// door therefore reads each frame's header as the bytes go by, before the
// library does, and refuses such a frame at once with a reason of its own
// (a wsstream.Refusal, which the stream sends in the close frame).

// watchFrames wraps w so that the connection it hijacks (the WebSocket)
// has its frame headers checked: a message longer than max bytes and an
// unmasked frame are refused before their payload is read.
func watchFrames(w http.ResponseWriter, max int) http.ResponseWriter {
	return &watchedWriter{ResponseWriter: w, max: max}
}

// watchedWriter is watchFrames' ResponseWriter.
type watchedWriter struct {
	http.ResponseWriter
	max int
}

// Unwrap gives http.ResponseController the writer underneath.
func (w *watchedWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// Hijack hijacks the connection underneath and returns it with its reads
// watched, the bytes the HTTP server had already read included.
func (w *watchedWriter) Hijack() (stdnet.Conn, *bufio.ReadWriter, error) {
	nc, brw, err := http.NewResponseController(w.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	early, _ := brw.Reader.Peek(brw.Reader.Buffered())
	r := &frameWatch{r: io.MultiReader(bytes.NewReader(bytes.Clone(early)), nc), max: int64(w.max)}
	wc := &watchedConn{Conn: nc, r: r}
	return wc, bufio.NewReadWriter(bufio.NewReader(wc), brw.Writer), nil
}

// watchedConn is a hijacked connection whose reads pass a frameWatch.
type watchedConn struct {
	stdnet.Conn
	r *frameWatch
}

// Read reads through the frame watch.
func (c *watchedConn) Read(p []byte) (int, error) { return c.r.Read(p) }

// NetConn returns the connection underneath (server.LimitSendBuffer
// reaches the socket through it).
func (c *watchedConn) NetConn() stdnet.Conn { return c.Conn }

// Close closes the connection; after a refused frame, gently
// (linger.CloseGently): the client is likely still sending the refused
// message, and closing on unread input would reset the connection before
// it read the close frame that says why.
func (c *watchedConn) Close() error {
	if c.r.gone.Load() {
		linger.CloseGently(c.Conn)
	}
	return c.Conn.Close()
}

// frameWatch follows the frames of a client's byte stream: each header as
// it completes, and how much payload is still to pass.
type frameWatch struct {
	r       io.Reader
	max     int64
	head    []byte     // the header read so far
	payload int64      // payload bytes of the current frame still to come
	message int64      // the data bytes of the message so far
	inMsg   bool       // a message begun by an unfinished frame awaits its continuation
	closing *heldClose // a close frame whose payload is held until checked
	pending []byte     // bytes checked and held, to hand on before reading more
	refused error
	// gone is set with refused, for Close on another goroutine.
	gone atomic.Bool
}

// Read reads and checks; a refused frame's header is not handed on, and
// the refusal is the error from then on.
func (f *frameWatch) Read(p []byte) (int, error) {
	switch {
	case f.refused != nil:
		return 0, f.refused
	case f.closing != nil:
		return f.readClose(p)
	case len(f.pending) > 0:
		n := copy(p, f.pending)
		f.pending = f.pending[n:]
		return n, nil
	}
	n, err := f.r.Read(p)
	for i := 0; i < n; {
		if f.payload > 0 {
			skip := min(f.payload, int64(n-i))
			f.payload -= skip
			i += int(skip)
			continue
		}
		f.head = append(f.head, p[i])
		i++
		if !headComplete(f.head) {
			continue
		}
		if ref := f.check(); ref != nil {
			f.refuse(ref)
			// What came before this frame is handed on; the header is not.
			return max(0, i-len(f.head)), ref
		}
		f.head = f.head[:0]
		if f.closing != nil {
			// The close frame's header is handed on, its payload held
			// (readClose), and what came after it handed on unwatched:
			// nothing after a close frame is read as a frame.
			f.closing.held = append(f.closing.held, p[i:n]...)
			f.payload = 0
			return i, err
		}
	}
	return n, err
}

// refuse makes ref the answer to every read from now on.
func (f *frameWatch) refuse(ref *wsstream.Refusal) {
	f.refused = ref
	f.gone.Store(true)
}

// headComplete reports whether head holds a whole frame header: two
// bytes, the extended length, and the mask key when the mask bit is set.
func headComplete(head []byte) bool {
	if len(head) < 2 {
		return false
	}
	want := 2
	switch head[1] & 0x7f {
	case 126:
		want += 2
	case 127:
		want += 8
	}
	if head[1]&0x80 != 0 {
		want += 4
	}
	return len(head) >= want
}

// check reads the complete header in f.head: nil for a frame the library
// may read, else the refusal.
func (f *frameWatch) check() *wsstream.Refusal {
	h := f.head
	fin, op, masked := h[0]&0x80 != 0, h[0]&0x0f, h[1]&0x80 != 0
	var length uint64
	switch n := h[1] & 0x7f; n {
	case 126:
		length = uint64(binary.BigEndian.Uint16(h[2:4]))
	case 127:
		length = binary.BigEndian.Uint64(h[2:10])
	default:
		length = uint64(n)
	}
	if !masked {
		return &wsstream.Refusal{Code: websocket.StatusProtocolError, Reason: "every frame from the client must be masked, and this one was not"}
	}
	if why := f.badShape(h[0], fin, op); why != "" {
		return &wsstream.Refusal{Code: websocket.StatusProtocolError, Reason: why}
	}
	if op >= 8 { // close, ping, pong
		if length > 125 {
			return &wsstream.Refusal{Code: websocket.StatusProtocolError, Reason: "a close, ping or pong frame longer than 125 bytes is refused"}
		}
		f.payload = int64(length)
		if op == 8 && length > 0 {
			f.closing = &heldClose{length: int(length), key: [4]byte(h[len(h)-4:])}
		}
		return nil
	}
	f.inMsg = !fin
	if length > uint64(f.max) || f.message+int64(length) > f.max {
		total := length // the frame's own length when it alone is too long
		if length <= uint64(f.max) {
			total += uint64(f.message)
		}
		return &wsstream.Refusal{Code: websocket.StatusMessageTooBig, Reason: fmt.Sprintf("a message of %d bytes is longer than the %d allowed", total, f.max)}
	}
	f.payload = int64(length)
	f.message += int64(length)
	if fin {
		f.message = 0
	}
	return nil
}

// badShape says, in our words rather than the library's, what is wrong
// with a frame whose first byte is b: reserved bits set (no extension is
// agreed), a frame type the protocol does not have, a control frame split
// in parts, or a message's parts out of order; "" when nothing is.
func (f *frameWatch) badShape(b byte, fin bool, op byte) string {
	switch {
	case b&0x70 != 0:
		return "a frame with its reserved bits set: no extension was agreed"
	case op >= 3 && op <= 7 || op >= 11:
		return fmt.Sprintf("a frame of type %d, which WebSocket does not have", op)
	case op >= 8 && !fin:
		return "a close, ping or pong frame cannot be split in parts"
	case op == 0 && !f.inMsg:
		return "a continuation frame with no message begun to continue"
	case (op == 1 || op == 2) && f.inMsg:
		return "a new message began before the last one ended"
	}
	return ""
}
