package sprites

import (
	"fmt"
	"image/color"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/sprites/scene"
)

// TestWindowClockAfterReply: after our move is accepted and the computer
// has answered, the lit, running clock is ours: over three seconds of
// frames White's clock counts down and Black's stands still.
func TestWindowClockAfterReply(t *testing.T) {
	app := newLocalApp(t, &scripted{moves: []string{"e7e5", "b8c6"}})
	h.show(app)
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Start}) })
	h.waitFor(t, "the game to start", 5*time.Second, atPly(app, 0))
	h.do(func() { app.Inject(Intent{Kind: TypeText, Text: "e2e4"}, Intent{Kind: Submit}) })
	h.waitFor(t, "1. e4 e5", 5*time.Second, atPly(app, 2))
	var first, last [2]time.Duration
	frames := 0
	for end := time.Now().Add(3 * time.Second); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		bad := ""
		h.do(func() {
			p := app.frame.Panel
			if !p.Ticking || p.Running != game.White {
				bad = fmt.Sprintf("the running clock is %v (ticking %v); want White's, ours", p.Running, p.Ticking)
			} else if got, want := litClock(&app.scene), net.FormatClock(p.Clocks[game.White]); got != want {
				bad = fmt.Sprintf("the lit clock reads %q; want White's %q", got, want)
			}
			if frames == 0 {
				first = p.Clocks
			}
			last = p.Clocks
			frames++
		})
		if bad != "" {
			t.Fatalf("frame %d: %s", frames, bad)
		}
	}
	if used := first[game.White] - last[game.White]; used < 2500*time.Millisecond {
		t.Errorf("White's clock fell %v over 3 s; want it running", used)
	}
	if first[game.Black] != last[game.Black] {
		t.Errorf("Black's clock went from %v to %v while White was to move; want it stopped", first[game.Black], last[game.Black])
	}
}

// litClock returns the text on the scene's lit (running) clock, "" if
// none: the light box the panel draws behind it.
func litClock(s *scene.Scene) string {
	for i, sp := range s.Sprites {
		if sp.Kind == scene.Rect && sp.Color == (color.RGBA{0xe6, 0xe3, 0xdf, 0xff}) && sp.W < s.Layout.Panel.W/2 && i+1 < len(s.Sprites) && s.Sprites[i+1].Kind == scene.Text {
			return s.Sprites[i+1].Text
		}
	}
	return ""
}

// TestClocksFreezeAtTheEnd: the end of a game stops the clocks at the time
// it came, the running one charged, a fallen flag at zero, however stale
// the end's own snapshot (it carried the times of the last move, so the
// clocks went back). Events after the end (the server's closing lines)
// carry the same stale times and leave the frozen clocks alone.
func TestClocksFreezeAtTheEnd(t *testing.T) {
	app, comm := showRemote(t)
	spec := net.GameSpec{Rules: referee.Wild16, Start: game.Start(), Base: time.Minute}
	start := time.Now().Add(-3 * time.Second)
	live := net.Clocks{White: time.Minute, Black: time.Minute, Running: game.White, Ticking: true, Stamp: start}
	stale := net.Clocks{White: time.Minute, Black: time.Minute, Running: game.White}
	resigned := referee.Result{Score: "0-1", Reason: referee.ReasonResignation}
	for _, ev := range []net.Event{
		{Kind: net.KindStarted, Snap: net.Snapshot{Side: game.White, Spec: spec, InGame: true, Clocks: live}},
		{Kind: net.KindEnded, Snap: net.Snapshot{Side: game.White, Spec: spec, Result: &resigned, Clocks: stale}},
		{Kind: net.KindConsole, Text: "Game over", Snap: net.Snapshot{Side: game.White, Spec: spec, Result: &resigned, Clocks: stale}},
	} {
		comm.events <- ev
	}
	h.waitFor(t, "the end and its closing line", 5*time.Second, func() bool {
		return app.frame.Panel.GameOver && app.play.handled >= 3
	})
	h.do(func() {
		if w := app.frame.Panel.Clocks[game.White]; w > 57*time.Second || w < 40*time.Second {
			t.Errorf("White's clock after 3 s of thinking and a resignation: %v; want about 57 s", w)
		}
	})
	fell := referee.Result{Score: "0-1", Reason: referee.ReasonTime}
	if c := frozen(live, &fell, start.Add(2*time.Second)); c.White != 0 || c.Black != time.Minute || c.Ticking {
		t.Errorf("a fallen flag: %+v; want White at 0, Black's minute, no clock running", c)
	}
}
