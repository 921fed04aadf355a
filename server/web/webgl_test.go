package web

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestPageWithoutWebGL2: in a browser that gives no WebGL 2 (turned off or
// blocked), the page says the browser cannot draw the board, and what to
// do, instead of starting a board that stops at once and reads as a lost
// connection to the server (what an outside tester saw).
func TestPageWithoutWebGL2(t *testing.T) {
	b := newBrowser(t, chromedp.Flag("disable-webgl2", true))
	static := httptest.NewServer(http.FileServer(http.Dir(pageSite(t))))
	defer static.Close()
	p := openTab(t, b, "no webgl2", static.URL+"/")
	said := p.await("the page's word", `new Promise((resolve) => {
		const look = () => {
			const s = document.getElementById("status");
			if (s && s.textContent.includes("cannot draw")) resolve(s.textContent); else setTimeout(look, 50);
		};
		look();
	})`, 30*time.Second)
	if !strings.Contains(said, "WebGL 2") || strings.Contains(said, "server") {
		t.Fatalf("the page said %q; want that the browser cannot draw the board, WebGL 2 named", said)
	}
}
