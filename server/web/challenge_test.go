package web

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/server"
)

// TestChallengeCardInThePage: a challenge from another player shows on a
// card over the lobby with Accept and Decline, Accept focused; Escape
// declines it, a withdrawn one (its player gone) leaves the card saying so
// in words, and Enter accepts one, whose game takes the board.
func TestChallengeCardInThePage(t *testing.T) {
	u := startUmpire(t, server.Config{}, pageSite(t), Options{})
	p := openTab(t, newBrowser(t), "challenged", "http://"+u.http+"/")
	loginAsGuest(t, p)
	me := strings.TrimPrefix(p.eval(`document.getElementById("me").textContent`), "· ")
	key := func(k string) {
		t.Helper()
		if err := chromedp.Do(p.ctx, chromedp.KeyEvent(k)); err != nil {
			t.Fatal(err)
		}
	}
	card := func() string {
		return p.eval(`JSON.stringify([document.getElementById("challenge").hidden, document.getElementById("challenge-answer").hidden,
			document.getElementById("challenge-text").textContent, document.activeElement.id])`)
	}
	// waitCard waits for the card as want says, where * stands for the
	// rating the server gives.
	waitCard := func(what, want string) {
		t.Helper()
		before, after, _ := strings.Cut(want, "*")
		var c string
		if _, ok := p.poll(30*time.Second, func(board) bool {
			c = card()
			return strings.HasPrefix(c, before) && strings.HasSuffix(c, after) && len(c) <= len(before)+len(after)+6
		}); !ok {
			t.Fatalf("no %s within 30 s: the card is %s; want %s", what, c, want)
		}
	}
	bob := u.client(t, "bob", "", true)
	if err := bob.Console("match " + me); err != nil {
		t.Fatal(err)
	}
	waitCard("bob's challenge on the card", `[false,false,"bob (*) challenges you: unrated Wild 16 (ICC) 5 3","challenge-accept"]`)
	key(kb.Escape)
	for ev := next(t, bob, net.KindConsole); !strings.Contains(ev.Text, "declines your challenge"); ev = next(t, bob, net.KindConsole) {
	}
	if got := card(); !strings.HasPrefix(got, "[true,") {
		t.Errorf("after Escape the card: %s; want it gone", got)
	}

	if err := bob.Console("match " + me); err != nil {
		t.Fatal(err)
	}
	waitCard("bob's second challenge", `[false,false,"bob (*) challenges you: unrated Wild 16 (ICC) 5 3","challenge-accept"]`)
	bob.Close()
	waitCard("the withdrawal in words", `[false,true,"The challenge from bob was withdrawn.",""]`)

	carol := u.client(t, "carol", "", true)
	if err := carol.Console("match " + me + " 3 2"); err != nil {
		t.Fatal(err)
	}
	waitCard("carol's challenge", `[false,false,"carol (*) challenges you: unrated Wild 16 (ICC) 3 2","challenge-accept"]`)
	key(kb.Enter)
	p.wait("carol's game on the board", 30*time.Second, func(b board) bool { return b.InGame })
	if got := card(); !strings.HasPrefix(got, "[true,") {
		t.Errorf("once the game began the card: %s; want it gone", got)
	}
}
