package web

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/icc"
	"github.com/krieg/krieg/server"
)

// The board's screens, as kriegTest.state() numbers them (scene.Mode).
const (
	newGameScreen = 0
	playScreen    = 1
	replayScreen  = 2
)

// TestOfflinePagePlaysComputer: the static site, served by a plain file
// server as any static host would, plays the computer in the page to the
// end: Play clicked on the canvas, the first move made with the mouse,
// then attempts chosen at random among those the own board allows. After
// the game, Review and Copy PGN work in the page, and what the page heard
// is the referee's truth for its side, as the record copied says.
func TestOfflinePagePlaysComputer(t *testing.T) {
	b := newBrowser(t)
	static := httptest.NewServer(http.FileServer(http.Dir(pageSite(t))))
	defer static.Close()
	p := openTab(t, b, "offline", static.URL+"/?movetime=30ms")
	p.wait("the new-game screen", 90*time.Second, func(b board) bool { return b.Running && b.Frames > 2 && b.Mode == newGameScreen })
	p.closeLegend()
	p.clickAt("buttonAt", "Start")
	st := p.wait("a game", 20*time.Second, func(b board) bool { return b.Mode == playScreen && b.InGame })
	side := sideOf(st)
	if side == game.White {
		p.move("e2e4")
		p.wait("e2e4's answer", 20*time.Second, func(b board) bool { return len(b.Heard) >= 1 })
	}
	playRandomly(t, p, side)
	st = p.state()
	t.Logf("the game ended %s (%s) after %d entries heard", st.Result, st.Reason, len(st.Heard))
	rec := reviewAndCopy(t, p, static.URL)
	truth, err := record.Replay(rec, referee.Wild16, func(record.Step) error { return nil })
	if err != nil {
		t.Fatalf("the copied record does not replay: %v", err)
	}
	if got, want := strings.Join(heardAs(st.Heard, side), "\n"), strings.Join(truthFor(truth, side), "\n"); got != want {
		t.Fatalf("the page heard\n%s\nthe record's referee says\n%s", got, want)
	}
	if truth.Result() == nil || string(truth.Result().Score) != st.Result {
		t.Fatalf("the record ends %v; the page said %s", truth.Result(), st.Result)
	}
}

