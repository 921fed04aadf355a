package net

import (
	"context"
	"fmt"
	"sync"
)

// Loop is the life cycle an in-process endpoint shares (net/local,
// net/kso): one session goroutine started by Connect, a bounded queue of
// the player's requests for it, and Close that cancels the goroutine and
// waits for it. R is the endpoint's request type.
type Loop[R any] struct {
	name   string
	reqs   chan R
	mu     sync.Mutex
	cancel context.CancelFunc
	done   chan struct{}
	closed bool
}

// NewLoop returns a loop whose errors start with name and whose queue
// holds up to queue requests.
func NewLoop[R any](name string, queue int) *Loop[R] {
	return &Loop[R]{name: name, reqs: make(chan R, queue)}
}

// Start runs run on its own goroutine with a context Close cancels; a
// second Start does nothing. prepare, when not nil, runs first (with the
// caller's context) and its error stops the start.
func (l *Loop[R]) Start(ctx context.Context, prepare func(context.Context) error, run func(context.Context)) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return fmt.Errorf("%s: connect: %w", l.name, ErrClosed)
	}
	if l.done != nil {
		return nil
	}
	if prepare != nil {
		if err := prepare(ctx); err != nil {
			return err
		}
	}
	ctx, l.cancel = context.WithCancel(ctx)
	l.done = make(chan struct{})
	done := l.done
	go func() {
		defer close(done)
		run(ctx)
	}()
	return nil
}

// Requests delivers the queued requests to the session goroutine.
func (l *Loop[R]) Requests() <-chan R { return l.reqs }

// Send queues r; it fails when the loop is not running or the queue is full.
func (l *Loop[R]) Send(r R) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed || l.done == nil {
		return fmt.Errorf("%s: %w", l.name, ErrClosed)
	}
	select {
	case l.reqs <- r:
		return nil
	default:
		return fmt.Errorf("%s: too many requests waiting", l.name)
	}
}

// Done is closed when the session goroutine has ended (nil before Start).
func (l *Loop[R]) Done() <-chan struct{} {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.done
}

// Stop cancels the session goroutine and waits for it. It reports false
// when the loop was stopped already.
func (l *Loop[R]) Stop() bool {
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		return false
	}
	l.closed = true
	cancel, done := l.cancel, l.done
	l.mu.Unlock()
	if cancel != nil {
		cancel()
		<-done
	}
	return true
}

// Deliver sends ev on events, waiting for room (no event is dropped while
// the endpoint runs) unless ctx ends: the endpoint is closing.
func Deliver(ctx context.Context, events chan<- Event, ev Event) {
	select {
	case events <- ev:
	case <-ctx.Done():
	}
}
