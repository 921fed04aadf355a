package server_test

import (
	"testing"
	"time"

	"github.com/krieg/krieg/net/icc"
	"github.com/krieg/krieg/server"
)

// TestResumedGameKnownAtLogin: a player who signs in again mid-game is
// known to be playing as soon as the driver's login returns, so that the
// page can keep its lobby closed over the board (an outside tester saw the
// lobby open over a game in progress after signing back in).
func TestResumedGameKnownAtLogin(t *testing.T) {
	u := startUmpire(t, server.Config{})
	addAccount(t, u, "Carol", "carolpw")
	c, d := u.login(t, "Carol", "carolpw"), u.login(t, "dave", "")
	begin(t, c, d, "dave", "5 0 u")
	opt := icc.Options{Addr: u.addr, User: "Carol", Password: "carolpw", Quiet: 15 * time.Millisecond, LoginTimeout: 5 * time.Second}
	if again := u.connectWith(t, opt); !again.c.Playing() {
		t.Fatal("signed in again mid-game, and the driver does not know the game is on")
	}
	opt.User, opt.Password = "erin", ""
	if idle := u.connectWith(t, opt); idle.c.Playing() {
		t.Fatal("a player with no game is said to be playing")
	}
}
