package sprites

import (
	"time"

	"github.com/krieg/krieg/sprites/show"
)

// demo runs krieg demo's show (package show) in the window: it times the
// steps and turns the keys into the show's moves.
type demo struct{ s *show.Show }

// update advances the show when a step is due.
func (d demo) update(a *App) {
	if d.s.Update(time.Now(), a.animStart()) {
		a.quit = true
	}
}

// apply carries out the demo's keys: Space pauses, ← → step (and pause),
// + and - change the speed, Escape ends the show.
func (d demo) apply(a *App, in Intent) {
	switch in.Kind {
	case Cancel:
		a.quit = true
	case CursorMove:
		if in.X < 0 {
			d.s.Back(a.animStart())
		} else if in.X > 0 {
			d.s.StepOn(a.animStart())
		}
	case TypeText:
		for _, r := range in.Text {
			switch r {
			case ' ':
				d.s.Pause(time.Now())
			case '+', '=':
				d.s.Faster()
			case '-', '_':
				d.s.Slower()
			}
		}
	}
}
