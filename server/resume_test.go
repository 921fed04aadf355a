package server_test

import (
	"context"
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
	fresh, err := icc.New(icc.Options{Addr: u.addr, User: "Carol", Password: "carolpw", Quiet: 15 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer fresh.Close()
	go func() {
		for range fresh.Events() {
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := fresh.Connect(ctx); err != nil {
		t.Fatal(err)
	}
	if !fresh.Playing() {
		t.Fatal("signed in again mid-game, and the driver does not know the game is on")
	}
	idle, err := icc.New(icc.Options{Addr: u.addr, User: "erin", Quiet: 15 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer idle.Close()
	go func() {
		for range idle.Events() {
		}
	}()
	if err := idle.Connect(ctx); err != nil {
		t.Fatal(err)
	}
	if idle.Playing() {
		t.Fatal("a player with no game is said to be playing")
	}
}
