package server_test

import (
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/server"
)

// TestReturningPlayerHearsItsRefusals: a player who comes back to a game
// hears again its refused attempts (datagram 42, after the words it heard
// then) in their place among the moves, as well as the moves, so that a
// client rebuilds the move table it showed; the opponent's refusals, told
// to the mover alone in Wild 16, are not among them.
func TestReturningPlayerHearsItsRefusals(t *testing.T) {
	u := startUmpire(t, server.Config{Grace: 5 * time.Second})
	a, b := u.login(t, "alice", ""), u.login(t, "bob", "")
	begin(t, a, b, "bob", "5 0 u")
	a.send("e2e5")
	a.waitFor("\x19(42 1 e2e5 ")
	a.send("e2e4")
	b.waitFor("\x19(24 1 ?\x19)")
	b.send("d8d5")
	b.waitFor("\x19(42 1 d8d5 ")
	b.send("e7e5")
	a.waitFor("\x19(24 1 ?\x19)")

	b2 := dropAndReturn(t, u, a, b, "bob")
	got := b2.waitFor("\x19(24 1 e7e5")
	refused, moved := strings.Index(got, "\x19(42 1 d8d5 "), strings.Index(got, "\x19(24 1 ?\x19)")
	if refused < 0 || moved < 0 || refused < moved {
		t.Fatalf("the replay of bob's game: %q; want White's move, then bob's refused d8d5, then his e7e5", got)
	}
	if strings.Contains(got, "e2e5") {
		t.Fatalf("bob heard alice's refused attempt in the replay: %q", got)
	}
}

// dropAndReturn drops player (the unregistered name, Black of game 1 against
// alice, whose connection is opp) and logs it in again with its reconnect
// token: the new connection, once it has heard the game's start.
func dropAndReturn(t *testing.T, u *umpire, opp, player *raw, name string) *raw {
	t.Helper()
	token := tokenOf(t, player)
	player.nc.Close()
	opp.waitFor(name + " has disconnected")
	again := u.login(t, name, token)
	again.waitFor("\x19(15 1 alice " + name + " ")
	return again
}
