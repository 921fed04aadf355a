package web

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/server"
)

// TestLobbyChallengesAPlayer: a player listed in the lobby, with its
// rating, has a Challenge button (the lobby offered no way to challenge by
// click, and no ratings); it
// sends the match on the seek's terms, the player gets the challenge, and
// the lobby says it was sent.
func TestLobbyChallengesAPlayer(t *testing.T) {
	u := startUmpire(t, server.Config{}, pageSite(t), Options{})
	bob := u.client(t, "bob", "", true)
	hash, err := server.HashPassword("carol-secret-7")
	if err != nil {
		t.Fatal(err)
	}
	if err := u.st.AddAccount(context.Background(), "carol", hash); err != nil {
		t.Fatal(err)
	}
	u.client(t, "carol", "carol-secret-7", true)
	p := openTab(t, newBrowser(t), "challenger", "http://"+u.http+"/")
	loginAsGuest(t, p)
	me := strings.TrimPrefix(p.eval(`document.getElementById("me").textContent`), "· ")
	p.await("bob's Challenge button", `new Promise((resolve) => {
		const find = () => document.querySelector('#players button[data-player="bob"]');
		if (find()) return resolve("");
		new MutationObserver((_, o) => { if (find()) { o.disconnect(); resolve(""); } }).observe(document.getElementById("players"), { childList: true, subtree: true });
	})`, 30*time.Second)
	p.await("carol's Challenge button", `new Promise((resolve) => {
		const find = () => document.querySelector('#players button[data-player="carol"]');
		if (find()) return resolve("");
		new MutationObserver((_, o) => { if (find()) { o.disconnect(); resolve(""); } }).observe(document.getElementById("players"), { childList: true, subtree: true });
	})`, 30*time.Second)
	if n := p.eval(`String(document.querySelectorAll('#players button[data-player]').length)`); n != "2" {
		t.Errorf("%s Challenge buttons; want two, bob's and carol's (none for oneself)", n)
	}
	// Each player with its rating, as who gives it: a number, or none.
	list := p.eval(`document.getElementById("players").textContent`)
	for _, want := range []string{"carol (1500)", "bob (unregistered)"} {
		if !strings.Contains(list, want) {
			t.Errorf("the players listed read %q; want %q", list, want)
		}
	}
	p.element(`#players button[data-player="bob"]`)
	ev := next(t, bob, net.KindChallenge)
	if !strings.EqualFold(ev.From, me) {
		t.Errorf("bob was challenged by %q; want %s", ev.From, me)
	}
	if note := p.eval(`document.getElementById("lobby-note").textContent`); !strings.Contains(note, "You challenged bob") {
		t.Errorf("the lobby says %q; want that bob was challenged", note)
	}
	// Accepted, the challenge is over: the lobby no longer says it waits.
	if err := bob.Do(net.Accept); err != nil {
		t.Fatal(err)
	}
	p.wait("the game", 30*time.Second, func(b board) bool { return b.InGame })
	if note := p.eval(`document.getElementById("lobby-note").textContent`); note != "" {
		t.Errorf("once the game began the lobby still says %q", note)
	}
}
