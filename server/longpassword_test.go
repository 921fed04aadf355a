package server_test

import (
	"strings"
	"testing"

	"github.com/krieg/krieg/server"
)

// TestLongPasswordIsRefusedInPlainWords: "register" with a password over
// bcrypt's 72 bytes was answered "kriegd: hashing the password: bcrypt:
// password length exceeds 72 bytes" (an outside tester's finding); it is
// refused before hashing, saying how long a password may be, and one of
// exactly 72 bytes registers.
func TestLongPasswordIsRefusedInPlainWords(t *testing.T) {
	u := startUmpire(t, server.Config{})
	r := u.login(t, "longpw", "")
	r.send("register " + strings.Repeat("x", 73))
	got := r.waitFor("\x19]")
	if !strings.Contains(got, "72 bytes at most") || strings.Contains(got, "bcrypt") || strings.Contains(got, "hashing") {
		t.Fatalf("a 73-byte password was answered %q", got)
	}
	r.send("register " + strings.Repeat("é", 37)) // 74 bytes, 37 letters
	r.waitFor("72 bytes at most")
	r.send("register " + strings.Repeat("x", 72))
	r.waitFor("longpw is now registered")
}

// TestControlPasswordRefused: "register" with a control character in the
// password was taken with the character silently taken out (an outside
// tester's finding), leaving a password other than the one typed. It is
// refused in words, nothing registered, and the same password without it
// registers.
func TestControlPasswordRefused(t *testing.T) {
	u := startUmpire(t, server.Config{})
	r := u.login(t, "pwnul", "")
	for _, pw := range []string{"abcdefgh\x00ij", "abc\x1b[2Jdefgh", "abcdefgh\u202eij"} {
		r.send("register " + pw)
		if got := r.waitFor("\x19]"); !strings.Contains(got, "cannot hold control or invisible characters") || strings.Contains(got, "now registered") {
			t.Fatalf("register %q answered %q; want it refused", pw, got)
		}
	}
	r.send("register abcdefghij")
	r.waitFor("pwnul is now registered")
}

// TestPasswordReadAlikeAtThePrompt: a password typed with a control
// character in it at the password prompt is read as the one-line login
// reads it (the character taken out, as from every line), so an account
// registered before such passwords were refused still logs in; before,
// the prompt kept the character and the password never matched.
func TestPasswordReadAlikeAtThePrompt(t *testing.T) {
	u := startUmpire(t, server.Config{})
	r := u.login(t, "pwnul", "")
	r.send("register abcdefghij")
	r.waitFor("pwnul is now registered")
	r.nc.Close()

	p := u.dial(t)
	p.waitFor("login: ")
	p.nc.Write([]byte("pwnul\r\n"))
	p.waitFor("password: ")
	p.nc.Write([]byte("abcdefgh\x00ij\r\n"))
	p.waitFor("Starting session as pwnul")
}
