package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// TestConsoleRegister: register typed alone reads the password (piped
// here, the next line; on a terminal it is asked twice without echo), and
// register PASSWORD, a script's way, still works; neither prints the
// password back, and each account then logs in with its password.
func TestConsoleRegister(t *testing.T) {
	addr := startKriegd(t)
	for _, c := range []struct {
		name  string
		typed []string
	}{
		{"erin", []string{"register", "erinpw"}},
		{"fay", []string{"register faypw"}},
	} {
		w, out, done := startConsole(t, addr, "--user", c.name)
		fmt.Fprintln(w) // no password: the name has no account yet
		out.waitLine(t, c.name, "* connected")
		for _, l := range c.typed {
			fmt.Fprintln(w, l)
		}
		out.waitLine(t, c.name, c.name+" is now registered. Log in with your name and password next time.")
		w.Close()
		<-done
		if said := out.all(); strings.Contains(said, c.name+"pw") {
			t.Errorf("%s's console showed the password:\n%s", c.name, said)
		}
		again := openConsole(t, addr, c.name) // logs in with NAMEpw
		fmt.Fprintln(again.in, "finger")
		again.out.waitMatch(t, c.name, `Finger of `+c.name+`: registered `)
		again.in.Close()
		<-again.done
	}
}

// TestConsoleRegisterAgainstTheComputer: register in a game against the
// computer, which keeps no accounts, says so without the password; the
// game's "not a move" used to quote the whole line.
func TestConsoleRegisterAgainstTheComputer(t *testing.T) {
	var out, errs bytes.Buffer
	if code := run([]string{"console", "--seed", "4", "--save", ""}, strings.NewReader("register sekrit99\npassword oldpw77 newpw88\nregister\nPipeSecret4\nresign\n"), &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	if said := out.String() + errs.String(); strings.Contains(said, "sekrit99") || strings.Contains(said, "oldpw77") || strings.Contains(said, "newpw88") || strings.Contains(said, "PipeSecret4") ||
		!strings.Contains(said, "! register makes your name an account on a kriegd server") || !strings.Contains(said, "! password changes an account's password on a kriegd server") {
		t.Errorf("register against the computer printed:\n%s", said)
	}
}
