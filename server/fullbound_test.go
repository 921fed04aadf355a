package server_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/server"
)

// TestFullServerBeyondTheCapIsBounded: a login that proves its name may
// stay beyond MaxConns when no guest can make room (here both guests
// play a game), but only as far as the full server's reserve (one
// connection at MaxConns 3): each one used to free its reserve slot on
// logging in, so members could grow the connections without bound. The
// next is told the server is full; once one leaves, a member gets in.
func TestFullServerBeyondTheCapIsBounded(t *testing.T) {
	u := startUmpire(t, server.Config{MaxConns: 3})
	for i := range 3 {
		addAccount(t, u, fmt.Sprintf("member%d", i), "memberpw")
	}
	a, b := u.login(t, "alice", ""), u.login(t, "bob", "")
	begin(t, a, b, "bob", "5 0 u")
	u.login(t, "member0", "memberpw")
	beyond := u.login(t, "member1", "memberpw") // over the cap, in the reserve
	stillServes(t, a)
	stillServes(t, b)
	over := u.dial(t)
	over.send("member2 memberpw")
	if got := over.closed(); !strings.Contains(got, "kriegd is full: too many connections.") || strings.Contains(got, "Starting session") {
		t.Fatalf("a member beyond the cap and its reserve was told %q; want it refused as full", got)
	}
	beyond.send("quit")
	beyond.closed()
	stillServes(t, u.login(t, "member2", "memberpw"))
}

// TestSilentConnectionGivesUpTheReserve: a connection that comes in beyond
// the cap and says nothing held the reserve's one place for the whole login
// time, and a member was told the server is full. Silent past its grace, it
// now gives the place to the member, who gets in (a guest outside a game
// making room).
func TestSilentConnectionGivesUpTheReserve(t *testing.T) {
	u := startUmpire(t, server.Config{MaxConns: 2})
	addAccount(t, u, "member", "memberpw")
	for _, name := range []string{"alice", "bob"} {
		u.login(t, name, "")
	}
	hog := u.dial(t)
	hog.waitFor("login: ")
	time.Sleep(2100 * time.Millisecond) // past the grace a login has to begin
	m := u.dial(t)
	m.send("member memberpw")
	m.waitFor("Starting session as member")
	stillServes(t, m)
	if got := hog.closed(); !strings.Contains(got, "your login did not come in time") {
		t.Errorf("the silent connection was told %q; want why it was closed", got)
	}
}
