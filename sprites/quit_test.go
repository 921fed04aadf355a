package sprites

import (
	"errors"
	"testing"
	"time"

	"github.com/krieg/krieg/sprites/scene"
)

// TestWindowCtrlQQuits: Ctrl+Q, pressed on the real window during a game,
// ends the window's loop as its close button would (an outside tester, at
// full screen with no close button, found no way to quit); typed into the
// move line it adds no "q".
func TestWindowCtrlQQuits(t *testing.T) {
	app := newLocalApp(t, &scripted{moves: []string{"e7e5"}})
	h.show(app)
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Start}) })
	h.waitFor(t, "the game to start", 5*time.Second, atPly(app, 0))
	focusWindow(t)
	xdotool(t, "type", "--delay", "30", "e2")
	h.waitFor(t, "e2 typed", 5*time.Second, func() bool { return app.play.typed == "e2" })
	xdotool(t, "keydown", "ctrl", "sleep", "0.1", "key", "q", "keyup", "ctrl")
	h.waitFor(t, "the window to quit", 5*time.Second, func() bool { return app.quit })
	var err error
	h.do(func() {
		if app.play.typed != "e2" {
			t.Errorf("the move line reads %q after Ctrl+Q; want e2", app.play.typed)
		}
		err = app.Update()
	})
	if !errors.Is(err, ErrQuit) {
		t.Errorf("the frame after Ctrl+Q: %v; want ErrQuit", err)
	}
}
