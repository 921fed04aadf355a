package net

import (
	"context"
	"errors"
	"testing"
)

// TestLoopLifeCycle: requests before Connect and after Close are refused
// with ErrClosed, a full queue is refused, a second Start and a second
// Stop do nothing, and Stop waits for the goroutine.
func TestLoopLifeCycle(t *testing.T) {
	l := NewLoop[int]("test", 1)
	if err := l.Send(1); !errors.Is(err, ErrClosed) {
		t.Fatalf("send before start: %v; want ErrClosed", err)
	}
	if err := l.Start(context.Background(), func(context.Context) error { return errors.New("refused") }, nil); err == nil {
		t.Fatal("a failing prepare should stop the start")
	}
	got := make(chan int, 2)
	ended := false
	run := func(ctx context.Context) {
		defer func() { ended = true }()
		for {
			select {
			case r := <-l.Requests():
				got <- r
			case <-ctx.Done():
				return
			}
		}
	}
	if err := l.Start(context.Background(), nil, run); err != nil {
		t.Fatal(err)
	}
	if err := l.Start(context.Background(), nil, func(context.Context) { t.Error("second run started") }); err != nil {
		t.Fatal(err)
	}
	if err := l.Send(7); err != nil {
		t.Fatal(err)
	}
	if r := <-got; r != 7 {
		t.Fatalf("got %d; want 7", r)
	}
	if !l.Stop() || !ended {
		t.Fatal("Stop should end the goroutine and report it stopped it")
	}
	if l.Stop() {
		t.Fatal("a second Stop should report nothing to stop")
	}
	if err := l.Send(1); !errors.Is(err, ErrClosed) {
		t.Fatalf("send after stop: %v; want ErrClosed", err)
	}
	if err := l.Start(context.Background(), nil, run); !errors.Is(err, ErrClosed) {
		t.Fatalf("start after stop: %v; want ErrClosed", err)
	}
}

// TestLoopQueueFull: a request beyond the queue's room is refused.
func TestLoopQueueFull(t *testing.T) {
	l := NewLoop[int]("test", 1)
	block := make(chan struct{})
	if err := l.Start(context.Background(), nil, func(ctx context.Context) { <-ctx.Done(); close(block) }); err != nil {
		t.Fatal(err)
	}
	if err := l.Send(1); err != nil {
		t.Fatal(err)
	}
	if err := l.Send(2); err == nil || errors.Is(err, ErrClosed) {
		t.Fatalf("second send into a full queue: %v; want a queue-full error", err)
	}
	l.Stop()
	<-block
}
