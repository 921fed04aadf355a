package sprites

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/sprites/scene"
)

// TestWindowNewGamePreviewShowsTheSide: choosing Black on the new-game
// screen turns the preview to Black's side, Black's men at the bottom;
// White turns it back.
func TestWindowNewGamePreviewShowsTheSide(t *testing.T) {
	app := newLocalApp(t, &scripted{})
	h.show(app)
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Choice(scene.SideGroup, 1)}) })
	var l scene.Layout
	h.do(func() {
		l = app.scene.Layout
		if !app.frame.Flipped || app.frame.View.Side != game.Black {
			t.Errorf("Black chosen: flipped %v, side %v; want Black's view", app.frame.Flipped, app.frame.View.Side)
		}
		if e8 := l.SquareRect(game.E8); e8.Y < l.Board.Y+l.Board.H/2 {
			t.Errorf("Black chosen: e8 at y %.0f, in the board's top half", e8.Y)
		}
	})
	h.onScreen(func(screen *ebiten.Image) {
		if n := darkPixels(screen, l, game.E8); n < 30 {
			t.Errorf("Black chosen: %d dark pixels on e8; want Black's king", n)
		}
	})
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Choice(scene.SideGroup, 0)}) })
	h.do(func() {
		if app.frame.Flipped || app.frame.View.Side != game.White {
			t.Errorf("White chosen: flipped %v, side %v; want White's view", app.frame.Flipped, app.frame.View.Side)
		}
	})
}
