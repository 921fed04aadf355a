package sprites

import (
	"fmt"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/sprites/scene"
)

// xdotool sends real X input events to the display the tests run on (the
// make test target installs it).
func xdotool(t *testing.T, args ...string) {
	t.Helper()
	out, err := exec.Command("xdotool", args...).CombinedOutput()
	if err != nil {
		t.Fatalf("xdotool %s: %v: %s (make deps installs xdotool)", strings.Join(args, " "), err, out)
	}
}

// TestWindowTypedMoveKeepsEveryKey types moves with real key presses, 20 ms
// and 1 ms apart, the Enter right after the last character: every
// character reaches the move before Enter sends it.
func TestWindowTypedMoveKeepsEveryKey(t *testing.T) {
	app := newLocalApp(t, &scripted{moves: []string{"e7e5", "b8c6"}})
	h.show(app)
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Start}) })
	h.waitFor(t, "the game to start", 5*time.Second, atPly(app, 0))
	var x, y int
	h.do(func() { x, y = ebiten.WindowPosition() })
	// Keys go to the window under the pointer (no window manager here).
	xdotool(t, "mousemove", fmt.Sprint(x+200), fmt.Sprint(y+200))
	for i, tc := range []struct {
		delay string
		move  string
	}{{"20", "e2e4"}, {"1", "g1f3"}} {
		// One key press per character, then Return, each delay ms after the last.
		xdotool(t, append(append([]string{"key", "--delay", tc.delay}, strings.Split(tc.move, "")...), "Return")...)
		h.waitFor(t, fmt.Sprintf("%s typed %s ms apart to be played", tc.move, tc.delay), 5*time.Second, atPly(app, 2*(i+1)))
		h.do(func() {
			if typed := app.play.typed; typed != "" {
				t.Errorf("after %s and Enter the input holds %q; want it sent and empty", tc.move, typed)
			}
		})
	}
}

// TestWindowQuickClicks plays 1. e4 with two real clicks whose press and
// release come within one tick (xdotool's click), as a tap or a click
// during a slow frame does: each counts.
func TestWindowQuickClicks(t *testing.T) {
	app := newLocalApp(t, &scripted{moves: []string{"e7e5"}})
	h.show(app)
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Start}) })
	h.waitFor(t, "the game to start", 5*time.Second, atPly(app, 0))
	var x, y int
	var l scene.Layout
	h.do(func() { x, y = ebiten.WindowPosition(); l = app.scene.Layout })
	for _, sq := range []game.Square{game.E2, game.E4} {
		r := l.SquareRect(sq)
		xdotool(t, "mousemove", fmt.Sprint(x+int(r.X+r.W/2)), fmt.Sprint(y+int(r.Y+r.H/2)), "click", "1")
		time.Sleep(100 * time.Millisecond)
	}
	h.waitFor(t, "1. e4 e5 played by two clicks", 5*time.Second, atPly(app, 2))
}
