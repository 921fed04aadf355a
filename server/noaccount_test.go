package server_test

import (
	"strings"
	"testing"

	"github.com/krieg/krieg/server"
)

// TestPasswordForNoAccountIsRefused: a password given with a name that has
// no account is refused with a sentence saying so (as datagram 69 and, for
// a client without datagrams, as text), and the name is asked again; a
// login without the password still plays the name unregistered, and a
// reconnect token for a seat no longer kept still logs in under the name.
func TestPasswordForNoAccountIsRefused(t *testing.T) {
	u := startUmpire(t, server.Config{})
	const why = "There is no account named nobody."

	d := u.dial(t)
	d.send("level1=5", "level2settings="+strings.Repeat("1", 100), "nobody s3cret")
	d.waitFor("\x19(69 23 ")
	d.waitFor(why)
	d.waitFor("login: ")
	if strings.Contains(d.all(), "Starting session") {
		t.Fatalf("a password for no account logged in: %q", d.all())
	}
	d.send("nobody")
	d.waitFor("**** Starting session as nobody")

	p := u.dial(t)
	p.waitFor("login: ")
	p.send("nobody2 hunter22")
	p.waitFor(strings.ReplaceAll(why, "nobody", "nobody2"))
	p.waitFor("login: ")
	if strings.Contains(p.all(), "Starting session") {
		t.Fatalf("a plain client's password for no account logged in: %q", p.all())
	}

	stale := u.login(t, "drifter", strings.Repeat("0f", 16))
	if !strings.Contains(stale.all(), "Starting session as drifter") {
		t.Fatalf("a stale reconnect token did not log in under its name: %q", stale.all())
	}
}
