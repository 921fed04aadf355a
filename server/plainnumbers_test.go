package server_test

import (
	"strings"
	"testing"

	"github.com/krieg/krieg/server"
)

// TestNumbersArePlainDecimal: numbers in a client's line were read with
// Go's syntax, so "seek 0x1p-2 0" posted a quarter-minute game and "seek
// 1_0 0" a ten-minute one (an outside tester's finding). Times and
// increments are plain decimal numbers, and seek, game and datagram
// numbers plain digits; anything else that starts like a number is
// refused, naming the form taken, and does nothing.
func TestNumbersArePlainDecimal(t *testing.T) {
	u := startUmpire(t, server.Config{Lobby: 100, Listings: 100})
	a, b, o := u.login(t, "alice", ""), u.login(t, "bob", ""), u.login(t, "olga", "")
	for _, tc := range []string{"0x1p-2 0", "1_0 0", "1e1 0", "+5 0", "-0 1", "5 0x10", "5 1_0", "5 3 0x1", "5 601"} {
		a.send("seek " + tc)
		got := a.waitFor("\x19]")
		if !strings.Contains(got, "plain decimal numbers") && !strings.Contains(got, "a time control is two numbers") && !strings.Contains(got, "0 to 600") {
			t.Fatalf("seek %s was answered %q", tc, got)
		}
	}
	a.send("match bob 1_0 0")
	a.waitFor("is not a time: the minutes and the seconds are plain decimal numbers")
	a.send("seek 1.5 2.5")
	if got := a.waitFor(" is posted"); !strings.Contains(got, "Your seek 1 is posted") {
		t.Fatalf("a refused seek was posted: %q", a.all())
	}
	a.waitFor("1.5 2.5")
	b.send("play +1")
	b.waitFor("\"+1\" is not a seek number")
	b.send("play 1")
	b.waitFor("\x19(15 1 ")
	o.send("observe +1")
	o.waitFor("\"+1\" is not a game number")
	o.send("observe 01")
	o.waitFor("\x19(18 1 ")
	o.send("set-2 +81 1")
	o.waitFor("Usage: set-2 DATAGRAM 0|1 (DATAGRAM a number from 0 to ")
	o.send("set-2 81 1")
	o.waitFor("\x19(81\x19)")
	if strings.Count(o.all(), "\x19(81") != 1 {
		t.Fatalf("set-2 +81 1 turned datagram 81 on: %q", o.all())
	}
	a.neverHeard("\x19(15 2 ", "a refused number started a game")
}
