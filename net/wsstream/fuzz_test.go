package wsstream

import (
	"context"
	"errors"
	"io"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/coder/websocket"
)

// fuzzLimits are small, so that the fuzzer reaches every refusal.
var fuzzLimits = Limits{MaxMessage: 64, Rate: 5, Burst: 4}

// scriptOf turns fuzz input into messages and the gaps before them: each
// message is a header byte (bit 0: binary; bits 1-7: the gap before it in
// 20 ms steps), a length byte, then that many bytes (or what is left).
func scriptOf(data []byte) ([]message, []time.Duration) {
	var msgs []message
	var gaps []time.Duration
	for len(data) >= 2 {
		h, n := data[0], int(data[1])
		data = data[2:]
		n = min(n, len(data))
		typ := websocket.MessageText
		if h&1 == 1 {
			typ = websocket.MessageBinary
		}
		msgs = append(msgs, message{typ, append([]byte(nil), data[:n]...)})
		gaps = append(gaps, time.Duration(h>>1)*20*time.Millisecond)
		data = data[n:]
	}
	return msgs, gaps
}

// scriptedSocket plays messages, moving the clock by each one's gap first.
type scriptedSocket struct {
	*fakeSocket
	clk  *clock
	gaps []time.Duration
}

func (s *scriptedSocket) Reader(ctx context.Context) (websocket.MessageType, io.Reader, error) {
	if len(s.gaps) > 0 {
		s.clk.advance(s.gaps[0])
		s.gaps = s.gaps[1:]
	}
	return s.fakeSocket.Reader(ctx)
}

// FuzzReader feeds any sequence of messages, at any pace, to the stream
// and checks what comes out: the accepted messages joined in order, every
// one of them text, UTF-8 and short enough, no more of them than the rate
// allows; then either the peer's close (every message read) or a refusal
// of the next message, with the close code its fault calls for.
func FuzzReader(f *testing.F) {
	f.Add([]byte("\x00\x05who\n\x00"))
	f.Add([]byte("\x01\x03\x00\x01\x02"))
	f.Add([]byte("\x00\x03caf\xe9"))
	f.Add([]byte("\x00\x02a\n\x00\x02b\n\x00\x02c\n\x00\x02d\n\x00\x02e\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		msgs, gaps := scriptOf(data)
		clk := &clock{now: time.Unix(0, 0)}
		ws := &scriptedSocket{fakeSocket: newFakeSocket(false, msgs...), clk: clk, gaps: gaps}
		c := New(ws, Options{Limits: fuzzLimits, Now: clk.Now})
		defer c.Close()
		got, err := io.ReadAll(c)
		var want []byte
		k := 0
		for ; k < len(msgs); k++ {
			if msgs[k].typ != websocket.MessageText || len(want)+len(msgs[k].data) > len(got) || string(got[len(want):len(want)+len(msgs[k].data)]) != string(msgs[k].data) {
				break
			}
			want = append(want, msgs[k].data...)
		}
		if string(got) != string(want) {
			t.Fatalf("stream %q is not the first messages joined (%q)", got, want)
		}
		var elapsed time.Duration
		passed := 0 // non-empty messages accepted (empty ones spend the rate too, unseen)
		for i := range k {
			m := msgs[i]
			elapsed += gaps[i]
			if len(m.data) == 0 {
				continue
			}
			passed++
			if faultCode(m) != 0 {
				t.Fatalf("message %d (%d, %q) was accepted", i, m.typ, m.data)
			}
			if float64(passed) > float64(fuzzLimits.Burst)+elapsed.Seconds()*fuzzLimits.Rate+1e-9 {
				t.Fatalf("%d messages accepted in %v: faster than the rate", passed, elapsed)
			}
		}
		if err == nil {
			// Empty messages add nothing: every message was read only if
			// the rest are empty and harmless.
			for i := k; i < len(msgs); i++ {
				if len(msgs[i].data) > 0 || msgs[i].typ != websocket.MessageText {
					t.Fatalf("the stream ended cleanly before message %d (%d, %q)", i, msgs[i].typ, msgs[i].data)
				}
			}
			return
		}
		var ref *Refusal
		if !errors.As(err, &ref) {
			t.Fatalf("the stream ended with %v; want io.EOF or a refusal", err)
		}
		if ref.Code == websocket.StatusPolicyViolation {
			return // the rate may refuse any message, an unseen empty one too
		}
		if k == len(msgs) {
			t.Fatalf("refused (%v) with no message left to refuse", err)
		}
		// A refusal for a fault is the first message that adds something.
		bad := k
		for bad < len(msgs)-1 && msgs[bad].typ == websocket.MessageText && len(msgs[bad].data) == 0 {
			bad++
		}
		if want := faultCode(msgs[bad]); ref.Code != want {
			t.Fatalf("message %d (%q) refused with %d (%v); want %d", bad, msgs[bad].data, ref.Code, err, want)
		}
	})
}

// faultCode is the close code a message's own fault calls for, 0 when it
// has none (then only the rate can refuse it).
func faultCode(m message) websocket.StatusCode {
	switch {
	case m.typ != websocket.MessageText:
		return websocket.StatusUnsupportedData
	case len(m.data) > fuzzLimits.MaxMessage:
		return websocket.StatusMessageTooBig
	case !utf8.Valid(m.data):
		return websocket.StatusInvalidFramePayloadData
	}
	return 0
}
