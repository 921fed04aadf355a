package server_test

import (
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/server"
)

// TestFractionalTimesShownAsGiven: minutes and seconds that are not whole
// are kept and shown as given (a seek of 1.5 minutes was posted as 1).
func TestFractionalTimesShownAsGiven(t *testing.T) {
	u := startUmpire(t, server.Config{})
	a, b := u.login(t, "alice", ""), u.login(t, "bob", "")
	a.send("seek 1.5 0")
	a.waitFor("is posted: unrated Wild 16 (ICC) 1.5 0.")
	b.waitFor("alice (++++) seeking unrated Wild 16 (ICC) 1.5 0 ")
	a.send("seek 5 2.5")
	a.waitFor("is posted: unrated Wild 16 (ICC) 5 2.5.")
	b.send("play alice")
	b.waitFor("Creating: ")
	b.waitFor(" unrated Wild 16 (ICC) 1.5 0\r\n")
	// Its clock is a minute and a half.
	b.waitFor("\x19(56 1 B 90000 ")
}

// TestSetIsAnswered: "set VARIABLE VALUE" is answered (it was silent);
// "set-quietly", which clients send at login, stays silent.
func TestSetIsAnswered(t *testing.T) {
	u := startUmpire(t, server.Config{})
	a := u.login(t, "alice", "")
	a.send("set seek 0")
	a.waitFor("seek: kriegd keeps no variables; ignored.")
	a.send("set")
	a.waitFor("each is accepted and ignored).")
	a.send("set-quietly prompt 0", "games")
	if got := a.waitFor("No games in progress."); strings.Contains(got, "variables") {
		t.Fatalf("set-quietly was answered: %q", got)
	}
}

// TestBidiControlsNeverReachOthers: the bidirectional controls (U+202E
// and its kin) are taken out of tells and table talk, so that nobody can
// make the text around them read backwards on another user's screen; so
// are the C1 controls (NEL, CSI) and the line and paragraph separators, so
// that nobody can start a new line, or a terminal's escape sequence, there
// and pass words of theirs for the server's.
func TestBidiControlsNeverReachOthers(t *testing.T) {
	u := startUmpire(t, server.Config{})
	a, b := u.login(t, "alice", ""), u.login(t, "bob", "")
	a.send("tell bob abc\u202edef\u2066ghi\u200fjkl")
	b.waitFor("\x19(31 alice {} abcdefghijkl 1\x19)") // the tell's datagram, which bob asked for
	a.send("tell bob hi\u0085kriegd: Game 1 aborted\u2028x\u009b2J\u2029y\u0080z")
	b.waitFor("\x19(31 alice {} \x19{hikriegd: Game 1 abortedx2Jyz\x19} 1\x19)")
	begin(t, a, b, "bob", "5 0 u")
	a.send("say left\u202eright\u061c")
	b.waitFor("alice says: leftright\r\n")
	// Characters that draw nothing hide no words; emoji keep their joiner.
	a.send("say a\u200bb\ufeffc\U000e0041d\u180ee\u3164\u034f\u2800f\U0001F469\u200d\U0001F467")
	b.waitFor("alice says: abcdef\U0001F469\u200d\U0001F467\r\n")
	a.send("tell alice hello me")
	a.waitFor("You cannot tell yourself.")
	for _, r := range []string{"\u202e", "\u2066", "\u200f", "\u061c", "\u0085", "\u2028", "\u009b", "\u2029", "\u0080"} {
		if strings.Contains(b.all(), r) {
			t.Fatalf("bob received %q: %q", r, b.all())
		}
	}
}

// TestLoneCarriageReturnEndsALine: a carriage return alone ends a line, as
// telnet clients send it; a carriage return and a line feed end one line,
// not two.
func TestLoneCarriageReturnEndsALine(t *testing.T) {
	u := startUmpire(t, server.Config{})
	r := u.dial(t)
	r.waitFor("login: ")
	r.nc.Write([]byte("level1=5\rlevel2settings=" + strings.Repeat("1", 256) + "\rguest\r"))
	r.waitFor("Starting session as guest")
	r.nc.Write([]byte("games\r"))
	r.waitFor("in progress")
	// A carriage return and line feed split across writes are still one
	// line end: the password prompt does not read an empty password.
	addAccount(t, u, "carol", "carolpw")
	p := u.dial(t)
	p.nc.Write([]byte("carol\r"))
	p.waitFor("password: ")
	time.Sleep(20 * time.Millisecond)
	p.nc.Write([]byte("\ncarolpw\r\n"))
	p.waitFor("Starting session as carol")
}
