package server_test

import (
	"strings"
	"testing"

	"github.com/krieg/krieg/server"
)

// TestRefusedNamesAskAgain: every refused name is told why and asked again
// on the same connection: a name already logged in as well as a name that
// is not valid, and the names that would pass for the server or its staff,
// in any case, for a datagram client and a plain one alike. An account
// the operator made under such a name still logs in with its password.
func TestRefusedNamesAskAgain(t *testing.T) {
	u := startUmpire(t, server.Config{})
	u.login(t, "bob", "")

	r := u.dial(t)
	r.send("level1=5", "level2settings="+strings.Repeat("1", 256), "bob")
	r.waitFor("\x19(69 14 ")
	r.waitFor("bob is already logged in")
	r.waitFor("login: ")
	for _, name := range []string{"admin", "ADMIN", "Root", "kriegd", "Moderator", "mod", "umpire", "referee", "Server", "system", "operator", "administrator", "Admin_", "root-", "Server2", "adm1n", "m0d", "sys_tem", "R00T"} {
		r.send(name)
		r.waitFor("\x19(69 20 ")
		r.waitFor(name + " is reserved")
		r.waitFor("login: ")
	}
	r.send("bobby")
	r.waitFor("**** Starting session as bobby")
	r.neverHeard("Starting session as admin", "a reserved name logged in")

	near := u.dial(t) // a name that only begins like a reserved one is free
	near.waitFor("login: ")
	near.send("modest")
	near.waitFor("**** Starting session as modest")

	plain := u.dial(t)
	plain.waitFor("login: ")
	plain.send("Admin")
	plain.waitFor("Admin is reserved: names that stand for the server or its staff")
	plain.waitFor("login: ")
	plain.send("bob")
	plain.waitFor("bob is already logged in")
	plain.waitFor("login: ")
	plain.send("plainer")
	plain.waitFor("**** Starting session as plainer")

	addAccount(t, u, "Referee", "refpw1")
	staff := u.login(t, "referee", "refpw1")
	if !strings.Contains(staff.all(), "\x19(0 Referee ") {
		t.Fatalf("the operator's account Referee did not log in: %q", staff.all())
	}
}
