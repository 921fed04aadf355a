package web

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/server"
)

// TestGuestResumesInThePage: a guest in a game on a page that is closed
// and opened again (a reload tears the page and its WebSocket down; the
// browser's storage stays) is offered "Resume your game as guestNNNN",
// takes the same seat back and plays on; the token is never on the
// screen or in the URL, and the game's end forgets it.
func TestGuestResumesInThePage(t *testing.T) {
	u := startUmpire(t, server.Config{Attempts: 10000, Grace: time.Minute}, pageSite(t), Options{})
	b := newBrowser(t)
	origin := "http://" + u.http
	guest := openTab(t, b, "guest", origin+"/")
	loginAsGuest(t, guest)
	name := strings.TrimSpace(strings.TrimPrefix(guest.eval(`document.getElementById("me").textContent`), "·"))
	other := u.client(t, "", "", true)
	guest.element(`#seek button[type="submit"]`)
	guest.waitShown("unseek", 20*time.Second)
	if err := other.Console("play " + name); err != nil {
		t.Fatal(err)
	}
	guest.wait("the game", 20*time.Second, func(b board) bool { return b.InGame && b.Side != "" })
	next(t, other, net.KindStarted)
	token := guest.eval(`JSON.parse(localStorage.getItem("krieg/seat") || "{}").token || ""`)
	if token == "" {
		t.Fatal("the page kept no seat for its game")
	}
	if err := chromedp.Do(guest.ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	guest.waitShown("resume-row", 90*time.Second)
	if got := guest.eval(`document.getElementById("resume").textContent`); got != "Resume your game as "+name {
		t.Fatalf("the door offers %q", got)
	}
	guest.element("#resume")
	guest.wait("the resumed game", 30*time.Second, func(b board) bool { return b.InGame && b.Side != "" })
	if shown := guest.eval(`document.body.innerText + " " + location.href`); strings.Contains(shown, token) {
		t.Error("the token is on the screen or in the URL")
	}
	if err := other.Do(net.Resign); err != nil {
		t.Fatal(err)
	}
	guest.wait("the game's end", 20*time.Second, func(b board) bool { return b.Result != "" })
	if strings.Contains(guest.eval(`String(localStorage.getItem("krieg/seat"))`), token) {
		t.Error("the seat outlived its game")
	}
}
