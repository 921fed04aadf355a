package web

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/server"
)

// TestDoorBeforeBoard holds the board's .wasm back until the door has
// shown: the door must not wait for the board, and "Play as a guest"
// clicked then logs in once the board has loaded.
func TestDoorBeforeBoard(t *testing.T) {
	site := pageSite(t)
	release := make(chan struct{})
	wrap := func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.URL.Path, ".wasm") {
				select {
				case <-release:
				case <-r.Context().Done():
					return
				}
			}
			h.ServeHTTP(w, r)
		})
	}
	u := startWrapped(t, server.Config{}, site, Options{}, wrap)
	p := startTab(t, newBrowser(t), "early", "http://"+u.http+"/")
	p.waitShown("door", 30*time.Second)
	if got := p.eval(`performance.getEntriesByName("krieg:ready").length ? "ready" : ""`); got != "" {
		t.Fatal("the board said ready with its .wasm held back")
	}
	p.element("#guest")
	close(release)
	p.waitMark("krieg:first-frame", 120*time.Second)
	p.wait("the board running", 30*time.Second, func(s board) bool { return s.Running && s.Frames > 0 })
	if me := p.eval(`document.getElementById("me").textContent`); !strings.Contains(strings.ToLower(me), "guest") {
		t.Errorf("the lobby names the player %q; want a guest", me)
	}
}
