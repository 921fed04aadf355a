package main

import (
	"bytes"
	stdnet "net"
	"strings"
	"testing"
	"time"
)

// TestConsoleShowsNoServersTerminalControls: a server's words reach the
// terminal without the controls in them (an outside tester's hostile
// server cleared the screen, set the window's title and filled the
// clipboard through the words of a refused login).
func TestConsoleShowsNoServersTerminalControls(t *testing.T) {
	addr := serveEach(t, func(c stdnet.Conn) {
		defer c.Close()
		c.Write([]byte("login: "))
		c.Read(make([]byte, 4096))
		// A login refused (datagram 69) in words full of controls.
		c.Write([]byte("\x19(69 20 \x19{\x1b[2J\x1b]0;PWNED\x07Go away \x9bnow.\x19}\x19)\r\nlogin: "))
		c.Read(make([]byte, 4096))
	})
	var out, errs bytes.Buffer
	code := run([]string{"console", "--connect", addr, "--save", ""}, strings.NewReader(""), &out, &errs)
	said := out.String() + errs.String()
	if code == 0 || !strings.Contains(said, "Go away now.") || strings.ContainsAny(said, "\x1b\x07") || strings.Contains(said, "\x9b") {
		t.Fatalf("exit %d, printed %q; want the server's words without their controls", code, said)
	}
}

// TestCtrlDWhileConnectingLeaves: the input's end at a terminal (Ctrl-D)
// while the server has not yet answered the login leaves at once, as quit
// does (an outside tester waited out the login's 30 s); a script's input
// ending early still waits for the connection.
func TestCtrlDWhileConnectingLeaves(t *testing.T) {
	held := make(chan struct{})
	defer close(held)
	addr := serveEach(t, func(c stdnet.Conn) { <-held; c.Close() }) // says nothing
	old := typingAtTerminal
	typingAtTerminal = func() bool { return true }
	defer func() { typingAtTerminal = old }()
	var out, errs bytes.Buffer
	began := time.Now()
	code := run([]string{"console", "--connect", addr, "--save", ""}, strings.NewReader(""), &out, &errs)
	if code != 0 || !strings.Contains(out.String(), "* left before the connection was made") || time.Since(began) > 5*time.Second {
		t.Fatalf("Ctrl-D while connecting: exit %d after %v:\n%s%s", code, time.Since(began), out.String(), errs.String())
	}
}
