package server_test

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/krieg/krieg/server"
)

// begin has white challenge black (with terms) and black accept; it
// returns once both have datagram 15.
func begin(t *testing.T, white, black *raw, blackName, terms string) {
	t.Helper()
	white.send("match " + blackName + " " + terms + " white")
	black.waitFor("You can \"accept\" or \"decline\".")
	black.send("accept")
	white.waitFor("\x19(15 ")
	black.waitFor("\x19(15 ")
}

// addAccount registers name with password in u's store.
func addAccount(t *testing.T, u *umpire, name, password string) {
	t.Helper()
	hash, err := bcrypt.GenerateFromPassword([]byte(password), bcrypt.MinCost) // fast; the server checks any cost
	if err != nil {
		t.Fatal(err)
	}
	if err := u.store.AddAccount(context.Background(), name, string(hash)); err != nil {
		t.Fatal(err)
	}
}

func TestLoginGuestRegisteredAndRegister(t *testing.T) {
	u := startUmpire(t, server.Config{})
	addAccount(t, u, "Carol", "s3cret")

	g := u.login(t, "guest", "")
	if !regexp.MustCompile(`\x19\(0 guest\d+ `).MatchString(g.all()) {
		t.Fatalf("a guest gets no assigned name in datagram 0: %q", g.all())
	}

	c := u.login(t, "carol", "s3cret")
	if !strings.Contains(c.all(), "\x19(0 Carol ") {
		t.Fatalf("a registered player is not named as registered: %q", c.all())
	}

	// The password asked for on its own line, then a wrong one.
	w := u.dial(t)
	w.send("level1=5", "level2settings="+strings.Repeat("1", 100), "carol")
	w.waitFor("\x19(69 5 ")
	w.send("wrong-password")
	w.waitFor("\x19(69 11 ")
	if tail := w.closed(); strings.Contains(tail, "Starting session") {
		t.Fatalf("a wrong password logged in: %q", tail)
	}

	// The password logs in again from elsewhere: the first connection goes.
	d := u.login(t, "carol", "s3cret")
	if tail := c.closed(); !strings.Contains(tail, "You logged in from elsewhere") {
		t.Fatalf("the first carol got %q", tail)
	}
	stillServes(t, d)

	// register: an unregistered name becomes an account with a password.
	r := u.login(t, "dave", "")
	r.send("register pw")
	r.waitFor("at least 4 characters")
	r.send("register davepass")
	r.waitFor("dave is now registered")
	r.send("quit")
	r.closed()
	again := u.dial(t)
	again.send("level1=5", "level2settings="+strings.Repeat("1", 100), "dave nope")
	again.waitFor("Invalid password")
	u.login(t, "dave", "davepass")
	// Registered names are never guest names, and bad names are refused.
	b := u.dial(t)
	b.send("level2settings="+strings.Repeat("1", 100), "x")
	b.waitFor("\x19(69 20 ")
}

func TestResignDrawAbort(t *testing.T) {
	u := startUmpire(t, server.Config{})
	a, b := u.login(t, "alice", ""), u.login(t, "bob", "")

	begin(t, a, b, "bob", "5 0 u")
	firstMoves(a, b)
	b.send("resign")
	for _, p := range []*raw{a, b} {
		p.waitFor("\x19(16 1 0 Res 1-0 ")
	}

	begin(t, a, b, "bob", "5 0 u")
	firstMoves(a, b)
	a.send("draw")
	b.waitFor("alice offers to draw")
	b.send("draw")
	a.waitFor("\x19(16 2 0 Agr 1/2-1/2 ")

	begin(t, a, b, "bob", "5 0 u")
	b.send("abort")
	b.waitFor("You offer to abort: before both sides have moved the side to move aborts alone, and the other side must ask.")
	a.waitFor("bob offers to abort")
	a.send("abort")
	b.waitFor("\x19(16 3 0 BA * ")

	// Before the first move white alone may abort at once.
	begin(t, a, b, "bob", "5 0 u")
	a.send("abort")
	b.waitFor("\x19(16 4 0 BA * ")

	// Commands without a game are refused clearly.
	a.send("resign", "flag", "e2e4")
	a.waitFor("You are not playing a game.")
	a.waitFor("You are not playing a game.")
	a.waitFor("You are not playing a game.")

	// Only the resigned game is in the history: an aborted game is not kept,
	// a drawn one is.
	a.send("history")
	a.waitFor("History of")
	h := a.waitFor("\x19]")
	if !strings.Contains(h, "(2 games shown)") || !strings.Contains(h, "1-0 resignation") || !strings.Contains(h, "1/2-1/2 agreement") {
		t.Fatalf("history: %q", h)
	}
}

