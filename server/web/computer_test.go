package web

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/server"
)

// TestComputerGameSurvivesReload: a game against the computer begun from
// the door under the rules and side chosen there (Berkeley, as Black) is
// kept by the page as it goes; reloading the page mid-game offers "Resume
// your game against the computer", which takes it up in the same
// position with the same history, and the door remembers the choice.
func TestComputerGameSurvivesReload(t *testing.T) {
	u := startUmpire(t, server.Config{}, pageSite(t), Options{})
	p := openTab(t, newBrowser(t), "computer", "http://"+u.http+"/?movetime=30ms")
	p.waitShown("door", 90*time.Second)
	p.eval(`(() => {
		for (const [id, v] of [["computer-rules", "berkeley"], ["computer-side", "black"]]) {
			const s = document.getElementById(id);
			s.value = v;
			s.dispatchEvent(new Event("change"));
		}
		return "";
	})()`)
	p.element("#computer")
	p.wait("the new-game screen", 90*time.Second, func(b board) bool { return b.Running && b.Frames > 2 && b.Mode == newGameScreen })
	p.closeLegend()
	p.clickAt("buttonAt", "Start")
	st := p.wait("a game as Black", 30*time.Second, func(b board) bool { return b.Mode == playScreen && b.InGame && b.Side != "" })
	if st.Side != "black" || st.Rules != "berkeley" {
		t.Fatalf("the door's choice began a game as %q under %q; want black, berkeley", st.Side, st.Rules)
	}
	playAccepted(t, p, 3)
	before := p.state()
	plies := 0
	for _, e := range before.Heard {
		if e.Verdict == referee.Accepted {
			plies++
		}
	}
	p.wait("the game kept", 30*time.Second, func(board) bool {
		return p.eval(`String((JSON.parse(localStorage.getItem("krieg/computer-game") || "{}")).plies)`) == fmt.Sprint(plies)
	})

	if err := chromedp.Do(p.ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	p.waitShown("resume-computer-row", 90*time.Second)
	if got := p.eval(`document.getElementById("computer-rules").value + " " + document.getElementById("computer-side").value`); got != "berkeley black" {
		t.Errorf("the door remembers %q; want berkeley black", got)
	}
	if what := p.eval(`document.getElementById("resume-computer-what").textContent`); !strings.Contains(what, "Berkeley") {
		t.Errorf("the door offers to resume %q", what)
	}
	p.element("#resume-computer")
	after := p.wait("the resumed game", 60*time.Second, func(b board) bool { return b.InGame && len(b.Heard) >= len(before.Heard) })
	if after.Side != "black" || after.Rules != "berkeley" || after.Mode != playScreen {
		t.Fatalf("resumed as %q under %q in mode %d", after.Side, after.Rules, after.Mode)
	}
	if !reflect.DeepEqual(after.Heard[:len(before.Heard)], before.Heard) || !reflect.DeepEqual(after.Candidates, before.Candidates) {
		t.Fatalf("the resumed game differs: heard %d entries (%d before), candidates %v (%v before)",
			len(after.Heard), len(before.Heard), after.Candidates, before.Candidates)
	}
}

// playAccepted plays the page's side at random until n of its moves are
// accepted, stopping on its turn.
func playAccepted(t *testing.T, p *tab, n int) {
	t.Helper()
	refused := map[string]bool{}
	for n > 0 {
		st := p.wait("our turn", 90*time.Second, func(b board) bool { return b.InGame && b.ToMove == b.Side || b.Result != "" })
		if st.Result != "" {
			t.Fatalf("the game ended early: %s", st.Result)
		}
		var m string
		for _, c := range st.Candidates {
			if !refused[c] {
				m = c
				break
			}
		}
		heard := len(st.Heard)
		p.call(fmt.Sprintf("kriegTest.attempt(%q)", m))
		st = p.wait("an answer", 90*time.Second, func(b board) bool { return len(b.Heard) > heard || b.Result != "" })
		if e := st.Heard[heard]; e.Verdict == referee.Accepted {
			clear(refused)
			n--
		} else {
			refused[m] = true
		}
	}
	p.wait("our turn", 90*time.Second, func(b board) bool { return b.InGame && b.ToMove == b.Side })
}

// TestLobbyButtonsStayPut: the lobby's buttons and selects (not the
// rows' own: a seek's Play, a player's Challenge) are where they were
// when it opened once its lists have filled (seeks, players, a game in
// progress), so that an early click hits what it aimed at.
func TestLobbyButtonsStayPut(t *testing.T) {
	u := startUmpire(t, server.Config{}, pageSite(t), Options{})
	p := openTab(t, newBrowser(t), "lobby", "http://"+u.http+"/")
	loginAsGuest(t, p)
	boxes := func() string {
		return p.eval(`JSON.stringify([...document.querySelectorAll("#lobby button:not([data-seek]):not([data-player]), #lobby select")].map((e) => {
			const r = e.getBoundingClientRect();
			return [e.id || e.textContent, r.x, r.y, r.width, r.height];
		}))`)
	}
	empty := boxes()
	var controls [][]any
	if err := json.Unmarshal([]byte(empty), &controls); err != nil || len(controls) < 6 {
		t.Fatalf("the lobby's controls: %s (%v)", empty, err)
	}
	for i := range 3 {
		c := u.client(t, "", "", true)
		if err := c.Console(fmt.Sprintf("seek %d 0 u w16", i+1)); err != nil {
			t.Fatal(err)
		}
	}
	white, black := u.client(t, "", "", true), u.client(t, "", "", true)
	if err := white.Console("seek 15 10 u berkeley"); err != nil {
		t.Fatal(err)
	}
	p.wait("the seeks listed", 30*time.Second, func(board) bool {
		return p.eval(`String(document.querySelectorAll("#seeks tr").length)`) == "4"
	})
	if err := black.Console("play " + white.Handle()); err != nil {
		t.Fatal(err)
	}
	p.wait("the game listed", 30*time.Second, func(board) bool {
		return strings.Contains(p.eval(`document.getElementById("games").textContent`), white.Handle())
	})
	if full := boxes(); full != empty {
		t.Fatalf("the lobby's controls moved as its lists filled:\nbefore %s\nafter  %s", empty, full)
	}
}

// TestPasswordForNoAccountInThePage: a password typed with a name that has
// no account is refused at the door in the server's words; nothing logs in.
// The fresh page offers no game to resume: its Resume rows are not shown.
func TestPasswordForNoAccountInThePage(t *testing.T) {
	u := startUmpire(t, server.Config{}, pageSite(t), Options{})
	p := openTab(t, newBrowser(t), "door", "http://"+u.http+"/")
	p.waitShown("door", 90*time.Second)
	for _, id := range []string{"resume-row", "resume-computer-row"} {
		if d := p.eval(`getComputedStyle(document.getElementById("` + id + `")).display`); d != "none" {
			t.Errorf("a page with nothing kept shows #%s (display %s)", id, d)
		}
	}
	if err := chromedp.Do(p.ctx, chromedp.SendKeys("#name", "nobody")); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(p.ctx, chromedp.SendKeys("#password", "s3cret")); err != nil {
		t.Fatal(err)
	}
	p.element("#login")
	p.wait("the refusal", 90*time.Second, func(board) bool {
		return p.eval(`document.getElementById("door-error").textContent`) != ""
	})
	if got := p.eval(`document.getElementById("door-error").textContent`); !strings.HasPrefix(got, "There is no account named nobody.") {
		t.Fatalf("the door says %q", got)
	}
	if p.eval(`String(document.getElementById("door").hidden)`) != "false" {
		t.Error("the door closed on a refused login")
	}
}

// TestRegisterFromTheLobby: a name signed in without a password finds
// "Register this name" in the lobby (a guest does not); its password field
// hides what is typed, and kriegd's answer shows by the form.
func TestRegisterFromTheLobby(t *testing.T) {
	u := startUmpire(t, server.Config{}, pageSite(t), Options{})
	p := openTab(t, newBrowser(t), "carol", "http://"+u.http+"/")
	p.waitShown("door", 90*time.Second)
	if err := chromedp.Do(p.ctx, chromedp.SendKeys("#name", "carol")); err != nil {
		t.Fatal(err)
	}
	p.element("#login")
	p.waitShown("lobby", 30*time.Second)
	p.waitShown("register", 5*time.Second)
	if kind := p.eval(`document.getElementById("reg-password").type`); kind != "password" {
		t.Errorf("the password field is of type %q", kind)
	}
	if err := chromedp.Do(p.ctx, chromedp.SendKeys("#reg-password", "hunter2pw")); err != nil {
		t.Fatal(err)
	}
	p.element("#register button")
	p.wait("the answer", 30*time.Second, func(board) bool {
		return strings.Contains(p.eval(`document.getElementById("register-note").textContent`), "carol is now registered")
	})
	if p.eval(`String(document.getElementById("register").hidden)`) != "true" {
		t.Error("the form stays after the name was registered")
	}
	// The form gone, the news stays in sight in the lobby's line.
	if note := p.eval(`document.getElementById("lobby-note").textContent`); !strings.Contains(note, "carol is now registered") {
		t.Errorf("after registering the lobby says %q; want the news", note)
	}
}
