package web

import (
	stdnet "net"
	"strings"
	"testing"

	"github.com/krieg/krieg/server"
)

// TestHalfCloseGetsNoLibraryWords: a client that stops sending (a
// half-close) after logging in is closed without a text frame of the
// reading library's words ("wsstream: failed to get reader: failed to
// read frame header: EOF"), which an outside tester was sent.
func TestHalfCloseGetsNoLibraryWords(t *testing.T) {
	u := startUmpire(t, server.Config{}, "", Options{})
	nc, br := rawFrames(t, u)
	if _, err := nc.Write(masked(0x1, []byte("guest\n"))); err != nil {
		t.Fatal(err)
	}
	var heard strings.Builder
	for !strings.Contains(heard.String(), "Starting session as guest") {
		heard.Write(readFrame(t, br))
	}
	nc.(*stdnet.TCPConn).CloseWrite()
	_, _, before := closeFrame(t, br)
	if strings.Contains(before, "EOF") || strings.Contains(before, "failed to") {
		t.Fatalf("after a half-close the server sent %q", before)
	}
}
