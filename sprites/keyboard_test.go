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

// TestWindowCursorLeavesWithTheMouse: the keyboard cursor's frame goes as
// soon as the mouse plays, and a new game starts without it; a window on a
// machine without sound says so.
func TestWindowCursorLeavesWithTheMouse(t *testing.T) {
	app := newLocalApp(t, &scripted{moves: []string{"e7e5", "b8c6"}})
	app.frame.Panel.Silent = "No sound device: the window is silent"
	h.show(app)
	h.do(func() {
		if !sceneHasText(&app.scene, "No sound device: the window is silent") {
			t.Error("the new-game screen does not say the window is silent")
		}
		app.Inject(Intent{Kind: Press, Button: scene.Start})
	})
	h.waitFor(t, "the game to start", 5*time.Second, atPly(app, 0))
	h.do(func() { app.Inject(Intent{Kind: CursorMove, Y: -1}) })
	h.do(func() {
		if !app.frame.KeyCursor {
			t.Fatal("an arrow key did not show the cursor")
		}
		app.Inject(Intent{Kind: ClickSquare, Square: game.E2}, Intent{Kind: ClickSquare, Square: game.E4})
	})
	h.waitFor(t, "1. e4 e5", 5*time.Second, atPly(app, 2))
	h.do(func() {
		if app.frame.KeyCursor {
			t.Error("the cursor's frame stays while the mouse plays")
		}
		app.Inject(Intent{Kind: CursorMove, Y: -1}, Intent{Kind: Press, Button: scene.Resign}, Intent{Kind: Press, Button: scene.Resign})
	})
	h.waitFor(t, "the resignation", 5*time.Second, func() bool { return app.play.snap.Result != nil })
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.NewGame}) })
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Start}) })
	h.waitFor(t, "a new game", 5*time.Second, atPly(app, 0))
	h.do(func() {
		if app.frame.KeyCursor {
			t.Error("the cursor's frame came into the next game")
		}
	})
}
