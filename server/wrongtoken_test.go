package server_test

import (
	"strings"
	"testing"

	"github.com/krieg/krieg/server"
)

// TestWrongTokenForANameInUse: while a guest is logged in as carol, "carol
// wrongtoken" was told there is no account named carol and to leave the
// password empty, which is then refused as already logged in; it is told
// the name is in use and the token did not match.
func TestWrongTokenForANameInUse(t *testing.T) {
	u := startUmpire(t, server.Config{})
	u.login(t, "carol", "")
	r := u.dial(t)
	r.waitFor("login: ")
	r.send("carol wrongtoken")
	got := r.waitFor("login: ")
	if strings.Contains(got, "There is no account named") || !strings.Contains(got, "carol is in use") || !strings.Contains(got, "is not carol's reconnect token") {
		t.Fatalf("a wrong token for a name in use was told %q", got)
	}
}
