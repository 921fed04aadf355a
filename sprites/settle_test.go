package sprites

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/krieg/krieg/sprites/scene"
)

// TestWindowLineAndTokensAgree: through a recorded game heard on a
// server's endpoint, at every frame the belief line gives a count only
// when the tokens drawn are the view model's own, at their full opacity,
// and the deduction has followed every message heard; otherwise the board
// itself carries the updating mark, under its squares. An outside tester
// saw the tokens lag "1 sampled board" by about 2 s after a capture, with
// no mark, and another the mark hide the top corner's squares.
func TestWindowLineAndTokensAgree(t *testing.T) {
	app, comm := showRemote(t)
	t.Cleanup(app.Close)
	events := darkboardEvents(t, 6)
	counted, marked := 0, 0
	var bad string // a failure seen on the loop's goroutine, where Fatal may not run
	check := func() (settled bool) {
		f := &app.frame
		var line string
		mark, over := false, false
		for _, sp := range app.scene.Sprites {
			if sp.Kind == scene.Text && strings.HasPrefix(sp.Text, "Belief: ") {
				line = sp.Text
			}
			if sp.Kind == scene.Text && sp.Text == "updating…" {
				b := app.scene.Layout.Board
				mark, over = true, sp.Y < b.Y+b.H // under the board, off its squares and their tokens
			}
		}
		if app.play.ctl == nil {
			return false // no game on the board yet
		}
		settled = !app.play.ctl.Updating()
		if f.Anim != nil {
			drawn := map[string]float64{}
			for _, s := range f.Anim.Shown(f.Tick) {
				drawn[s.Square.String()+s.Kind.String()] = s.Alpha
			}
			visible := 0
			for _, tk := range f.View.Tokens {
				if tk.Opacity <= 0 {
					continue // drawn as nothing
				}
				visible++
				if a, ok := drawn[tk.Square.String()+tk.Kind.String()]; !ok || math.Abs(a-tk.Opacity) > 1e-9 {
					settled = false
				}
			}
			settled = settled && len(drawn) == visible
		}
		switch {
		case over:
			bad = fmt.Sprintf("tick %d: the updating mark stands over the board's squares", f.Tick)
		case !settled && line != "" && !strings.Contains(line, "updating"):
			bad = fmt.Sprintf("tick %d: the line says %q while the tokens drawn are not yet the view model's", f.Tick, line)
		case !settled && !mark:
			bad = fmt.Sprintf("tick %d: the tokens drawn are behind, and the board has no updating mark", f.Tick)
		case settled && line != "" && !strings.Contains(line, "updating"):
			counted++
		case !settled:
			marked++
		}
		return settled
	}
	for i, ev := range events {
		if i >= 6 && counted > 0 && marked > 0 {
			break // enough frames of both kinds: the test stays quick
		}
		comm.events <- ev
		// Frame by frame until the window settles on the message.
		for i, done := 0, false; i < 120 && !done && bad == ""; i++ {
			h.do(func() { done = check() })
		}
		if bad != "" {
			t.Fatal(bad)
		}
	}
	if counted == 0 || marked == 0 {
		t.Fatalf("frames with a count %d, with the mark %d: want both seen", counted, marked)
	}
}
