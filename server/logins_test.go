package server_test

import (
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/krieg/krieg/server"
)

// countedPasswords is bcrypt counting its checks.
type countedPasswords struct {
	server.BcryptPasswords
	checks *atomic.Int64
}

func (p countedPasswords) Check(hash, password string) bool {
	p.checks.Add(1)
	return p.BcryptPasswords.Check(hash, password)
}

// TestRightLoginAgainSkipsBcrypt: the same right login three times costs
// one bcrypt check (a loop of right logins from many addresses kept bcrypt
// busy for everyone); a wrong password is still checked, and still wrong.
func TestRightLoginAgainSkipsBcrypt(t *testing.T) {
	var checks atomic.Int64
	u := startUmpire(t, server.Config{Passwords: countedPasswords{server.BcryptPasswords{Cost: 4}, &checks}})
	addAccount(t, u, "Carol", "carolpw")
	for range 3 {
		r := u.login(t, "Carol", "carolpw")
		r.send("quit")
		r.closed()
	}
	if n := checks.Load(); n != 1 {
		t.Fatalf("three right logins ran %d bcrypt checks; want 1", n)
	}
	r := u.dial(t)
	r.send("Carol wrongpw")
	r.waitFor("Invalid password.")
	if n := checks.Load(); n != 2 {
		t.Fatalf("a wrong password after right ones ran %d checks in all; want 2", n)
	}
}

// TestPasswordChecksHaveABudgetPerAddress: one address's eleventh password
// check in a row, right or not, is refused with the wait, and bcrypt does
// not run for it.
func TestPasswordChecksHaveABudgetPerAddress(t *testing.T) {
	var checks atomic.Int64
	u := startUmpire(t, server.Config{Passwords: countedPasswords{server.BcryptPasswords{Cost: 4}, &checks}})
	for i := range 11 {
		addAccount(t, u, fmt.Sprintf("member%d", i), "rightpw")
	}
	for i := range 10 {
		r := u.login(t, fmt.Sprintf("member%d", i), "rightpw")
		r.send("quit")
		r.closed()
	}
	r := u.dial(t)
	r.send("member10 rightpw")
	r.waitFor("Too many password checks from your address: try again in 5 s.")
	if n := checks.Load(); n != 10 {
		t.Fatalf("%d bcrypt checks ran; want 10", n)
	}
	// Another address is not held by it.
	o := u.dialFrom(t, "127.0.0.2")
	o.send("member10 rightpw")
	o.waitFor("**** Starting session as member10")
}

// TestFullServerLetsPlayersIn: with every connection taken by guests, a
// player logging in with a password gets in, and the guest silent longest
// is told why and closed; a guest, or a name without an account, is told
// the server is full.
func TestFullServerLetsPlayersIn(t *testing.T) {
	u := startUmpire(t, server.Config{MaxConns: 3})
	addAccount(t, u, "Carol", "carolpw")
	idlest := u.login(t, "guest", "")
	time.Sleep(20 * time.Millisecond)
	g2, g3 := u.login(t, "guest", ""), u.login(t, "guest", "")
	g2.send("help")
	g3.send("help")
	g2.waitFor("Commands:")
	g3.waitFor("Commands:")
	c := u.login(t, "Carol", "carolpw")
	if got := idlest.closed(); !strings.Contains(got, "kriegd is full and a player with an account logged in: this guest connection, the one silent longest, is closed.") {
		t.Fatalf("the idlest guest was told %q", got)
	}
	stillServes(t, c)
	for _, name := range []string{"guest", "dora"} {
		r := u.dial(t)
		r.send(name)
		if got := r.closed(); !strings.Contains(got, "kriegd is full: only a login with an account's password, or with a reconnect token, gets in now.") {
			t.Fatalf("%s, logging in to a full server, was told %q", name, got)
		}
	}
	stillServes(t, g2)
	stillServes(t, g3)
}
