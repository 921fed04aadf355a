package server_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/krieg/krieg/server"
)

// TestInvisiblePasswordIsRefused: "register a\u200bb12345" and a password
// with a byte-order mark were taken and kept, so the account then logged in
// only with a character no one sees (an outside tester's finding). Each
// format character is refused, naming it and saying why, by register,
// password OLD NEW and ValidPassword (kriegd user add); a plain password
// still registers and logs in, and an account whose password already holds
// one still logs in with it typed, since logins take nothing out.
func TestInvisiblePasswordIsRefused(t *testing.T) {
	const why = "a password cannot hold invisible characters"
	u := startUmpire(t, server.Config{Lobby: 100}) // register is a lobby command, sent here a dozen times at once
	r := u.login(t, "hidden", "")
	for _, c := range []rune{0x200b, 0xfeff, 0x200c, 0x200d, 0x2060, 0xe0041} {
		for _, pw := range []string{"a" + string(c) + "b12345", string(c) + "ab12345"} {
			r.send("register " + pw)
			got := r.waitFor("choose one without them")
			if !strings.Contains(got, "Not registered: "+why) || !strings.Contains(got, fmt.Sprintf("holds U+%04X", c)) {
				t.Errorf("register with U+%04X was refused without saying why and naming it: %q", c, got)
			}
			if err := server.ValidPassword(pw); err == nil || !strings.Contains(err.Error(), why) {
				t.Errorf("ValidPassword(%q) = %v; want it refused as invisible", pw, err)
			}
		}
	}
	r.send("register ab12345")
	r.waitFor("hidden is now registered")
	r.send("password ab12345 ab\u200b12345")
	r.waitFor("Your password is unchanged: " + why)
	r.nc.Close()
	u.login(t, "hidden", "ab12345")

	addAccount(t, u, "Olden", "a\u200bb12345")
	u.login(t, "Olden", "a\u200bb12345")
}
