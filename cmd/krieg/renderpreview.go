package main

import (
	"fmt"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/controller/timeline"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/sprites/scene"
)

// previewFrame picks up side's man on the square named by from at ply p, as
// a click on it would in the window: its target dots show the attempt
// preview. hover, when not empty, names a square whose tooltip is drawn.
func previewFrame(f *scene.Frame, tl *timeline.Timeline, p int, side game.Color, opt controller.Options, from, hover string) error {
	if hover != "" {
		sq, err := game.ParseSquare(hover)
		if err != nil {
			return fmt.Errorf("%w: --hover: %v", errUsage, err)
		}
		r := scene.NewLayout(f.W, f.H, f.Flipped).SquareRect(sq)
		f.Hover, f.HoverX, f.HoverY = true, r.X+r.W/2, r.Y+r.H/2
	}
	if from == "" {
		return nil
	}
	sq, err := game.ParseSquare(from)
	if err != nil {
		return fmt.Errorf("%w: --preview: %v", errUsage, err)
	}
	ctl, err := tl.Controller(p, side, opt)
	if err != nil {
		return err
	}
	targets := ctl.Preview(sq)
	if targets == nil {
		return fmt.Errorf("%w: --preview %s: at ply %d %s has no man there, or it is not %s's move", errUsage, sq, p, side, side)
	}
	f.Selected, f.Dests, f.Preview = sq, 0, targets
	for _, t := range targets {
		f.Dests |= t.To.Bit()
	}
	return nil
}
