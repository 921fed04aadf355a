package server_test

import (
	stdnet "net"
	"strings"
	"testing"

	"github.com/krieg/krieg/server"
)

// What telnet clients send, in the shapes captured from them: PuTTY and
// the BSD and inetutils telnet offer and ask options as soon as they
// connect (IAC WILL/DO), report the window's size and terminal type in
// subnegotiations (IAC SB ... IAC SE, a 0xff inside doubled), and in
// character mode end a line with CR NUL.
const (
	iacOffers = "\xff\xfb\x1f\xff\xfb\x20\xff\xfb\x18\xff\xfb\x27\xff\xfd\x01\xff\xfb\x03\xff\xfd\x03"
	iacNAWS   = "\xff\xfa\x1f\x00\x50\x00\x18\xff\xf0"
	iacTTYPE  = "\xff\xfa\x18\x00XTERM\xff\xff256\xff\xf0"
	iacNOP    = "\xff\xf1"
	iacAnswer = "\xff\xfc\x01\xff\xfe\x05"
)

// TestTelnetNegotiationStripped: on the game port, a telnet client's
// option negotiation before and inside the name and later lines is taken
// out, so "telnet host port" logs in under the name typed and its
// commands are read as typed.
func TestTelnetNegotiationStripped(t *testing.T) {
	u := startUmpire(t, server.Config{})
	r := u.dial(t)
	r.nc.Write([]byte(iacOffers + iacNAWS))
	r.waitFor("login: ")
	r.nc.Write([]byte(iacTTYPE + "tel" + iacNOP + "netuser" + iacAnswer + "\r\x00"))
	r.waitFor("Starting session as telnetuser")
	r.nc.Write([]byte(iacNAWS + "wh" + iacNOP + "o\r\x00"))
	if got := r.waitFor("logged in"); strings.Contains(got, "not a command") {
		t.Fatalf("who after telnet negotiation got %q", got)
	}
}

// TestWelcomeIsPlainText: what a telnet user reads before logging in holds
// no level-1 framing (control-Y and a unit header such as "[0 $server$"),
// which nobody has asked for yet.
func TestWelcomeIsPlainText(t *testing.T) {
	u := startUmpire(t, server.Config{})
	r := u.dial(t)
	got := r.waitFor("login: ")
	if strings.ContainsAny(got, "\x19") || strings.Contains(got, "$server$") {
		t.Fatalf("the welcome holds level-1 framing: %q", got)
	}
	if !strings.Contains(got, "Welcome to kriegd") {
		t.Fatalf("no welcome before the login prompt: %q", got)
	}
}

// TestHalfCloseGetsNoErrorText: a client that stops sending (a half-close,
// as "nc -N" does after its input) is answered what it asked, then closed
// without a line of the reader's own words ("EOF").
func TestHalfCloseGetsNoErrorText(t *testing.T) {
	u := startUmpire(t, server.Config{})
	r := u.login(t, "halfway", "")
	r.send("finger")
	r.waitFor("is an unregistered guest")
	r.nc.(*stdnet.TCPConn).CloseWrite()
	if got := r.closed(); strings.Contains(got, "EOF") {
		t.Fatalf("after a half-close the server wrote %q", got)
	}
}
