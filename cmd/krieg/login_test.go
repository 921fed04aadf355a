package main

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// TestConsoleAsksAnotherName: a name kriegd refuses (e2e4 reads as a
// move) no longer ends the console: it says why in the server's words and
// asks for another name, again after a second refusal, and the password of
// a registered one, never shown, as a chess server's login prompt does.
func TestConsoleAsksAnotherName(t *testing.T) {
	addr := startKriegd(t, "dave")
	w, out, done := startConsole(t, addr, "--user", "e2e4")
	fmt.Fprintln(w) // no password: e2e4 has no account
	out.waitMatch(t, "e2e4", `(?m)^! .*"e2e4" is a command or a move.*\n`+regexp.QuoteMeta(loginPrompt))
	fmt.Fprintln(w, "Nf3")
	out.waitMatch(t, "Nf3", `(?m)^! "Nf3" reads as a chess move[^\n]*\n`+regexp.QuoteMeta(loginPrompt))
	fmt.Fprintln(w, "dave")
	fmt.Fprintln(w, "davepw") // asked for, dave being registered
	out.waitLine(t, "dave", "* connected")
	fmt.Fprintln(w, "finger")
	out.waitMatch(t, "dave", `Finger of dave: registered `)
	w.Close()
	if code := <-done; code != 0 {
		t.Fatalf("exit %d:\n%s", code, out.all())
	}
	if said := out.all(); strings.Contains(said, "davepw") || strings.Contains(said, "reconnecting") || strings.Count(said, "* connected") != 1 {
		t.Errorf("the console showed the password, or reconnected after a refusal:\n%s", said)
	}
}

// TestConsoleRefusedNameThenGuestOrQuit: at the login prompt an empty
// line logs in as a guest and quit leaves; the input's end there ends the
// console with the refusal, as a script's did before.
func TestConsoleRefusedNameThenGuestOrQuit(t *testing.T) {
	addr := startKriegd(t)
	for _, c := range []struct {
		answer, want string
		code         int
	}{
		{"\n", `Starting session as guest\d+ `, 0},
		{"quit\n", `(?m)^\* left before the connection was made$`, 0},
		{"", `(?m)^krieg console: Log in first: "e2e4" is a command or a move`, 1},
	} {
		w, out, done := startConsole(t, addr, "--user", "e2e4")
		fmt.Fprintln(w) // no password
		out.waitMatch(t, "e2e4", regexp.QuoteMeta(loginPrompt))
		fmt.Fprint(w, c.answer)
		w.Close()
		out.waitMatch(t, "e2e4", c.want)
		if code := <-done; code != c.code {
			t.Errorf("answered %q: exit %d; want %d:\n%s", c.answer, code, c.code, out.all())
		}
	}
}

// TestConsoleNoPasswordAsksAgain: a registered name given no password, at
// the start (--user) or at the login prompt, goes back to the login prompt
// instead of ending the console or asking the password for ever (an
// outside tester was held at "password for alice:" with Enter and Ctrl-D).
func TestConsoleNoPasswordAsksAgain(t *testing.T) {
	addr := startKriegd(t, "dave")
	w, out, done := startConsole(t, addr, "--user", "dave")
	fmt.Fprintln(w) // no password for --user dave
	out.waitMatch(t, "dave", `(?m)^! This name is registered[^\n]*\n`+regexp.QuoteMeta(loginPrompt))
	fmt.Fprintln(w, "dave")
	fmt.Fprintln(w) // no password at the prompt either
	out.waitMatch(t, "dave", `(?m)^! no password given for dave\n`+regexp.QuoteMeta(loginPrompt))
	fmt.Fprintln(w, "dave")
	fmt.Fprintln(w, "davepw")
	out.waitLine(t, "dave", "* connected")
	w.Close()
	if code := <-done; code != 0 {
		t.Fatalf("exit %d:\n%s", code, out.all())
	}
}

// TestConsoleOverlongNameAskedAgain: a name far longer than any server
// takes is not sent (kriegd ends the connection on a line of 4 KB, and the
// console could say only its greeting): the prompt says why and asks
// again (an outside tester pasted 5,000 characters).
func TestConsoleOverlongNameAskedAgain(t *testing.T) {
	addr := startKriegd(t)
	w, out, done := startConsole(t, addr, "--user", "e2e4")
	fmt.Fprintln(w) // no password: e2e4 has no account
	out.waitMatch(t, "e2e4", regexp.QuoteMeta(loginPrompt))
	fmt.Fprintln(w, strings.Repeat("a", 5000))
	out.waitMatch(t, "e2e4", `(?m)^! a name of 5000 characters: a server's names are short[^\n]*\n`+regexp.QuoteMeta(loginPrompt))
	fmt.Fprintln(w) // a guest
	out.waitMatch(t, "e2e4", `Starting session as guest\d+ `)
	w.Close()
	if code := <-done; code != 0 {
		t.Fatalf("exit %d:\n%s", code, out.all())
	}
}