// clockOf reads the last datagram 56 of side ("W" or "B") in text, in ms.
func clockOf(t *testing.T, text, side string) int {
	t.Helper()
	ms := regexp.MustCompile(`\x19\(56 \d+ `+side+` (-?\d+) [01]\x19\)`).FindAllStringSubmatch(text, -1)
	if len(ms) == 0 {
		t.Fatalf("no clock datagram for %s in %q", side, text)
	}
	n, _ := strconv.Atoi(ms[len(ms)-1][1])
	return n
}

func TestClocksRunDuringAttemptsAddIncrementAndFlag(t *testing.T) {
	u := startUmpire(t, server.Config{})
	a, b := u.login(t, "alice", ""), u.login(t, "bob", "")

	// 0.2 minutes (12 s) and 2 s increment. The first moves are made on
	// no clock (firstmove_test.go); then White spends about 400 ms on
	// illegal attempts before its second move: the clock runs through them.
	begin(t, a, b, "bob", "0.2 2 u")
	firstMoves(a, b)
	start := time.Now()
	for i := 0; i < 4; i++ {
		a.send("e1e3") // not a king move
		a.waitFor("\x19(42 ")
		time.Sleep(100 * time.Millisecond)
	}
	a.send("d2d4")
	got := a.waitFor("\x19(56 1 B ")
	spent := time.Since(start)
	left := clockOf(t, got, "W")
	want := 12000 + 2000 - int(spent.Milliseconds())
	if left > 12000+2000-350 || left < want-300 {
		t.Fatalf("white's clock after a move that took %v with illegal attempts and a 2 s increment: %d ms; want about %d", spent, left, want)
	}

	// A flag falls by itself: after the first moves, white never moves
	// again in a 0.02-minute game.
	b.send("resign")
	a.waitFor("\x19(16 1 ")
	begin(t, a, b, "bob", "0.02 0 u")
	firstMoves(a, b)
	b.waitFor("\x19(16 2 0 Fla 0-1 ")
	a.waitFor("\x19(16 2 0 Fla 0-1 ")
}

// firstMoves plays 1. e2e4 e7e5 in the game just begun, and returns once
// White has heard the clocks start.
func firstMoves(white, black *raw) {
	white.t.Helper()
	white.send("e2e4")
	white.waitFor("\x19(24 ") // its own move
	black.waitFor("\x19(24 ")
	black.send("e7e5")
	white.waitFor("\x19(24 ") // Black's
	white.waitFor("\x19(56 ") // and the clocks after it, White's running
	white.waitFor("\x19(56 ")
}

