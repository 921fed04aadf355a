package wsstream

import (
	"bytes"
	"context"
	"io"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// message is one scripted message of a fakeSocket.
type message struct {
	typ  websocket.MessageType
	data []byte
}

// fakeSocket plays scripted messages, then a normal close (or waits for
// more when hold is set); it records what is written and how it was closed.
type fakeSocket struct {
	mu      sync.Mutex
	script  []message
	hold    bool
	more    chan struct{} // signalled when a message is added
	written [][]byte
	code    websocket.StatusCode
	reason  string
	closed  chan struct{}
	once    sync.Once
}

func newFakeSocket(hold bool, script ...message) *fakeSocket {
	return &fakeSocket{script: script, hold: hold, more: make(chan struct{}, 1), closed: make(chan struct{})}
}

func (f *fakeSocket) add(m message) {
	f.mu.Lock()
	f.script = append(f.script, m)
	f.mu.Unlock()
	select {
	case f.more <- struct{}{}:
	default:
	}
}

func (f *fakeSocket) Reader(ctx context.Context) (websocket.MessageType, io.Reader, error) {
	typ, data, err := f.read(ctx)
	return typ, bytes.NewReader(data), err
}

func (f *fakeSocket) read(ctx context.Context) (websocket.MessageType, []byte, error) {
	for {
		f.mu.Lock()
		if len(f.script) > 0 {
			m := f.script[0]
			f.script = f.script[1:]
			f.mu.Unlock()
			return m.typ, m.data, nil
		}
		hold := f.hold
		f.mu.Unlock()
		if !hold {
			return 0, nil, websocket.CloseError{Code: websocket.StatusNormalClosure}
		}
		select {
		case <-f.more:
		case <-ctx.Done():
			return 0, nil, ctx.Err()
		case <-f.closed:
			return 0, nil, websocket.CloseError{Code: websocket.StatusNormalClosure}
		}
	}
}

func (f *fakeSocket) Write(ctx context.Context, typ websocket.MessageType, p []byte) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.written = append(f.written, append([]byte(nil), p...))
	return nil
}

func (f *fakeSocket) Close(code websocket.StatusCode, reason string) error {
	f.once.Do(func() {
		f.mu.Lock()
		f.code, f.reason = code, reason
		f.mu.Unlock()
		close(f.closed)
	})
	return nil
}

// closedWith waits for the close and returns its code and reason.
func (f *fakeSocket) closedWith(wait time.Duration) (websocket.StatusCode, string, bool) {
	select {
	case <-f.closed:
	case <-time.After(wait):
		return 0, "", false
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.code, f.reason, true
}

// clock is a clock the test moves.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}
