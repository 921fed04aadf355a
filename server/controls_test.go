package server_test

import (
	"strings"
	"testing"

	"github.com/krieg/krieg/server"
)

// TestC1ControlsNeverReachOthers: the C1 controls (NEL, CSI and their kin)
// and the line and paragraph separators are taken out of tells, so that
// nobody can start a new line, or a terminal's escape sequence, on another
// user's screen and pass words of theirs for the server's.
func TestC1ControlsNeverReachOthers(t *testing.T) {
	u := startUmpire(t, server.Config{})
	a, b := u.login(t, "alice", ""), u.login(t, "bob", "")
	a.send("tell bob hi\u0085kriegd: Game 1 aborted\u2028x\u009b2J\u2029y\u0080z")
	b.waitFor("alice tells you: hikriegd: Game 1 abortedx2Jyz\r\n")
	for _, r := range []string{"\u0085", "\u2028", "\u009b", "\u2029", "\u0080"} {
		if strings.Contains(b.all(), r) {
			t.Fatalf("bob received %q: %q", r, b.all())
		}
	}
}
