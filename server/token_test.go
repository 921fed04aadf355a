package server_test

import (
	"strings"
	"testing"

	"github.com/krieg/krieg/server"
)

// TestReconnectTokenOnlyInItsDatagram: a client that asked for datagram
// 200 gets the reconnect token in it alone, never in a line of text that a
// window's console or a log would show (an outside tester found it printed
// in full on the page); a plain client is told it in words, and the token
// still takes the seat back.
func TestReconnectTokenOnlyInItsDatagram(t *testing.T) {
	u := startUmpire(t, server.Config{})
	framed := u.login(t, "alice", "")
	token := tokenOf(t, framed)
	text := strings.Replace(framed.all(), "\x19(200 "+token+"\x19)", "", 1)
	if strings.Contains(text, token) {
		t.Fatalf("the token %s is in the text a framed client reads: %q", token, text)
	}

	plain := u.dial(t)
	plain.waitFor("login:")
	plain.send("bob")
	said := plain.waitFor("**** Starting session as bob")
	if !strings.Contains(said, "Your reconnect token is ") {
		t.Fatalf("a plain client was not told its token: %q", said)
	}

	again := u.dial(t)
	again.waitFor("login:")
	again.send("level1=5", "level2settings="+strings.Repeat("1", 256), "alice "+token)
	again.waitFor("**** Starting session as alice")
	if tail := framed.closed(); !strings.Contains(tail, "You logged in from elsewhere") {
		t.Fatalf("the token from the datagram did not take the name over: %q", tail)
	}
}
