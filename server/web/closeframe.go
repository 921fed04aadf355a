package web

import (
	"encoding/binary"
	"fmt"
	"unicode/utf8"

	"github.com/coder/websocket"

	"github.com/krieg/krieg/net/wsstream"
)

// The WebSocket library answers a client's close frame that is malformed
// (one byte long, or a status the protocol forbids) in its own words
// ("received invalid close payload: ..."), and echoes a reason that is not
// UTF-8 back to the client. The door therefore holds a close frame's
// payload until it has all of it, and checks it first.

// heldClose is a client's close frame whose payload the door holds.
type heldClose struct {
	length int
	key    [4]byte // the frame's mask key
	held   []byte  // what has come of the payload, masked, and maybe more after it
}

// readClose reads the rest of a held close frame's payload, then hands it
// on if it is sound and refuses it otherwise.
func (f *frameWatch) readClose(p []byte) (int, error) {
	c := f.closing
	for len(c.held) < c.length {
		buf := make([]byte, c.length-len(c.held))
		n, err := f.r.Read(buf)
		c.held = append(c.held, buf[:n]...)
		if err != nil && len(c.held) < c.length {
			return 0, err
		}
	}
	payload := make([]byte, c.length)
	for i := range payload {
		payload[i] = c.held[i] ^ c.key[i%4]
	}
	if ref := closeRefusal(payload); ref != nil {
		f.refuse(ref)
		return 0, ref
	}
	f.closing, f.pending = nil, c.held
	n := copy(p, f.pending)
	f.pending = f.pending[n:]
	return n, nil
}

// closeRefusal says what is wrong with a client's close frame payload
// (unmasked), or nil when nothing is: it holds nothing, or a status the
// protocol allows on the wire followed by a reason in UTF-8.
func closeRefusal(payload []byte) *wsstream.Refusal {
	switch {
	case len(payload) == 1:
		return &wsstream.Refusal{Code: websocket.StatusProtocolError, Reason: "a close frame of 1 byte: its status takes 2"}
	case len(payload) == 0:
		return nil
	}
	if code := binary.BigEndian.Uint16(payload); !wireCloseCode(code) {
		return &wsstream.Refusal{Code: websocket.StatusProtocolError, Reason: fmt.Sprintf("a close frame with status %d, which WebSocket does not allow", code)}
	}
	if !utf8.Valid(payload[2:]) {
		return &wsstream.Refusal{Code: websocket.StatusInvalidFramePayloadData, Reason: "a close frame whose reason is not UTF-8"}
	}
	return nil
}

// wireCloseCode reports whether a close frame may carry code (RFC 6455,
// 7.4, and the codes registered since): 1000 to 1014 but 1004, 1005 and
// 1006, which are reserved or stand for no frame at all, and 3000 to 4999
// for libraries and applications.
func wireCloseCode(code uint16) bool {
	switch {
	case code == 1004 || code == 1005 || code == 1006:
		return false
	case code >= 1000 && code <= 1014, code >= 3000 && code <= 4999:
		return true
	}
	return false
}
