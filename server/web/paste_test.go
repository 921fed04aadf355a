package web

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestPastePutsTextOnTheMoveLine: with the board's canvas focused, Ctrl+V
// pastes the clipboard's text into the move line, its line end taken out
// (the board's canvas kept the key's default, so nothing was pasted).
func TestPastePutsTextOnTheMoveLine(t *testing.T) {
	static := httptest.NewServer(http.FileServer(http.Dir(pageSite(t))))
	defer static.Close()
	p := openTab(t, newBrowser(t), "paste", static.URL+"/?movetime=30ms")
	p.wait("the new-game screen", 90*time.Second, func(s board) bool { return s.Running && s.Frames > 2 && s.Mode == newGameScreen })
	p.closeLegend()
	p.clickAt("buttonAt", "Start")
	p.wait("a game", 20*time.Second, func(b board) bool { return b.Mode == playScreen && b.InGame })
	// A click on an empty square gives the canvas the keyboard.
	p.clickAt("squareAt", "e5")
	p.grantClipboard(static.URL)
	p.await("the clipboard written", `navigator.clipboard.writeText(" e2e4\n").then(() => "")`, 10*time.Second)
	ctrl := chromedp.KeyModifiers(chromedp.ModifierCtrl)
	if err := chromedp.Do(p.ctx, chromedp.KeyEvent("v", ctrl)); err != nil {
		t.Fatal(err)
	}
	p.wait("e2e4 pasted on the move line", 10*time.Second, func(b board) bool { return b.Typed == "e2e4" })
}
