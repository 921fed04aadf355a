package web

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/server"
)

// TestResumedGameKeepsRefusals: a guest's attempt the referee refused
// shows in what the page heard of its game, and still does once a reload
// has resumed the game (kriegd tells the returning player its refusals
// again among the moves; the page's driver takes them), so the move table
// shows what it showed before.
func TestResumedGameKeepsRefusals(t *testing.T) {
	u := startUmpire(t, server.Config{Attempts: 10000, Grace: time.Minute}, pageSite(t), Options{})
	p := openTab(t, newBrowser(t), "guest", "http://"+u.http+"/")
	loginAsGuest(t, p)
	name := strings.TrimSpace(strings.TrimPrefix(p.eval(`document.getElementById("me").textContent`), "·"))
	other := u.client(t, "", "", true)
	p.element(`#seek button[type="submit"]`)
	p.waitShown("unseek", 20*time.Second)
	if err := other.Console("play " + name); err != nil {
		t.Fatal(err)
	}
	st := p.wait("the game", 20*time.Second, func(b board) bool { return b.InGame && b.Side != "" })
	next(t, other, net.KindStarted)
	// The page's moves by the test hook, the other side's by its driver,
	// each once its turn has come; the page's last is refused (a pawn
	// pushed into the enemy pawn that blocks it).
	moves := []string{"e2e4", "e7e5", "e4e5"}
	if st.Side == game.Black.String() {
		moves = []string{"e2e4", "e7e5", "d2d3", "e5e4"}
	}
	for i, mv := range moves {
		if (i%2 == 0) == (st.Side == game.White.String()) {
			p.wait("the page's turn", 20*time.Second, func(b board) bool { return len(b.Heard) == i })
			p.call("kriegTest.attempt(" + `"` + mv + `"` + ")")
			continue
		}
		for ev := next(t, other, net.KindHeard); ev.Snap.ToMove != ev.Snap.Side; ev = next(t, other, net.KindHeard) {
		}
		m, err := game.ParseMove(mv)
		if err != nil {
			t.Fatal(err)
		}
		if err := other.Attempt(m); err != nil {
			t.Fatal(err)
		}
	}
	refused := moves[len(moves)-1]
	heard := func(b board) string {
		var out []string
		for _, e := range b.Heard {
			out = append(out, e.Attempt.String()+map[bool]string{true: "", false: " refused"}[e.Verdict == referee.Accepted])
		}
		return strings.Join(out, ", ")
	}
	before := heard(p.wait("the refusal", 20*time.Second, func(b board) bool {
		return len(b.Heard) == len(moves) && b.Heard[len(moves)-1].Verdict != referee.Accepted
	}))
	if !strings.HasSuffix(before, refused+" refused") {
		t.Fatalf("heard before the reload: %s; want %s refused last", before, refused)
	}
	if err := chromedp.Do(p.ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	p.waitShown("resume-row", 90*time.Second)
	p.element("#resume")
	b, ok := p.poll(30*time.Second, func(b board) bool { return b.InGame && heard(b) == before })
	if !ok {
		t.Fatalf("heard after the reload: %s; want what was heard before, %s", heard(b), before)
	}
}
