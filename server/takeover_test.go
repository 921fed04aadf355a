package server_test

import (
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/server"
)

// TestProvenLoginTakesOver: a second login that proves the name is its
// user's (a registered name's password, an unregistered name's reconnect
// token) while the first connection still stands, as a half-open one
// does, takes the name and the seat; the first is told and closed. A
// plain login as a live unregistered name takes nothing: it is told why
// and asked for another name.
func TestProvenLoginTakesOver(t *testing.T) {
	u := startUmpire(t, server.Config{})
	addAccount(t, u, "alice", "alicepw")
	a1, b := u.login(t, "alice", "alicepw"), u.login(t, "bob", "")
	begin(t, a1, b, "bob", "5 0 u")
	a1.send("e2e4")
	b.waitFor("\x19(24 1 ?\x19)")

	a2 := u.login(t, "alice", "alicepw")
	if tail := a1.closed(); !strings.Contains(tail, "You logged in from elsewhere") {
		t.Fatalf("the first alice got %q", tail)
	}
	a2.waitFor("\x19(15 1 alice bob ")
	a2.waitFor("\x19(24 1 e2e4")
	b.waitFor("alice is playing on from a new connection")
	b.send("e7e5")
	a2.waitFor("\x19(24 1 ?\x19)")
	if strings.Contains(b.all(), "alice has disconnected") {
		t.Error("bob was told alice disconnected: the seat passed through a grace period")
	}

	// bob's connection stands; his token takes his place, a plain login does not.
	token := tokenOf(t, b)
	plain := u.dial(t)
	plain.send("level1=5", "level2settings="+strings.Repeat("1", 256), "bob")
	plain.waitFor("\x19(69 14 ")
	plain.waitFor("bob is already logged in")
	plain.waitFor("login: ")
	time.Sleep(50 * time.Millisecond)
	if plain.isClosed() {
		t.Fatal("a plain login as the live bob closed its own connection; it should be asked for another name")
	}
	if b.isClosed() {
		t.Fatal("a plain login as bob closed bob's connection")
	}
	b2 := u.login(t, "bob", token)
	if tail := b.closed(); !strings.Contains(tail, "You logged in from elsewhere") {
		t.Fatalf("the first bob got %q", tail)
	}
	b2.waitFor("\x19(15 1 alice bob ")
	b2.send("resign")
	a2.waitFor("\x19(16 1 0 Res 1-0 ")
	stillServes(t, b2)
}
