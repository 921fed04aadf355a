//go:build unix

package endsignal

import (
	"os"
	"os/signal"
	"syscall"
	"testing"
	"time"
)

// TestNotifyKeepsIgnored: a signal the program ignores (as nohup leaves
// SIGHUP) stays ignored; the others are relayed.
func TestNotifyKeepsIgnored(t *testing.T) {
	signal.Ignore(syscall.SIGHUP)
	defer signal.Reset(syscall.SIGHUP)
	c := make(chan os.Signal, 2)
	if !Notify(c) {
		t.Fatal("no signal relayed")
	}
	defer signal.Stop(c)
	if !signal.Ignored(syscall.SIGHUP) {
		t.Fatal("Notify took SIGHUP back from being ignored")
	}
	syscall.Kill(os.Getpid(), syscall.SIGHUP)
	syscall.Kill(os.Getpid(), syscall.SIGTERM)
	select {
	case s := <-c:
		if s != syscall.SIGTERM {
			t.Fatalf("relayed %v; want SIGTERM only", s)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("SIGTERM was not relayed")
	}
	select {
	case s := <-c:
		t.Fatalf("also relayed %v", s)
	case <-time.After(200 * time.Millisecond):
	}
}
