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
	// waitCard waits for the card as want says (the challengers are
	// unregistered: no rating is shown for them).
	waitCard := func(what, want string) {
		t.Helper()
		var c string
		if _, ok := p.poll(30*time.Second, func(board) bool {
			c = card()
			return c == want
		}); !ok {
			t.Fatalf("no %s within 30 s: the card is %s; want %s", what, c, want)
		}
	}
	bob := u.client(t, "bob", "", true)
	if err := bob.Console("match " + me); err != nil {
		t.Fatal(err)
	}
	waitCard("bob's challenge on the card", `[false,false,"bob challenges you: unrated Wild 16 (ICC) 5 3","challenge-accept"]`)
	key(kb.Escape)
	for ev := next(t, bob, net.KindConsole); !strings.Contains(ev.Text, "declines your challenge"); ev = next(t, bob, net.KindConsole) {
	}
	if got := card(); !strings.HasPrefix(got, "[true,") {
		t.Errorf("after Escape the card: %s; want it gone", got)
	}

	if err := bob.Console("match " + me); err != nil {
		t.Fatal(err)
	}
	waitCard("bob's second challenge", `[false,false,"bob challenges you: unrated Wild 16 (ICC) 5 3","challenge-accept"]`)
	bob.Close()
	waitCard("the withdrawal in words", `[false,true,"The challenge from bob was withdrawn.",""]`)

	carol := u.client(t, "carol", "", true)
	if err := carol.Console("match " + me + " 3 2"); err != nil {
		t.Fatal(err)
	}
	waitCard("carol's challenge", `[false,false,"carol challenges you: unrated Wild 16 (ICC) 3 2","challenge-accept"]`)
	key(kb.Enter)
	p.wait("carol's game on the board", 30*time.Second, func(b board) bool { return b.InGame })
	if got := card(); !strings.HasPrefix(got, "[true,") {
		t.Errorf("once the game began the card: %s; want it gone", got)
	}
}

// TestChallengeLeavesTheTypedLine: a challenge coming while the player
// types on the board's line does not take the keyboard from it, as the
// window's card does not: the rest of the line and its Enter go to the
// board, which sends it, and no game starts by accident. Accept takes
// the keys once the player moves to it (Tab here).
func TestChallengeLeavesTheTypedLine(t *testing.T) {
	u := startUmpire(t, server.Config{}, pageSite(t), Options{})
	p := openTab(t, newBrowser(t), "typing", "http://"+u.http+"/")
	loginAsGuest(t, p)
	me := strings.TrimPrefix(p.eval(`document.getElementById("me").textContent`), "· ")
	p.element("#close-lobby")
	p.wait("the lobby closed", 30*time.Second, func(board) bool { return p.eval(`String(document.getElementById("lobby").hidden)`) == "true" })
	p.closeLegend()
	p.clickAt("squareAt", "e4") // the board takes the keyboard
	key := func(k string) {
		t.Helper()
		if err := chromedp.Do(p.ctx, chromedp.KeyEvent(k)); err != nil {
			t.Fatal(err)
		}
		p.frames(2)
	}
	alice := u.client(t, "alice", "", true)
	key("tell alice hel")
	if err := alice.Console("match " + me + " 3 2"); err != nil {
		t.Fatal(err)
	}
	p.waitShown("challenge-answer", 30*time.Second)
	if got := p.eval(`document.activeElement.id || document.activeElement.tagName`); got == "challenge-accept" {
		t.Fatalf("with a line half typed the card took the keyboard (%s); want it left on the board", got)
	}
	key("lo")
	key(kb.Enter)
	deadline := time.Now().Add(30 * time.Second)
	for ev := next(t, alice, net.KindConsole); !strings.Contains(ev.Text, "hello"); ev = next(t, alice, net.KindConsole) {
		if time.Now().After(deadline) {
			t.Fatalf("alice never heard the tell; last: %q", ev.Text)
		}
	}
	p.frames(10)
	if b := p.state(); b.InGame {
		t.Fatalf("Enter on the typed line started a game (%s vs. %s); want the tell sent only", b.White, b.Black)
	}
	if got := p.eval(`String(document.getElementById("challenge-answer").hidden)`); got != "false" {
		t.Errorf("the challenge's card hidden: %s; want it still asking", got)
	}
	// The player moves to Accept, which then says what its keys do.
	p.eval(`document.getElementById("challenge-accept").focus(); ""`)
	if got := p.eval(`document.getElementById("challenge-more").textContent`); !strings.Contains(got, "Enter accepts") {
		t.Errorf("the card's hint with Accept focused: %q; want it to say Enter accepts", got)
	}
}

// TestChallengeEscapeClosesTheLegendFirst: with the board's legend open
// when a challenge comes, Escape on the card closes the legend only, as it
// does anywhere (it declined the challenge); a second Escape declines.
func TestChallengeEscapeClosesTheLegendFirst(t *testing.T) {
	u := startUmpire(t, server.Config{}, pageSite(t), Options{})
	p := openTab(t, newBrowser(t), "legend", "http://"+u.http+"/")
	loginAsGuest(t, p)
	me := strings.TrimPrefix(p.eval(`document.getElementById("me").textContent`), "· ")
	p.element("#close-lobby")
	p.wait("the lobby closed", 30*time.Second, func(board) bool { return p.eval(`String(document.getElementById("lobby").hidden)`) == "true" })
	if !p.state().Legend {
		p.call(`kriegTest.press("Legend")`)
		p.wait("the legend", 30*time.Second, func(b board) bool { return b.Legend })
	}
	alice := u.client(t, "alice", "", true)
	if err := alice.Console("match " + me + " 3 2"); err != nil {
		t.Fatal(err)
	}
	p.waitShown("challenge-answer", 30*time.Second)
	p.wait("Accept focused", 10*time.Second, func(board) bool { return p.eval(`document.activeElement.id`) == "challenge-accept" })
	if err := chromedp.Do(p.ctx, chromedp.KeyEvent(kb.Escape)); err != nil {
		t.Fatal(err)
	}
	p.wait("the legend closed", 10*time.Second, func(b board) bool { return !b.Legend })
	p.frames(5)
	if got := p.eval(`String(document.getElementById("challenge-answer").hidden)`); got != "false" {
		t.Fatalf("Escape over the legend took the challenge away (card hidden %s); want it waiting", got)
	}
	if err := chromedp.Do(p.ctx, chromedp.KeyEvent(kb.Escape)); err != nil {
		t.Fatal(err)
	}
	for ev := next(t, alice, net.KindConsole); !strings.Contains(ev.Text, "declines your challenge"); ev = next(t, alice, net.KindConsole) {
	}
}