func TestRatedGameRatingsInWhoAndFinger(t *testing.T) {
	u := startUmpire(t, server.Config{})
	addAccount(t, u, "Carol", "carolpw")
	addAccount(t, u, "Dave", "davepw")
	c, d := u.login(t, "Carol", "carolpw"), u.login(t, "Dave", "davepw")
	begin(t, c, d, "Dave", "5 0 r")
	moveThenResign(c, d, 1)

	// The index is written as the game ends; ask once it is there.
	c.send("who")
	c.waitFor(" logged in:")
	who := c.waitFor("\x19]")
	cr := regexp.MustCompile(`(\d+) Carol`).FindStringSubmatch(who)
	dr := regexp.MustCompile(`(\d+) Dave`).FindStringSubmatch(who)
	if cr == nil || dr == nil {
		t.Fatalf("who: %q", who)
	}
	if w, l := atoi(cr[1]), atoi(dr[1]); w <= 1500 || l >= 1500 || w-1500-(1500-l) > 1 || w-1500-(1500-l) < -1 {
		t.Fatalf("who after Carol beat Dave: Carol %d, Dave %d; want Carol above 1500 and Dave as far below", w, l)
	}
	c.send("finger Dave")
	c.waitFor("Finger of")
	f := c.waitFor("\x19]")
	if !strings.Contains(f, "Kriegspiel rating "+dr[1]+" (RD ") || !strings.Contains(f, "over 1 rated game.") {
		t.Fatalf("finger Dave: %q", f)
	}
	// Guests have no rating, and a rated challenge to one is made unrated.
	g := u.login(t, "guest", "")
	g.send("match Carol 5 0 r")
	g.waitFor("this one will be unrated")
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

func TestObserve(t *testing.T) {
	u := startUmpire(t, server.Config{})
	addAccount(t, u, "Carol", "carolpw")
	addAccount(t, u, "Dave", "davepw")
	a, b, o := u.login(t, "alice", ""), u.login(t, "bob", ""), u.login(t, "olga", "")
	begin(t, a, b, "bob", "5 0 u cincinnati") // illegal and impossible attempts are public in Cincinnati's rules
	a.send("e2e4")
	b.waitFor("\x19(24 1 ?\x19)")
	o.send("observe 1")
	o.waitFor("\x19(18 1 alice bob ")
	o.waitFor("\x19(24 1 ?\x19)") // the moves so far, hidden
	b.send("e7e5")
	o.waitFor("\x19(24 1 ?\x19)") // and the new ones
	a.waitFor("\x19(24 1 ?\x19)")
	a.send("d1d3", "d1h5") // the queen is refused, then moves: public announcements
	o.waitFor("Nonsense.")
	b.waitFor("\x19(24 1 ?\x19)")
	b.send("a7a6")
	a.waitFor("\x19(24 1 ?\x19)")
	a.send("h5f7")
	o.waitFor("\x19(24 1 ?xf7\x19)")
	b.waitFor("\x19(24 1 ?xf7\x19)")
	// Bob, logged in a second time as a guest, learns nothing of White's
	// moves by observing his own game.
	spy := u.login(t, "guest", "")
	spy.send("observe 1")
	spy.waitFor("\x19(24 1 ?xf7\x19)")
	for _, r := range []*raw{o, spy} {
		for _, secret := range []string{"e2e4", "e7e5", "d1d3", "d1h5", "a7a6", "h5f7"} {
			r.neverHeard(secret, "an observer heard a move during the game")
		}
	}
	b.send("resign")
	o.waitFor("Game 1's moves, now that it is over: 1. e4 e5 2. Qh5 a6 3. Qxf7+\r\n")
	spy.waitFor("Game 1's moves, now that it is over: 1. e4 e5 2. Qh5 a6 3. Qxf7+\r\n")

	c, d := u.login(t, "Carol", "carolpw"), u.login(t, "Dave", "davepw")
	begin(t, c, d, "Dave", "5 0 r")
	o.send("observe 2")
	o.waitFor("Rated Kriegspiel games cannot be observed until they end.")
	o.send("observe 99")
	o.waitFor("There is no such game.")
	c.send("e2e4")
	d.waitFor("\x19(24 2 ?\x19)")
	o.neverHeard("\x19(24 2 ", "the observer of game 1 heard rated game 2")
}

func TestUnobserveSaysWhatItStopped(t *testing.T) {
	u := startUmpire(t, server.Config{})
	a, b, o := u.login(t, "alice", ""), u.login(t, "bob", ""), u.login(t, "olga", "")
	begin(t, a, b, "bob", "5 0 u")
	o.send("unobserve")
	o.waitFor("You are not observing any game.")
	o.send("observe 1")
	o.waitFor("\x19(18 1 alice bob ")
	o.send("observe 1")
	o.waitFor("You are already observing game 1.")
	o.send("unobserve 2")
	o.waitFor("You are not observing game 2.")
	o.send("unobserve 1")
	o.waitFor("You stop observing game 1.")
	a.send("e2e4")
	b.waitFor("\x19(24 1 ?\x19)")
	o.send("unobserve")
	o.waitFor("You are not observing any game.")
	o.neverHeard("\x19(24 1 ", "an observer who stopped still heard the moves")
}

func TestDisconnectGrace(t *testing.T) {
	u := startUmpire(t, server.Config{Grace: 600 * time.Millisecond})
	a, b := u.login(t, "alice", ""), u.login(t, "bob", "")
	begin(t, a, b, "bob", "5 0 u")
	a.send("e2e4")
	b.waitFor("\x19(24 1 ?\x19)")

	// bob drops and returns within the grace with his reconnect token: the
	// game resumes with his view.
	b2 := dropAndReturn(t, u, a, b, "bob")
	b2.waitFor("\x19(24 1 ?\x19)")
	a.waitFor("bob has returned")
	b2.send("e7e5")
	a.waitFor("\x19(24 1 ?\x19)")

	// alice drops and stays away: she loses when the grace ends.
	a.nc.Close()
	b2.waitFor("alice has disconnected")
	b2.waitFor("\x19(16 1 0 WQ 0-1 ")
	b2.send("history")
	b2.waitFor("History of")
	if h := b2.waitFor("\x19]"); !strings.Contains(h, "0-1 disconnect") {
		t.Fatalf("history after the loss by disconnect: %q", h)
	}
}

func TestTellSayWhoGames(t *testing.T) {
	u := startUmpire(t, server.Config{})
	a, b, c := u.login(t, "alice", ""), u.login(t, "bob", ""), u.login(t, "carl", "")
	a.send("tell carl hello \x19[there")
	got := c.waitFor("\x19(31 alice {} \x19{hello ") // the datagram, which carl asked for: not the line too
	if strings.Contains(c.all(), "tells you") {
		t.Fatalf("a tell came as the datagram and as a line: %q", c.all())
	}
	if strings.Contains(c.all(), "\x19[there") {
		t.Fatalf("a tell carried the framing byte: %q", got)
	}
	a.waitFor("(told carl)")
	a.send("tell nobody hi")
	a.waitFor("nobody is not logged in: not told.")
	a.send("tell carl")
	a.waitFor("Usage: tell NAME TEXT")
	a.send("say hi")
	a.waitFor("You are not playing a game.")

	begin(t, a, b, "bob", "5 0 u")
	a.send("say good luck")
	b.waitFor("alice says: good luck")
	c.send("who")
	who := c.waitFor("\x19]")
	for _, want := range []string{"3 players logged in", "++++ alice (playing)", "++++ bob (playing)", "++++ carl"} {
		if !strings.Contains(who, want) {
			t.Fatalf("who lacks %q: %q", want, who)
		}
	}
	c.send("games")
	if g := c.waitFor("\x19]"); !strings.Contains(g, "1 alice vs. bob  Wild 16 (ICC), unrated (observable), 0 plies") {
		t.Fatalf("games: %q", g)
	}
	firstMoves(a, b)
	b.send("resign")
	a.waitFor("\x19(16 1 ")
	c.send("history alice")
	c.waitFor("History of")
	if h := c.waitFor("\x19]"); !strings.Contains(h, "alice vs. bob  1-0 resignation (wild16, 2 plies)") {
		t.Fatalf("history alice: %q", h)
	}
}

// TestPawnCaptureShortcutInWild16: px, as on ICC, is refused while no
// single pawn capture is legal and plays the pawn capture when exactly one
// is (it was answered that Wild 16 has no Any?).
func TestPawnCaptureShortcutInWild16(t *testing.T) {
	u := startUmpire(t, server.Config{})
	a, b := u.login(t, "alice", ""), u.login(t, "bob", "")
	begin(t, a, b, "bob", "5 0 u")
	a.send("px")
	a.waitFor("\x19(42 1 px ")
	a.send("e2e4")
	b.waitFor("\x19(24 1 ?\x19)")
	b.send("d7d5")
	a.waitFor("\x19(24 1 ?\x19)")
	a.send("px")
	a.waitFor("\x19(24 1 e4d5p\x19)")
	b.waitFor("\x19(24 1 ?xd5\x19)")
}

// TestOffersAnsweredByAcceptAndDecline: "decline" with no challenge to
// answer refuses the opponent's standing offer, and "accept" agrees to it.
func TestOffersAnsweredByAcceptAndDecline(t *testing.T) {
	a, b := afterE4(t)
	a.send("draw")
	b.waitFor("alice offers to draw. Type \"draw\" or \"accept\" to agree, \"decline\" to refuse")
	b.send("decline")
	b.waitFor("You decline alice's draw offer.")
	a.waitFor("bob declines your draw offer.")
	b.send("accept")
	b.waitFor("There is no challenge to answer.")
	a.send("abort")
	b.waitFor("alice offers to abort")
	b.send("accept")
	a.waitFor("aborted")
	b.waitFor("aborted")
}

// TestOfferLapsesWhenIgnored: as on lichess, a draw offer the opponent
// answers with a move lapses; whoever made it is told, and a later "draw"
// by the opponent is a new offer, not an agreement.
func TestOfferLapsesWhenIgnored(t *testing.T) {
	a, b := afterE4(t)
	a.send("draw")
	b.waitFor("alice offers to draw")
	b.send("e7e5")
	a.waitFor("bob declines your draw offer by moving on.")
	a.send("d2d4")
	b.waitFor("\x19(24 1 ?\x19)")
	b.send("draw")
	a.waitFor("bob offers to draw")
	if strings.Contains(b.all(), "Agr 1/2-1/2") {
		t.Fatal("a lapsed offer was taken up as agreed")
	}
}

// afterE4 starts an unrated game between alice (White) and bob in which
// alice has played e2e4, and returns their connections.
func afterE4(t *testing.T) (a, b *raw) {
	t.Helper()
	u := startUmpire(t, server.Config{})
	a, b = u.login(t, "alice", ""), u.login(t, "bob", "")
	begin(t, a, b, "bob", "5 0 u")
	a.send("e2e4")
	b.waitFor("\x19(24 1 ?\x19)")
	return a, b
}
