package server_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/server"
)

// TestUnplayedGameIsAborted: a rated game resigned, drawn by agreement or
// left before both players have moved is aborted, as lichess does: each
// player hears why, no rating moves, no game counts, nothing is recorded.
// Once both have moved, the same resignation is scored.
func TestUnplayedGameIsAborted(t *testing.T) {
	u := startUmpire(t, server.Config{Grace: time.Second})
	addAccount(t, u, "alice", "alicepw")
	addAccount(t, u, "bob", "bobpw1")
	a, b := u.login(t, "alice", "alicepw"), u.login(t, "bob", "bobpw1")

	// Resigned before any move.
	begin(t, a, b, "bob", "5 0 r")
	a.send("resign")
	for _, p := range []*raw{a, b} {
		p.waitFor("Game 1 aborted: alice resigned before both players had moved; no result, unrated.")
		p.waitFor("\x19(16 1 0 BA * ")
	}

	// Resigned by Black after White's first move.
	begin(t, a, b, "bob", "5 0 r")
	a.send("e2e4")
	b.waitFor("\x19(24 2 ?\x19)")
	b.send("resign")
	a.waitFor("Game 2 aborted: bob resigned before both players had moved; no result, unrated.")
	a.waitFor("\x19(16 2 0 BA * ")

	// A draw agreed after White's first move.
	begin(t, a, b, "bob", "5 0 r")
	a.send("e2e4")
	b.waitFor("\x19(24 3 ?\x19)")
	b.send("draw")
	a.waitFor("bob offers to draw")
	a.send("draw")
	b.waitFor("Game 3 aborted: a draw was agreed before both players had moved; no result, unrated.")
	b.waitFor("\x19(16 3 0 BA * ")

	// Left after White's first move: the grace period ends in an abort,
	// not in a win for the one who stayed.
	begin(t, a, b, "bob", "5 0 r")
	a.send("e2e4")
	b.waitFor("\x19(24 4 ?\x19)")
	b.nc.Close()
	a.waitFor("bob has disconnected; the game is aborted unless they return within 1 second.")
	a.waitFor("Game 4 aborted: bob left before both players had moved, and was away when the grace period (1 second) ended; no result, unrated.")
	a.waitFor("\x19(16 4 0 BA * ")

	for _, name := range []string{"alice", "bob"} {
		acct, err := u.store.Account(context.Background(), name)
		if err != nil {
			t.Fatal(err)
		}
		if acct.Games != 0 || int(acct.Rating.R) != 1500 {
			t.Errorf("%s after four unplayed games: %d rated games, rating %.0f; want none and 1500", name, acct.Games, acct.Rating.R)
		}
	}
	a.send("history")
	a.waitFor("History of")
	if h := a.waitFor("\x19]"); !strings.Contains(h, "no games on record") {
		t.Errorf("history after four unplayed games: %q", h)
	}

	// Once both have moved, a resignation is scored and rated.
	b = u.login(t, "bob", "bobpw1")
	begin(t, a, b, "bob", "5 0 r")
	moveThenResign(a, b, 5)
	a.waitFor("Your rating: 1500 -> ")
	acct, err := u.store.Account(context.Background(), "alice")
	if err != nil {
		t.Fatal(err)
	}
	if acct.Games != 1 {
		t.Errorf("alice after a game both moved in and bob resigned: %d rated games, want 1", acct.Games)
	}
}
