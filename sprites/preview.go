package sprites

import (
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/sprites/scene"
)

// preview asks the controller for the attempt preview of the selected man
// (none when no man is selected or it is not our move), so the target dots
// show it.
func (p *play) preview(f *scene.Frame) {
	f.Preview = nil
	if p.ctl != nil && f.Selected != game.NoSquare {
		f.Preview = p.ctl.Preview(f.Selected)
	}
}
