package server_test

import (
	"strings"
	"testing"

	"github.com/krieg/krieg/server"
)

// TestQuitEndsItsUnitOnce: "quit" is answered by one unit in level 1 and
// by bare text without it (a second unit end once made krieg's driver
// report "unit end without a unit").
func TestQuitEndsItsUnitOnce(t *testing.T) {
	u := startUmpire(t, server.Config{})
	r := u.login(t, "leaver", "")
	r.send("quit")
	if tail := r.closed(); strings.Count(tail, "\x19]") != 1 || !strings.Contains(tail, "Goodbye.") {
		t.Fatalf("level 1 quit ended with %q; want Goodbye. in one unit", tail)
	}
	plain := u.dial(t)
	plain.send("plainer")
	plain.waitFor("Starting session as plainer")
	plain.send("quit")
	if tail := plain.closed(); strings.Contains(tail, "\x19") || !strings.Contains(tail, "Goodbye.") {
		t.Fatalf("plain quit ended with %q; want Goodbye. and no unit bytes", tail)
	}
}

// TestPlainLoginSaysWhy: a client without datagrams is told in words why
// a name is refused, and an empty line is asked again (once for a run of
// them), not left unanswered.
func TestPlainLoginSaysWhy(t *testing.T) {
	u := startUmpire(t, server.Config{})
	r := u.dial(t)
	r.waitFor("login: ")
	r.send("", "  ", "\x00")
	r.waitFor("login: ")
	r.send("9lives")
	r.waitFor("Names are 2 to 16 letters")
	r.waitFor("login: ")
	r.send("") // the password line of a client that sent one with the name
	r.send("alice")
	r.waitFor("Starting session as alice")
	if n := strings.Count(r.all(), "login: "); n != 3 {
		t.Fatalf("%d login prompts in %q; want 3: the first, after the run of empty lines, after the refused name (not after the empty line that followed it)", n, r.all())
	}
}

// TestCommandsBeforeLogin: a command or a move typed at the login prompt
// is told to log in first, not that names have rules; quit there leaves.
func TestCommandsBeforeLogin(t *testing.T) {
	u := startUmpire(t, server.Config{})
	r := u.dial(t)
	r.waitFor("login: ")
	for _, w := range []string{"e2e4", "resign", "seek", "e7-e8q"} {
		r.send(w)
		r.waitFor("Log in first: \"" + w + "\" is a command or a move")
	}
	r.send("quit")
	if tail := r.closed(); !strings.Contains(tail, "Goodbye.") {
		t.Fatalf("quit at the login prompt ended with %q; want Goodbye.", tail)
	}
}

// TestNearMoveSaysNotation: a word that starts as a move but is not one is
// told how moves are written, not that it is not a command; a move in
// capitals (E2-E4) is a move.
func TestNearMoveSaysNotation(t *testing.T) {
	for _, w := range []string{"E2-E4", "E2E4", "E7E8Q", "e2-E4"} {
		c, err := server.ParseCommand(w)
		if err != nil || c.Verb != "move" || len(c.Args) != 1 || c.Args[0] != strings.ToLower(strings.ReplaceAll(w, "-", "")) {
			t.Errorf("%s: %+v, %v; want the move in lower case", w, c, err)
		}
	}
	for _, w := range []string{"e2e4k", "e7e8=x", "E2E4X"} {
		_, err := server.ParseCommand(w)
		if err == nil || !strings.Contains(err.Error(), "is not a move: moves are written e2e4") {
			t.Errorf("%s: %v; want how moves are written", w, err)
		}
	}
	for _, w := range []string{"Nf3", "O-O", "exd5", "0-0-0", "Qxh7+"} {
		_, err := server.ParseCommand(w)
		if err == nil || !strings.Contains(err.Error(), "moves are written in coordinates here") {
			t.Errorf("%s: %v; want how moves are written here", w, err)
		}
	}
}

// TestHTTPOnTheGamePort: an HTTP request sent to the game port (a web page
// can make a browser send one) gets a 400 and the connection closed; its
// header and body lines are never read as a login or commands.
func TestHTTPOnTheGamePort(t *testing.T) {
	u := startUmpire(t, server.Config{})
	other := u.login(t, "other", "")
	r := u.dial(t)
	r.nc.Write([]byte("POST /x HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\n\r\nguest\r\nsay hello\r\nseek 5 0\r\n"))
	if tail := r.closed(); !strings.Contains(tail, "HTTP/1.0 400 Bad Request") || strings.Contains(tail, "Starting session") {
		t.Fatalf("an HTTP request on the game port got %q; want a 400 and no session", tail)
	}
	if who := list(t, other, "who", "logged in:"); !strings.HasSuffix(who, "1 player logged in:") {
		t.Fatalf("after an HTTP request, who says %q; want only other logged in", who)
	}
}
