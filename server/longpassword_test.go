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

// TestPasswordReadAlikeAtThePrompt: a password registered with a control
// character in it (taken out, as from every command) logs in typed the same
// way at the password prompt, as it does on the one-line login; before,
// the prompt kept the character and the password never matched.
func TestPasswordReadAlikeAtThePrompt(t *testing.T) {
	u := startUmpire(t, server.Config{})
	r := u.login(t, "pwnul", "")
	r.send("register abcdefgh\x00ij")
	r.waitFor("pwnul is now registered")
	r.nc.Close()

	p := u.dial(t)
	p.waitFor("login: ")
	p.nc.Write([]byte("pwnul\r\n"))
	p.waitFor("password: ")
	p.nc.Write([]byte("abcdefgh\x00ij\r\n"))
	p.waitFor("Starting session as pwnul")
}
