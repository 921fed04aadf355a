package web

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/krieg/krieg/server"
)

// TestGuestTakesTheTypedName: "Play as a guest" with a name typed signs
// in under that name, unregistered (it ignored the name), never keeping
// a password typed beside it; the door offers the name again after a
// reload, from the browser's storage, and keeps no password there.
func TestGuestTakesTheTypedName(t *testing.T) {
	u := startUmpire(t, server.Config{}, pageSite(t), Options{})
	p := openTab(t, newBrowser(t), "guest", "http://"+u.http+"/")
	p.wait("the door", 90*time.Second, func(board) bool { return p.eval(`String(!document.getElementById("door").hidden)`) == "true" })
	if err := chromedp.Do(p.ctx, chromedp.SendKeys("#name", "carla")); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(p.ctx, chromedp.SendKeys("#password", "secret77")); err != nil {
		t.Fatal(err)
	}
	p.element("#guest")
	p.wait("the lobby", 30*time.Second, func(board) bool { return p.eval(`String(!document.getElementById("lobby").hidden)`) == "true" })
	if me := p.eval(`document.getElementById("me").textContent`); me != "· carla" {
		t.Errorf("signed in as %q; want carla, the name typed", me)
	}
	if err := chromedp.Do(p.ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	p.wait("the door again", 90*time.Second, func(board) bool { return p.eval(`String(!document.getElementById("door").hidden)`) == "true" })
	if name := p.eval(`document.getElementById("name").value`); name != "carla" {
		t.Errorf("after a reload the door offers the name %q; want carla", name)
	}
	if kept := p.eval(`JSON.stringify(localStorage)`); strings.Contains(kept, "secret77") {
		t.Errorf("the browser's storage holds the password: %s", kept)
	}
}
