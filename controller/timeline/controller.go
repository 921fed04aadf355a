package timeline

import (
	"fmt"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
)

// Controller returns a fresh controller for player c that has heard what c
// heard before ply p's turn began (all of the record at its end), the state
// behind Views[c][p] when opt is the timeline's own controller options: the
// controller a window would hold there, to ask for what the view model does
// not carry, such as the attempt preview.
func (t *Timeline) Controller(p int, c game.Color, opt controller.Options) (*controller.Controller, error) {
	if p < 0 || p > t.Plies {
		return nil, fmt.Errorf("timeline: ply %d: the timeline has %d plies", p, t.Plies)
	}
	all := p == t.Plies && t.Plies == len(t.Record.Plies)
	ctl := controller.New(c, t.Rules, t.Truth[0], opt)
	for _, e := range t.log {
		if e.Ply >= p && !all {
			break
		}
		h, ok := e.HeardBy(c)
		if !ok {
			continue
		}
		if _, err := ctl.Observe(h); err != nil {
			return nil, fmt.Errorf("timeline: %s's view: %w", c, err)
		}
	}
	return ctl, nil
}