// playRandomly plays side's attempts at random among those the own board
// allows (none refused already this turn) until the game ends. The game
// may take long on a loaded machine: it fails only when a minute and a
// half pass with nothing heard, or after ten minutes.
func playRandomly(t *testing.T, p *tab, side game.Color) {
	t.Helper()
	rng := rand.New(rand.NewPCG(3, 8))
	refused := map[string]bool{}
	last, progress, end := 0, time.Now(), time.Now().Add(10*time.Minute)
	for {
		st := p.state()
		if st.Result != "" {
			return
		}
		if len(st.Heard) > last {
			last, progress = len(st.Heard), time.Now()
		}
		if now := time.Now(); now.After(end) || now.Sub(progress) > 90*time.Second {
			t.Fatalf("the game stalled or ran too long: %d entries heard", len(st.Heard))
		}
		var options []string
		for _, m := range st.Candidates {
			if !refused[m] {
				options = append(options, m)
			}
		}
		if !st.InGame || st.ToMove != st.Side || len(options) == 0 {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		m := options[rng.IntN(len(options))]
		n := len(st.Heard)
		p.call(fmt.Sprintf("kriegTest.attempt(%q)", m))
		st = p.wait("an attempt's answer", 90*time.Second, func(b board) bool { return len(b.Heard) > n || b.Result != "" })
		if len(st.Heard) <= n {
			continue
		}
		if e := st.Heard[n]; e.Mover == side && e.Verdict == referee.Accepted {
			clear(refused)
		} else if e.Mover == side {
			refused[m] = true
		}
	}
}

// reviewAndCopy opens the finished game in Review with a click, copies its
// PGN with another, and reads the record back from the clipboard.
func reviewAndCopy(t *testing.T, p *tab, origin string) *record.Record {
	t.Helper()
	p.wait("the Review button", 20*time.Second, func(b board) bool { return b.Reviewable })
	p.clickAt("buttonAt", "Review")
	p.wait("the review", 20*time.Second, func(b board) bool { return b.Mode == replayScreen })
	p.grantClipboard(origin)
	p.clickAt("buttonAt", "CopyPGN")
	st := p.wait("the PGN copied", 20*time.Second, func(b board) bool {
		return strings.Contains(b.Notice, "PGN copied") || strings.Contains(b.Notice, "clipboard")
	})
	if !strings.Contains(st.Notice, "PGN copied") {
		t.Fatalf("Copy PGN: %s", st.Notice)
	}
	rec, err := record.Read(strings.NewReader(p.clipboard()))
	if err != nil {
		t.Fatalf("the clipboard holds no record: %v", err)
	}
	return rec
}

// loginAsGuest logs a page in as a guest and waits for the lobby.
func loginAsGuest(t *testing.T, p *tab) {
	t.Helper()
	p.wait("the page", 90*time.Second, func(board) bool { return p.eval(`String(!document.getElementById("door").hidden)`) == "true" })
	p.element("#guest")
	p.wait("the lobby", 30*time.Second, func(board) bool { return p.eval(`String(!document.getElementById("lobby").hidden)`) == "true" })
}

// playTruth plays the referee's log through the players (nil: a page
// plays that side, else the ICC driver does) and checks after each entry
// that every page heard what the truth says; the first attempt of each
// page is made with the mouse.
func playTruth(t *testing.T, truth *referee.Referee, pages [2]*tab, drivers [2]*icc.Client) {
	t.Helper()
	var count [2]int
	mouse := [2]bool{true, true}
	for i, e := range truth.Log() {
		switch p := pages[e.Mover]; {
		case p == nil && e.AskedAny:
			drivers[e.Mover].Do(net.AskAny)
		case p == nil:
			if err := drivers[e.Mover].Attempt(e.Attempt); err != nil {
				t.Fatalf("entry %d: %v", i, err)
			}
		case e.AskedAny:
			p.call(`kriegTest.type("px")`)
		case mouse[e.Mover] && e.Attempt.Promotion() == game.NoPieceType:
			mouse[e.Mover] = false
			p.move(e.Attempt.String())
		default:
			p.call(fmt.Sprintf("kriegTest.attempt(%q)", e.Attempt.String()))
		}
		for side := range 2 {
			if _, ok := e.HeardBy(game.Color(side)); !ok {
				continue
			}
			count[side]++
			want := count[side]
			if p := pages[side]; p != nil {
				p.wait(fmt.Sprintf("entry %d heard", i), 30*time.Second, func(b board) bool { return len(b.Heard) >= want })
			} else {
				next(t, drivers[side], net.KindHeard)
			}
		}
	}
}

// checkHeard compares what a page heard with the truth for its side.
func checkHeard(t *testing.T, p *tab, truth *referee.Referee, side game.Color) board {
	t.Helper()
	st := p.wait("the game's end", 30*time.Second, func(b board) bool { return b.Result != "" })
	if got, want := strings.Join(heardAs(st.Heard, side), "\n"), strings.Join(truthFor(truth, side), "\n"); got != want {
		t.Fatalf("%s (%s) heard\n%s\nthe referee says\n%s", p.name, side, got, want)
	}
	if st.Result != string(truth.Result().Score) || st.Reason != string(truth.Result().Reason) {
		t.Fatalf("%s: the game ended %s (%s); truly %s", p.name, st.Result, st.Reason, *truth.Result())
	}
	return st
}

// TestTwoBrowsersPlayWild16: two pages on a kriegd log in as guests; one
// seeks in the lobby, the other takes the seek with a click; they play a
// Wild 16 game to mate, and each page hears exactly the referee's truth
// for its side. The page then reviews the game and copies its record,
// which kriegd keeps.
func TestTwoBrowsersPlayWild16(t *testing.T) {
	truth := scholarsMate(t)
	u := startUmpire(t, server.Config{Attempts: 10000}, pageSite(t), Options{})
	b := newBrowser(t)
	origin := "http://" + u.http
	seeker, taker := openTab(t, b, "seeker", origin+"/"), openTab(t, b, "taker", origin+"/")
	loginAsGuest(t, seeker)
	loginAsGuest(t, taker)
	seeker.element(`#seek button[type="submit"]`)
	taker.wait("the seek in the lobby", 20*time.Second, func(board) bool {
		return taker.eval(`String(document.querySelectorAll("#seeks button").length)`) == "1"
	})
	taker.element("#seeks button")
	var pages [2]*tab
	for _, p := range []*tab{seeker, taker} {
		st := p.wait("the game", 20*time.Second, func(b board) bool { return b.InGame && b.Side != "" })
		p.closeLegend()
		pages[sideOf(st)] = p
		if hidden := p.eval(`String(document.getElementById("lobby").hidden)`); hidden != "true" {
			t.Fatalf("%s: the lobby still covers the board", p.name)
		}
	}
	if pages[0] == nil || pages[1] == nil {
		t.Fatal("both pages play the same side")
	}
	playTruth(t, truth, pages, [2]*icc.Client{})
	for side, p := range pages {
		checkHeard(t, p, truth, game.Color(side))
	}
	rec := reviewAndCopy(t, pages[game.White], origin)
	if err := record.Check(rec, referee.Wild16); err != nil || rec.Result != truth.Result().Score {
		t.Fatalf("the copied record: %v, result %q", err, rec.Result)
	}
}

// TestBrowserPlaysICCClient: a page logged in with a registered account
// (after a wrong password, refused in the page) seeks; a krieg ICC
// driver on TCP takes the seek; they play a game to mate, each hearing
// the truth. The password appears in no URL and no log line.
func TestBrowserPlaysICCClient(t *testing.T) {
	truth := scholarsMate(t)
	u := startUmpire(t, server.Config{Attempts: 10000}, pageSite(t), Options{})
	hash, err := server.HashPassword("erin-secret-7")
	if err != nil {
		t.Fatal(err)
	}
	if err := u.st.AddAccount(context.Background(), "Erin", hash); err != nil {
		t.Fatal(err)
	}
	b := newBrowser(t)
	p := openTab(t, b, "erin", "http://"+u.http+"/")
	p.wait("the door", 90*time.Second, func(board) bool { return p.eval(`String(!document.getElementById("door").hidden)`) == "true" })
	login := func(p *tab, password string) {
		p.eval(fmt.Sprintf(`document.getElementById("name").value = "Erin"; document.getElementById("password").value = %q; ""`, password))
		p.element("#login")
	}
	login(p, "wrong-password")
	p.wait("the refusal", 30*time.Second, func(board) bool { return p.eval(`document.getElementById("door-error").textContent`) != "" })
	if msg := p.eval(`document.getElementById("door-error").textContent`); !strings.Contains(msg, "password") {
		t.Fatalf("a wrong password was answered %q", msg)
	}
	login(p, "erin-secret-7")
	p.wait("the lobby", 30*time.Second, func(board) bool { return p.eval(`String(!document.getElementById("lobby").hidden)`) == "true" })
	if me := p.eval(`document.getElementById("me").textContent`); !strings.Contains(me, "Erin") {
		t.Fatalf("the lobby names the player %q", me)
	}
	p.element(`#seek button[type="submit"]`)
	driver := u.client(t, "", "", true)
	waitFor(t, "Erin's seek", func() bool { return len(u.srv.Lobby().Seeks) == 1 })
	if err := driver.Console("play Erin"); err != nil {
		t.Fatal(err)
	}
	st := p.wait("the game", 20*time.Second, func(b board) bool { return b.InGame && b.Side != "" })
	p.closeLegend()
	side := sideOf(st)
	var pages [2]*tab
	var drivers [2]*icc.Client
	pages[side], drivers[side.Other()] = p, driver
	next(t, driver, net.KindStarted)
	playTruth(t, truth, pages, drivers)
	checkHeard(t, p, truth, side)

	// A second game, from the lobby, which the window's Lobby button opens:
	// the driver seeks (shown unrated), the page takes the seek with a click.
	p.clickAt("buttonAt", "Lobby")
	p.wait("the lobby again", 30*time.Second, func(board) bool { return p.eval(`String(!document.getElementById("lobby").hidden)`) == "true" })
	if err := driver.Console("seek 10 5 u w16"); err != nil {
		t.Fatal(err)
	}
	p.wait("the driver's seek", 30*time.Second, func(board) bool { return p.eval(`String(document.querySelectorAll("#seeks button").length)`) == "1" })
	if terms := p.eval(`document.getElementById("seeks").textContent`); !strings.Contains(terms, "unrated") {
		t.Fatalf("the seek list says %q; want the seek shown unrated", terms)
	}
	p.element("#seeks button")
	p.wait("the second game", 30*time.Second, func(b board) bool { return b.InGame && b.Result == "" && len(b.Heard) == 0 })
	next(t, driver, net.KindStarted)

	// Erin signs in again from a new tab: the game moves there and takes
	// the board, with no lobby over it; she resigns with two clicks, and
	// since neither side has moved the server aborts the game.
	p = openTab(t, b, "erin again", "http://"+u.http+"/")
	p.wait("the door again", 90*time.Second, func(board) bool { return p.eval(`String(!document.getElementById("door").hidden)`) == "true" })
	login(p, "erin-secret-7")
	p.wait("the game in the new tab", 60*time.Second, func(b board) bool {
		return b.InGame && b.Result == "" && strings.Contains(p.eval(`document.getElementById("me").textContent`), "Erin")
	})
	// The page names the player and decides on the lobby in one step.
	if p.eval(`String(!document.getElementById("lobby").hidden)`) == "true" {
		t.Fatal("the lobby covers the board of the game resumed at sign-in")
	}
	p.closeLegend()
	// Under a loaded software renderer a click can land before the new
	// tab's board has laid out its buttons: the question is asked again
	// once if the first answer brought no result.
	for try := 0; ; try++ {
		p.clickAt("buttonAt", "Resign")
		p.wait("the question", 30*time.Second, func(b board) bool { return strings.Contains(b.Question, "Resign?") })
		p.clickAt("buttonAt", "Resign")
		if _, ok := p.poll(15*time.Second, func(b board) bool { return b.Result != "" }); try == 1 || ok {
			break
		}
	}
	st = p.wait("the resignation", 30*time.Second, func(b board) bool { return b.Result != "" })
	if st.Reason != string(referee.ReasonAborted) {
		t.Fatalf("the second game, resigned before a move, ended %s (%s); want it aborted", st.Result, st.Reason)
	}
	if ev := next(t, driver, net.KindEnded); ev.Snap.Result == nil || ev.Snap.Result.Reason != referee.ReasonAborted {
		t.Fatalf("the driver saw the game end %+v", ev.Snap.Result)
	}
	for _, text := range []string{u.log.String(), p.eval("location.href")} {
		if strings.Contains(text, "erin-secret-7") || strings.Contains(text, "wrong-password") {
			t.Fatalf("a password shows in %q", text)
		}
	}
}
