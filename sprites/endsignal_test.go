//go:build !js

package sprites

import (
	"errors"
	"os"
	"syscall"
	"testing"
	"time"
)

// TestEndSignalClosesWindow: SIGTERM to the program closes the window at its
// next frame, as its close button would, instead of killing the program
// with its games' connections open.
func TestEndSignalClosesWindow(t *testing.T) {
	app, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer app.Close()
	defer onEndSignal(app.Stop)()
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); !app.stop.Load(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("SIGTERM did not ask the window to close within 10 s")
		}
	}
	var got error
	h.do(func() { got = app.Update() })
	if !errors.Is(got, ErrQuit) {
		t.Errorf("the frame after SIGTERM: %v; want ErrQuit", got)
	}
}
