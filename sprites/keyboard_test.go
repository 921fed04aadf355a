package sprites

import (
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/sprites/scene"
)

// TestWindowKeyboardOnly plays 1. e4 and 2. Nf3 with the arrow keys and
// Space alone.
func TestWindowKeyboardOnly(t *testing.T) {
	app := newLocalApp(t, &scripted{moves: []string{"e7e5", "b8c6"}})
	h.show(app)
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Start}) })
	h.waitFor(t, "the game to start", 5*time.Second, atPly(app, 0))
	up := Intent{Kind: CursorMove, Y: -1}
	right := Intent{Kind: CursorMove, X: 1}
	left := Intent{Kind: CursorMove, X: -1}
	space := Intent{Kind: TypeText, Text: " "}
	// The first arrow shows the cursor on our king (e1); up to e2, Space,
	// up twice to e4, Space.
	h.do(func() { app.Inject(up, up, space) })
	h.do(func() {
		if !app.frame.KeyCursor || app.frame.Selected != game.E2 {
			t.Fatalf("cursor %v, selected %v; want e2 picked up", app.frame.Cursor, app.frame.Selected)
		}
		app.Inject(up, up, space)
	})
	h.waitFor(t, "1. e4 e5", 5*time.Second, atPly(app, 2))
	// e4 → g1: right twice, down three times; Space; then f3: left, up twice; Space.
	down := Intent{Kind: CursorMove, Y: 1}
	h.do(func() { app.Inject(right, right, down, down, down, space, left, up, up, space) })
	h.waitFor(t, "2. Nf3 Nc6", 5*time.Second, atPly(app, 4))
	h.do(func() {
		if got := app.frame.View.Own.At(game.F3); got != game.NewPiece(game.White, game.Knight) {
			t.Errorf("f3 holds %v; want the knight", got)
		}
		if app.frame.Cursor != game.F3 {
			t.Errorf("cursor on %v; want f3", app.frame.Cursor)
		}
	})
}
