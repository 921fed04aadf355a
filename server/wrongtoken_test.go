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

// TestWrongTokenForAGuestName: "guest12 TOKEN" with a token that is not
// guest12's was told "Names are 2 to 16 letters..." (an outside tester's
// finding); it is told the reconnect token is not valid, in the same words
// whether or not the guest name is in use, and asked for a name again.
func TestWrongTokenForAGuestName(t *testing.T) {
	u := startUmpire(t, server.Config{})
	g := u.login(t, "guest", "")
	name := strings.Fields(g.all()[strings.Index(g.all(), "Starting session as ")+len("Starting session as "):])[0]
	var said []string
	for _, who := range []string{name, "guest99999"} {
		r := u.dial(t)
		r.waitFor("login: ")
		r.send(who + " " + strings.Repeat("0f", 16))
		got := r.waitFor("login: ")
		if strings.Contains(got, "Names are") || !strings.Contains(got, "not a valid reconnect token for "+who) {
			t.Fatalf("a wrong token for %s was told %q", who, got)
		}
		said = append(said, strings.ReplaceAll(got, who, "NAME"))
	}
	if said[0] != said[1] {
		t.Fatalf("a wrong token for a guest in use and for one not in use are told apart:\n%q\n%q", said[0], said[1])
	}
	if strings.Contains(g.all(), "logged in from elsewhere") {
		t.Fatal("a wrong token took the guest's name over")
	}
}

// TestWrongTokenSameWordsWhateverItsShape: with kz1 logged in unregistered,
// a wrong token of a real token's shape (32 hex digits) was told kz1 "is
// already logged in", while "xyz" or the real token upper-cased was told
// it is not kz1's reconnect token (an outside tester's finding), which
// told the shape of a token apart. Every wrong token gets the same words.
func TestWrongTokenSameWordsWhateverItsShape(t *testing.T) {
	u := startUmpire(t, server.Config{})
	k := u.login(t, "kz1", "")
	token := tokenOf(t, k)
	var said []string
	for _, wrong := range []string{strings.Repeat("deadbeef", 4), "xyz", strings.ToUpper(token)} {
		r := u.dial(t)
		r.waitFor("login: ")
		r.send("level1=5", "level2settings="+strings.Repeat("1", 256), "kz1 "+wrong)
		got := r.waitFor("login: ")
		if !strings.Contains(got, "what you gave is not kz1's reconnect token") {
			t.Errorf("a wrong token %q for kz1 was told %q", wrong, got)
		}
		said = append(said, got)
	}
	for _, got := range said[1:] {
		if got != said[0] {
			t.Errorf("wrong tokens of two shapes are told apart:\n%q\n%q", said[0], got)
		}
	}
	if strings.Contains(k.all(), "logged in from elsewhere") {
		t.Fatal("a wrong token took kz1 over")
	}
}
