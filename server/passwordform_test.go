package server_test

import (
	"strings"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"github.com/krieg/krieg/server"
)

// The same password typed on two keyboards: "é" as one character
// (U+00E9) and as "e" with a combining acute accent (U+0301).
const (
	composedPassword   = "caf\u00e9-cr\u00e8me"
	decomposedPassword = "cafe\u0301-cre\u0300me"
)

// TestPasswordFormsAreOne: a password registered in one Unicode form logs
// in typed in the other, and so does one set by "password OLD NEW" (an
// outside tester's finding: before, the two forms were two passwords).
func TestPasswordFormsAreOne(t *testing.T) {
	u := startUmpire(t, server.Config{})
	r := u.login(t, "cafe", "")
	r.send("register " + decomposedPassword)
	r.waitFor("cafe is now registered")
	r.nc.Close()
	r = u.login(t, "cafe", composedPassword)

	r.send("password " + composedPassword + " new" + decomposedPassword)
	r.waitFor("Your password is changed.")
	r.nc.Close()
	u.login(t, "cafe", "new"+composedPassword)
}

// TestRawFormPasswordStillLogsIn: an account whose password was hashed
// from its decomposed form as typed, before passwords were normalised,
// still logs in with that form; that login stores the hash anew from the
// NFC form, so the composed form logs in after it.
func TestRawFormPasswordStillLogsIn(t *testing.T) {
	u := startUmpire(t, server.Config{})
	addAccount(t, u, "Olde", decomposedPassword)
	r := u.login(t, "Olde", decomposedPassword)
	r.nc.Close()
	u.login(t, "Olde", composedPassword)
}

// TestHashPasswordIsNFC: kriegd user add and passwd hash a password typed
// decomposed as its NFC form, the one a login checks first.
func TestHashPasswordIsNFC(t *testing.T) {
	hash, err := server.HashPassword(decomposedPassword)
	if err != nil {
		t.Fatal(err)
	}
	if bcrypt.CompareHashAndPassword([]byte(hash), []byte(composedPassword)) != nil {
		t.Fatal("a password typed decomposed was not hashed in its NFC form")
	}
}

// TestPasswordLengthInCharacters: the shortest password is counted in
// characters, as its refusal says, not in bytes: two accented letters are
// two characters, however many bytes they take.
func TestPasswordLengthInCharacters(t *testing.T) {
	if err := server.ValidPassword("éé"); err == nil || !strings.Contains(err.Error(), "at least 4 characters") {
		t.Errorf("ValidPassword(%q) = %v; want it too short", "éé", err)
	}
	if err := server.ValidPassword("éééé"); err != nil {
		t.Errorf("ValidPassword(%q) = %v; want four characters taken", "éééé", err)
	}
}

// TestPasswordSameAsTheOldSaysSo: "password OLD OLD", the old one right,
// is told the password stays as it was, in either Unicode form, rather
// than "changed" (an outside tester's finding); a wrong old one is told
// wrong first.
func TestPasswordSameAsTheOldSaysSo(t *testing.T) {
	u := startUmpire(t, server.Config{})
	r := u.login(t, "cafe", "")
	r.send("register " + decomposedPassword)
	r.waitFor("cafe is now registered")
	r.send("password " + decomposedPassword + " " + composedPassword)
	r.waitFor("Your password is unchanged: the new password given is the one you have.")
	r.send("password wrongpw1 wrongpw1")
	r.waitFor("Your password is unchanged: the old password given is not yours.")
	r.neverHeard("Your password is changed", "the same password was taken for a change")
}
