package wsstream

import (
	"errors"
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/coder/websocket"
)

// Limits are what one end accepts from the other. Zero fields take the
// defaults.
type Limits struct {
	// MaxMessage is the longest message accepted, in bytes (default 4096:
	// a line of ICC's protocol is far shorter).
	MaxMessage int
	// Rate is how many messages a second are accepted on average, with
	// bursts of Burst (defaults 20 and 60; Rate < 0: no limit).
	Rate  float64
	Burst int
}

// withDefaults fills the zero fields.
func (l Limits) withDefaults() Limits {
	if l.MaxMessage <= 0 {
		l.MaxMessage = 4096
	}
	if l.Rate == 0 {
		l.Rate = 20
	}
	if l.Burst <= 0 {
		l.Burst = 60
	}
	return l
}

// Refusal is why a message was refused: the close code and the reason the
// peer is given, both in the close frame. Its text is meant for a person.
type Refusal struct {
	Code   websocket.StatusCode
	Reason string
}

// Error is the reason alone, with no package name: kriegd passes it on to
// the client as the line that says why the connection closed.
func (r *Refusal) Error() string { return r.Reason }

// ErrRefused matches every *Refusal with errors.Is.
var ErrRefused = errors.New("wsstream: message refused")

// Is makes errors.Is(r, ErrRefused) true.
func (r *Refusal) Is(target error) bool { return target == ErrRefused }

// reader is the message reader: it takes each message the socket read and
// returns the bytes it adds to the stream, or the refusal that ends the
// connection. It holds the rate limiter, so it is used by one goroutine.
type reader struct {
	lim    Limits
	now    func() time.Time
	tokens float64
	filled time.Time
}

func newReader(lim Limits, now func() time.Time) *reader {
	lim = lim.withDefaults()
	return &reader{lim: lim, now: now, tokens: float64(lim.Burst), filled: now()}
}

// take checks one message: text only, valid UTF-8, no longer than the
// limit, and no faster than the rate.
func (r *reader) take(typ websocket.MessageType, data []byte) ([]byte, error) {
	switch {
	case typ != websocket.MessageText:
		return nil, &Refusal{websocket.StatusUnsupportedData, "binary messages are refused: this connection speaks text lines"}
	case len(data) > r.lim.MaxMessage:
		return nil, &Refusal{websocket.StatusMessageTooBig, fmt.Sprintf("a message of %d bytes is longer than the %d allowed", len(data), r.lim.MaxMessage)}
	case !utf8.Valid(data):
		return nil, &Refusal{websocket.StatusInvalidFramePayloadData, "a text message that is not UTF-8 is refused"}
	case !r.allow():
		return nil, &Refusal{websocket.StatusPolicyViolation, fmt.Sprintf("too many messages: more than %g a second", r.lim.Rate)}
	}
	return data, nil
}

// allow takes one token from the bucket; false when the peer sends faster
// than the rate.
func (r *reader) allow() bool {
	if r.lim.Rate < 0 {
		return true
	}
	now := r.now()
	r.tokens += now.Sub(r.filled).Seconds() * r.lim.Rate
	r.filled = now
	if burst := float64(r.lim.Burst); r.tokens > burst {
		r.tokens = burst
	}
	if r.tokens < 1 {
		return false
	}
	r.tokens--
	return true
}
