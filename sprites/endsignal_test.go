//go:build unix

package sprites

import (
	"errors"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/krieg/krieg/endsignal"
)

// TestEndSignalClosesWindow: SIGTERM to the program closes the window at its
// next frame, as its close button would, instead of killing the program
// with its games' connections open, even when it comes twice at once; the
// loop ends with ErrStopped, not ErrQuit, so the exit status can say so.
func TestEndSignalClosesWindow(t *testing.T) {
	app, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer app.Close()
	defer endsignal.OnFirst(app.Stop, sameRequest)()
	// The same request twice, as a terminal's Ctrl-C reaches the window
	// from the terminal and from krieg: the window closes, and the second
	// does not kill the program.
	for range 2 {
		if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
	}
	for deadline := time.Now().Add(10 * time.Second); !app.stop.Load(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("SIGTERM did not ask the window to close within 10 s")
		}
	}
	time.Sleep(100 * time.Millisecond) // the second signal has been taken
	var got error
	h.do(func() { got = app.Update() })
	if !errors.Is(got, ErrStopped) {
		t.Errorf("the frame after SIGTERM: %v; want ErrStopped", got)
	}
}
