package raster

import (
	"testing"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/sprites/scene"
)

// previewFrame is White's view after 30 plies of the Darkboard game with
// the knight on e4 picked up: its target dots carry the attempt preview,
// and the pointer rests on f6, whose three numbers the tooltip lists.
func previewFrame(t *testing.T, base scene.Frame) scene.Frame {
	t.Helper()
	tl := darkboardTimeline(t, 30)
	ctl, err := tl.Controller(30, game.White, controller.Options{Capacity: 512, Seed: 1, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	f := base
	f.View = tl.Views[game.White][30]
	f.Selected, f.Preview = game.E4, ctl.Preview(game.E4)
	if len(f.Preview) == 0 {
		t.Fatal("no preview for the knight on e4")
	}
	for _, p := range f.Preview {
		f.Dests |= p.To.Bit()
	}
	r := scene.NewLayout(f.W, f.H, f.Flipped).SquareRect(game.F6)
	f.Hover, f.HoverX, f.HoverY = true, r.X+r.W/2, r.Y+r.H/2
	return f
}
