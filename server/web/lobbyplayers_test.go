package web

import (
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/server"
)

// TestLobbyChallengesAPlayer: a player listed in the lobby has a
// Challenge button (the lobby offered no way to challenge by click); it
// sends the match on the seek's terms, the player gets the challenge, and
// the lobby says it was sent.
func TestLobbyChallengesAPlayer(t *testing.T) {
	u := startUmpire(t, server.Config{}, pageSite(t), Options{})
	bob := u.client(t, "bob", "", true)
	p := openTab(t, newBrowser(t), "challenger", "http://"+u.http+"/")
	loginAsGuest(t, p)
	me := strings.TrimPrefix(p.eval(`document.getElementById("me").textContent`), "· ")
	p.await("bob's Challenge button", `new Promise((resolve) => {
		const find = () => document.querySelector('#players button[data-player="bob"]');
		if (find()) return resolve("");
		new MutationObserver((_, o) => { if (find()) { o.disconnect(); resolve(""); } }).observe(document.getElementById("players"), { childList: true, subtree: true });
	})`, 30*time.Second)
	if n := p.eval(`String(document.querySelectorAll('#players button[data-player]').length)`); n != "1" {
		t.Errorf("%s Challenge buttons; want one, bob's (none for oneself)", n)
	}
	p.element(`#players button[data-player="bob"]`)
	ev := next(t, bob, net.KindChallenge)
	if !strings.EqualFold(ev.From, me) {
		t.Errorf("bob was challenged by %q; want %s", ev.From, me)
	}
	if note := p.eval(`document.getElementById("lobby-note").textContent`); !strings.Contains(note, "You challenged bob") {
		t.Errorf("the lobby says %q; want that bob was challenged", note)
	}
}
