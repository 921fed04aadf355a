package sprites

import (
	"fmt"
	"image/color"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
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
			} else if got, want := litClock(&app.scene), scene.FormatClock(p.Clocks[game.White]); got != want {
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
