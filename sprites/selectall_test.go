package sprites

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/krieg/krieg/sprites/scene"
)

// TestWindowSaveAsSelectAll: in the Save as… line, a real Ctrl+A selects
// the path offered (drawn selected), the pointer moving over the window
// keeps the selection, and the name typed next replaces it, with no "a"
// typed; after Ctrl+A, Backspace empties the line.
func TestWindowSaveAsSelectAll(t *testing.T) {
	app := foolsMate(t)
	dir := t.TempDir()
	app.opt.SaveDir = dir
	defer func() { h.show(nil); app.Close() }()
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.SaveAs}) })
	h.waitFor(t, "the Save as line", servedWait, func() bool { return app.prompting })
	var x, y int
	h.do(func() { x, y = ebiten.WindowPosition() })
	// Keys go to the window under the pointer (no window manager here).
	xdotool(t, "mousemove", fmt.Sprint(x+200), fmt.Sprint(y+200))
	// Held across frames, as a person's fingers are: a press and release
	// within one frame is not seen as a held Ctrl.
	xdotool(t, "keydown", "ctrl", "sleep", "0.1", "keydown", "a", "sleep", "0.1", "keyup", "a", "keyup", "ctrl")
	h.waitFor(t, "the line selected", servedWait, func() bool { return app.frame.Panel.PromptSelected })
	xdotool(t, "mousemove", fmt.Sprint(x+260), fmt.Sprint(y+240))
	h.do(func() { app.Inject(Intent{Kind: Hover, X: 260, Y: 240}) })
	h.do(func() {
		if !app.frame.Panel.PromptSelected {
			t.Error("the pointer's move undid the selection")
		}
	})
	xdotool(t, "type", "mine")
	h.waitFor(t, "the name typed", servedWait, func() bool { return strings.HasSuffix(app.saving, "mine") })
	h.do(func() {
		if app.saving != "mine" || app.frame.Panel.PromptSelected {
			t.Errorf("Ctrl+A, then mine: the line holds %q (selected %v); want mine alone", app.saving, app.frame.Panel.PromptSelected)
		}
	})
	xdotool(t, "key", "Return")
	h.waitFor(t, "the game saved", servedWait, func() bool { return strings.HasPrefix(app.frame.Panel.Notice, "Saved to") })
	if _, err := os.Stat(filepath.Join(dir, "mine.pgn")); err != nil {
		t.Errorf("the game is not in mine.pgn: %v", err)
	}
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.SaveAs}) })
	h.waitFor(t, "the Save as line again", servedWait, func() bool { return app.prompting })
	h.do(func() { app.Inject(Intent{Kind: SelectAll}, Intent{Kind: Backspace}) })
	h.do(func() {
		if app.saving != "" || !app.prompting {
			t.Errorf("Ctrl+A, then Backspace: the line holds %q (open %v); want it empty and open", app.saving, app.prompting)
		}
	})
}

// TestWindowMoveLineSelectAll: in the move line, a real Ctrl+A selects what
// was typed (drawn selected), and the move typed next replaces the line;
// after Ctrl+A, Backspace empties it, and on an empty line it selects
// nothing.
func TestWindowMoveLineSelectAll(t *testing.T) {
	app := newLocalApp(t, &scripted{moves: []string{"e7e5"}})
	h.show(app)
	defer func() { h.show(nil); app.Close() }()
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Start}) })
	h.waitFor(t, "the game to start", servedWait, atPly(app, 0))
	h.do(func() { app.Inject(Intent{Kind: TypeText, Text: "e2e5 nonsense"}) })
	focusWindow(t)
	xdotool(t, "keydown", "ctrl", "sleep", "0.1", "keydown", "a", "sleep", "0.1", "keyup", "a", "keyup", "ctrl")
	h.waitFor(t, "the move line selected", servedWait, func() bool { return app.frame.Panel.TypedSelected })
	h.do(func() { app.Inject(Intent{Kind: TypeText, Text: "e2e4"}, Intent{Kind: Submit}) })
	h.waitFor(t, "e2e4 played", servedWait, atPly(app, 2))
	h.do(func() { app.Inject(Intent{Kind: TypeText, Text: "d2d4"}, Intent{Kind: SelectAll}) })
	h.do(func() {
		if !app.frame.Panel.TypedSelected {
			t.Error("Ctrl+A did not select the move line")
		}
		app.Inject(Intent{Kind: Backspace})
	})
	h.do(func() {
		if app.play.typed != "" || app.frame.Panel.TypedSelected {
			t.Errorf("Ctrl+A, then Backspace: the move line holds %q (selected %v); want it empty", app.play.typed, app.frame.Panel.TypedSelected)
		}
		app.Inject(Intent{Kind: SelectAll})
	})
	h.do(func() {
		if app.frame.Panel.TypedSelected || app.play.selected {
			t.Error("Ctrl+A on an empty move line selects it")
		}
	})
}
