package icc

import (
	"context"
	"errors"
	"io"
	"testing"
)

// TestCloseWhileConnecting: Close while a Connect (a Reconnect on another
// goroutine, as the console's) is still dialling does not panic when the
// dial then fails and its news finds Events closed. Twenty rounds: the
// news once raced the closed channel about one time in two.
func TestCloseWhileConnecting(t *testing.T) {
	for range 20 {
		dialling, release := make(chan struct{}), make(chan struct{})
		c, err := New(Options{Addr: "127.0.0.1:1", Dial: func(ctx context.Context) (io.ReadWriteCloser, error) {
			close(dialling)
			<-release
			return nil, errors.New("the server is away")
		}})
		if err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- c.Connect(context.Background()) }()
		<-dialling
		c.Close()
		close(release)
		if err := <-done; err == nil {
			t.Fatal("a failed dial connected")
		}
	}
}
