package server_test

import (
	"fmt"
	"strings"
	"testing"

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
