package server_test

import (
	"testing"
	"time"

	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/server"
)

// TestIdleGuestIsToldWhy: kriegd closes an idle guest's connection with a
// line saying why, and krieg's ICC driver hands that line on as the lost
// connection's reason, so a window shows the server's words (an outside
// tester saw only "wsstream: failed to read: use of closed network
// connection").
func TestIdleGuestIsToldWhy(t *testing.T) {
	u := startUmpire(t, server.Config{IdleTimeout: time.Minute, GuestIdleTimeout: time.Second})
	p := u.connect(t, "", "")
	ev := p.next(net.KindConnection)
	for !ev.Lost() {
		ev = p.next(net.KindConnection)
	}
	if want := "kriegd closed the connection: no input for too long (1 second)."; ev.Why() != want {
		t.Fatalf("the lost connection's reason: %q (error %v); want %q", ev.Why(), ev.Err, want)
	}
}
