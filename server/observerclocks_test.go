package server_test

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/server"
)

// TestObserversSeeTheClocks: an observer at telnet (no datagrams), or in
// krieg's console (which reads datagram 56 only for its own game), saw the
// moves of a timed game and never the clocks. Each move, and the start of
// observing, now brings a line with both clocks, in the words the console
// gives a player at its move; a refused attempt, which Wild 16 tells the
// mover alone, brings none, so the line tells an observer nothing a
// player does not know.
func TestObserversSeeTheClocks(t *testing.T) {
	u := startUmpire(t, server.Config{})
	a, b := u.login(t, "alice", ""), u.login(t, "bob", "")
	o := u.dial(t)
	o.send("olga") // no datagrams, as at telnet
	o.waitFor("**** Starting session as ")
	begin(t, a, b, "bob", "5 0 u")
	o.send("observe 1")
	o.waitFor("Creating: alice")
	o.waitFor("Clocks: white 5:00, black 5:00.\r\n") // the clocks as they stand
	firstMoves(a, b)
	// Each first move, on no clock, then Wild 16's words to both.
	o.waitFor("Black's move.\r\nClocks: white 5:00, black 5:00.\r\n")
	o.waitFor("White's move.\r\nClocks: white 5:00, black 5:00.\r\n")
	a.send("e1e3") // refused, and told White alone
	a.waitFor("\x19(42 ")
	time.Sleep(1200 * time.Millisecond) // White's clock runs
	a.send("d2d4")
	line := o.waitFor("\r\n")
	for !strings.HasPrefix(line, "Clocks: ") {
		line = o.waitFor("\r\n")
	}
	if !regexp.MustCompile(`^Clocks: white 4:5[0-8], black 5:00\.\r\n$`).MatchString(line) {
		t.Fatalf("the clocks after White's third move, 1.2 s after the clocks started: %q; want white about 4:58, black 5:00", line)
	}
	if n := strings.Count(o.all(), "Clocks: "); n != 4 {
		t.Fatalf("the observer heard the clocks %d times; want 4 (observing, three moves), none for the refused attempt:\n%q", n, o.all())
	}
	for _, secret := range []string{"e2e4", "e1e3", "d2d4", "Illegal"} {
		o.neverHeard(secret, "an observer heard what only a player may know")
	}
}

// TestObserversHearADropAndTheReturn: an observer is told, as the players
// are, that a player has disconnected and has returned (an outside tester
// watching from a console saw the clocks run on with no word why).
func TestObserversHearADropAndTheReturn(t *testing.T) {
	u := startUmpire(t, server.Config{Grace: time.Minute})
	a, b := aliceAndBob(t, u)
	o := u.login(t, "olga", "")
	o.send("observe 1")
	o.waitFor("Creating: alice")
	b.nc.Close()
	a.waitFor("bob has disconnected")
	o.waitFor("bob has disconnected; the game is aborted unless they return within 1 minute.") // only White has moved
	u.login(t, "bob", "bobpw1")
	a.waitFor("bob has returned; the game goes on.")
	o.waitFor("bob has returned; the game goes on.")
}

// TestObserversHearTheMateWithNobodyToMove: the mating move is told to an
// observer as its check, then the end, not whose move it would be (an
// outside tester read "White's move." before the checkmate).
func TestObserversHearTheMateWithNobodyToMove(t *testing.T) {
	u := startUmpire(t, server.Config{})
	a, b := u.login(t, "alice", ""), u.login(t, "bob", "")
	o := u.dial(t)
	o.send("olga")
	o.waitFor("**** Starting session as ")
	begin(t, a, b, "bob", "5 0 u")
	o.send("observe 1")
	o.waitFor("Creating: alice")
	players := [2]*raw{a, b}
	for i, mv := range []string{"f2f3", "e7e5", "g2g4", "d8h4"} {
		players[i%2].send(mv)
		players[1-i%2].waitFor("\x19(24 1 ?")
	}
	said := o.waitFor("checkmate}")
	// The mating move's words stand between the last two clock lines.
	last := strings.LastIndex(said, "Clocks: ")
	mate := said[strings.LastIndex(said[:last], "Clocks: "):last]
	if !strings.Contains(mate, "Short-diagonal check.") || strings.Contains(mate, "'s move") {
		t.Fatalf("the observer heard the mate as %q; want its check, then the end, and nobody to move", mate)
	}
}
