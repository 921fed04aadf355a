package sprites

import (
	"testing"
	"time"
)

// TestWindowReplayArrowsCountEveryPress: in a replay, Right pressed ten
// times with real keys 100 ms apart (fast tapping) steps ten plies (an
// outside tester found quick presses dropped), and Left and Right held
// for 1.5 s repeat after 300 ms every 50 ms by the clock, well past the
// ~6 plies (13 here) the tick-counted repeat stepped. Presses closer
// together than one frame still count once: Ebitengine gives the keys'
// state once a tick, not each press.
func TestWindowReplayArrowsCountEveryPress(t *testing.T) {
	app, err := New(Options{Replay: loadDarkboard(t, 80)})
	if err != nil {
		t.Fatal(err)
	}
	h.show(app)
	defer h.show(nil)
	focusWindow(t)
	ply := func() (p int) { h.do(func() { p = app.frame.Replay.Ply }); return p }
	xdotool(t, "key", "--delay", "100", "Right", "Right", "Right", "Right", "Right", "Right", "Right", "Right", "Right", "Right")
	time.Sleep(200 * time.Millisecond)
	if got := ply(); got != 10 {
		t.Errorf("ten presses of Right 100 ms apart stepped to ply %d; want 10", got)
	}
	xdotool(t, "keydown", "Left", "sleep", "1.5", "keyup", "Left")
	time.Sleep(100 * time.Millisecond)
	if got := ply(); got != 0 {
		t.Errorf("Left held 1.5 s from ply 10 stands at ply %d; want 0", got)
	}
	xdotool(t, "keydown", "Right", "sleep", "1.5", "keyup", "Right")
	time.Sleep(100 * time.Millisecond)
	// 1 at the press, then one every 50 ms from 300 ms: 25; a slow
	// machine's frames may fall behind a little.
	if got := ply(); got < 20 || got > 27 {
		t.Errorf("Right held 1.5 s stepped %d plies; want about 25", got)
	}
}
