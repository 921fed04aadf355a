package web

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestReloadKeysReachTheBrowser: with the board's canvas focused, F5 and
// Ctrl+R are left to the browser, to reload the page (the board keeps
// every other key from it, F10 here); the piece tokens the desktop window
// toggles with F5 toggle with F10 in the page. A browser run headless
// reloads on no key sent by the test, so what is checked is that the
// page left the key's default to the browser.
func TestReloadKeysReachTheBrowser(t *testing.T) {
	static := httptest.NewServer(http.FileServer(http.Dir(pageSite(t))))
	defer static.Close()
	p := openTab(t, newBrowser(t), "reload", static.URL+"/")
	p.wait("the new-game screen", 90*time.Second, func(s board) bool { return s.Running && s.Frames > 2 && s.Mode == newGameScreen })
	p.closeLegend()
	// A click on the board gives the canvas the keyboard, as a person's
	// first click does.
	p.clickAt("squareAt", "e4")
	// Each key's fate once every listener has had it: kept from the
	// browser (its default prevented) or left to it.
	p.eval(`window.kriegKeys = [];
		window.addEventListener("keydown", (e) => setTimeout(() => kriegKeys.push(e.key + (e.defaultPrevented ? " kept" : " left"))), true);
		""`)
	shown := p.state().Pieces
	for _, k := range []struct {
		key  string
		mods []chromedp.KeyOption
	}{{kb.F10, nil}, {kb.F5, nil}, {"r", []chromedp.KeyOption{chromedp.KeyModifiers(chromedp.ModifierCtrl)}}} {
		if err := chromedp.Do(p.ctx, chromedp.KeyEvent(k.key, k.mods...)); err != nil {
			t.Fatal(err)
		}
	}
	p.wait("F10 to toggle the piece tokens", 10*time.Second, func(b board) bool { return b.Pieces != shown })
	var keys string
	p.wait("the keys' fates", 10*time.Second, func(board) bool {
		keys = p.eval(`kriegKeys.join(", ")`)
		return strings.Count(keys, ",") >= 2
	})
	if want := "F10 kept, F5 left, r left"; keys != want {
		t.Errorf("the keys' fates: %s; want %s", keys, want)
	}
}
