package server_test

import (
	"context"
	"strings"
	"testing"

	"github.com/krieg/krieg/server"
	"github.com/krieg/krieg/server/store"
	"github.com/krieg/krieg/server/store/pgtest"
)

// TestTwoInstancesShareOnePostgres runs two kriegd instances on one
// PostgreSQL database (a real server from the Debian package): an account
// registered on one logs in on the other, and a game finished on one is
// in the history the other shows.
func TestTwoInstancesShareOnePostgres(t *testing.T) {
	dsn := pgtest.Start(t)
	var us [2]*umpire
	for i := range us {
		st, err := store.Open(context.Background(), dsn, "")
		if err != nil {
			t.Fatal(err)
		}
		us[i] = startUmpire(t, server.Config{Store: st})
	}
	r := us[0].login(t, "Carol", "")
	r.send("register carolpw")
	r.waitFor("Carol is now registered")
	other := us[1].login(t, "carol", "carolpw")
	if !strings.Contains(other.all(), "\x19(0 Carol ") {
		t.Fatalf("the account registered on one instance is not Carol on the other: %q", other.all())
	}

	a, b := us[0].login(t, "alice", ""), us[0].login(t, "bob", "")
	begin(t, a, b, "bob", "5 0 u")
	firstMoves(a, b)
	b.send("resign")
	a.waitFor("\x19(16 1 0 Res 1-0 ")
	other.send("history alice")
	other.waitFor("History of alice (1 game shown)")
	if h := other.waitFor("\x19]"); !strings.Contains(h, "alice vs. bob  1-0 resignation (wild16, 2 plies)") {
		t.Fatalf("history on the other instance: %q", h)
	}
}
