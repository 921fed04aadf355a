package sprites

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/krieg/krieg/sprites/scene"
)

// TestPasteable: pasted text becomes one line, its breaks spaces, its
// control and direction characters gone; extend keeps a field's limit.
func TestPasteable(t *testing.T) {
	for in, want := range map[string]string{
		"e2e4\n":            "e2e4",
		"  tell bob\r\nhi ": "tell bob hi",
		"a\x1b[31mb\x00":    "a[31mb",
		"\u202ee4\u200b":    "e4",
		"\n\t\r":            "",
	} {
		if got := pasteable(in); got != want {
			t.Errorf("pasteable(%q) = %q; want %q", in, got, want)
		}
	}
	if got, cut := extend("ab", "cdéf", false, 5); got != "abcdé" || !cut {
		t.Errorf("extend past the limit: %q, cut %v; want abcdé, cut", got, cut)
	}
	if got, cut := extend("old", "new", true, 5); got != "new" || cut {
		t.Errorf("extend over a selection: %q, cut %v; want new", got, cut)
	}
}

// focusWindow puts the pointer over the window, whose keys then go to it
// (no window manager here).
func focusWindow(t *testing.T) {
	t.Helper()
	var x, y int
	h.do(func() { x, y = ebiten.WindowPosition() })
	xdotool(t, "mousemove", fmt.Sprint(x+200), fmt.Sprint(y+200))
}

// TestWindowPasteMove: Ctrl+V pastes the clipboard's text into the move
// line, its line end taken out, and Enter plays it; Shift+Insert pastes
// too.
func TestWindowPasteMove(t *testing.T) {
	app := newLocalApp(t, &scripted{moves: []string{"e7e5", "b8c6"}})
	h.show(app)
	defer func() { h.show(nil); app.Close() }()
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Start}) })
	h.waitFor(t, "the game to start", 5*time.Second, atPly(app, 0))
	focusWindow(t)
	for i, keys := range [][2]string{{"ctrl", "v"}, {"shift", "Insert"}} {
		move := []string{"e2e4", "g1f3"}[i]
		if err := copyText([]byte(" " + move + "\n")); err != nil {
			t.Skipf("no clipboard here: %v", err)
		}
		// The modifier held, then the key tapped and the modifier let go
		// at once: a quick hand's chord, within one frame.
		xdotool(t, "keydown", keys[0], "sleep", "0.2", "key", "--delay", "0", keys[1], "keyup", "--delay", "0", keys[0])
		h.waitFor(t, move+" pasted with "+keys[0]+"+"+keys[1], servedWait, func() bool { return app.play.typed == move })
		xdotool(t, "key", "Return")
		h.waitFor(t, move+" played", 5*time.Second, atPly(app, 2*(i+1)))
	}
}

// TestWindowPasteSeveralMoves: three moves pasted at once arrive joined on
// the move line; Enter says they are several, in the hint's colour, and
// sends nothing (an outside tester's paste was sent as one line and
// answered '"e4 d4 Nf3" is not a move'). One move with words that are not
// moves goes on to the server as before.
func TestWindowPasteSeveralMoves(t *testing.T) {
	app := newLocalApp(t, &scripted{moves: []string{"e7e5"}})
	h.show(app)
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Start}) })
	h.waitFor(t, "the game to start", 5*time.Second, atPly(app, 0))
	h.do(func() { app.Inject(Intent{Kind: Paste, Text: "e4\nd4\nNf3\n"}, Intent{Kind: Submit}) })
	time.Sleep(200 * time.Millisecond)
	h.do(func() {
		if n := len(app.frame.View.Log); n != 0 || !strings.Contains(app.frame.Panel.Notice, "holds several moves") || app.play.typed != "e4 d4 Nf3" {
			t.Errorf("three moves pasted: %d log lines, notice %q, line %q; want none sent, why, and the line left to mend", n, app.frame.Panel.Notice, app.play.typed)
		}
	})
}

// TestWindowSaveAsPasteLimit: a path pasted over the selected one replaces
// it, and one longer than the line holds is cut, saying so.
func TestWindowSaveAsPasteLimit(t *testing.T) {
	app := foolsMate(t)
	defer func() { h.show(nil); app.Close() }()
	h.do(func() {
		app.Inject(Intent{Kind: Press, Button: scene.SaveAs}, Intent{Kind: SelectAll}, Intent{Kind: Paste, Text: "/tmp/x.pgn\n"})
	})
	h.do(func() {
		if app.saving != "/tmp/x.pgn" {
			t.Errorf("pasted over the selected path: the line holds %q; want /tmp/x.pgn", app.saving)
		}
		app.Inject(Intent{Kind: Paste, Text: strings.Repeat("y", 2*maxPath)})
	})
	h.do(func() {
		if n := len([]rune(app.saving)); n != maxPath || !strings.Contains(app.frame.Panel.Notice, "at most") {
			t.Errorf("a long paste: the line holds %d characters, notice %q; want %d and why", n, app.frame.Panel.Notice, maxPath)
		}
	})
}

// TestWindowQuickSelectAll: Ctrl held, then A tapped and Ctrl let go
// within one frame, as a quick hand does, still selects the Save as…
// line.
func TestWindowQuickSelectAll(t *testing.T) {
	app := foolsMate(t)
	app.opt.SaveDir = t.TempDir()
	defer func() { h.show(nil); app.Close() }()
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.SaveAs}) })
	h.waitFor(t, "the Save as line", servedWait, func() bool { return app.prompting })
	focusWindow(t)
	xdotool(t, "keydown", "ctrl", "sleep", "0.2", "key", "--delay", "0", "a", "keyup", "--delay", "0", "ctrl")
	h.waitFor(t, "the line selected by a quick Ctrl+A", servedWait, func() bool { return app.frame.Panel.PromptSelected })
	h.do(func() {
		if strings.HasSuffix(app.saving, "a") {
			t.Errorf("the quick Ctrl+A typed an a: %q", app.saving)
		}
	})
}
