package server_test

import (
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/server"
)

// TestSlowLoginIsToldSo: a connection that keeps sending refused names
// until the login time runs out was told "no input for too long",
// although input came all along; it is told the login took too long.
func TestSlowLoginIsToldSo(t *testing.T) {
	u := startUmpire(t, server.Config{LoginTime: time.Second})
	r := u.dial(t)
	r.waitFor("login: ")
	for !r.isClosed() {
		r.nc.Write([]byte("no!such!name\r\n"))
		time.Sleep(50 * time.Millisecond)
	}
	tail := r.closed()
	if strings.Contains(tail, "no input for too long") || !strings.Contains(tail, "kriegd closed the connection: logging in took too long (1 second)") {
		t.Fatalf("a login that ran out of time was told %q", tail)
	}
}
