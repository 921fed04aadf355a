package server_test

import (
	"context"
	"testing"
	"time"

	"github.com/krieg/krieg/server"
	"github.com/krieg/krieg/server/store"
)

// TestBothDroppedIsAborted: when both players of a game dropped, the first
// one's grace period ended in a win "by disconnection" for the second, who
// was just as gone (an outside tester's finding). With both away when it
// ends, the game is aborted: no result, unrated, recorded with its moves
// and why; a returning player hears nothing of a win.
func TestBothDroppedIsAborted(t *testing.T) {
	u := startUmpire(t, server.Config{Grace: time.Second})
	addAccount(t, u, "Carol", "carolpw")
	addAccount(t, u, "Dave", "davepw")
	a, b := u.login(t, "Carol", "carolpw"), u.login(t, "Dave", "davepw")
	begin(t, a, b, "Dave", "5 0 r")
	a.send("e2e4")
	b.waitFor("\x19(24 1 ?\x19)")
	b.send("e7e5")
	a.waitFor("\x19(24 1 ?\x19)")
	a.nc.Close()
	b.waitFor("Carol has disconnected")
	b.nc.Close()

	var games []store.Game
	for deadline := time.Now().Add(5 * time.Second); len(games) == 0 && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		var err error
		if games, err = u.store.Games(context.Background(), "", 10); err != nil {
			t.Fatal(err)
		}
	}
	abortedRecord(t, games, `[TerminationDetails "both players left the game, and were away when `)
	for _, name := range []string{"carol", "dave"} {
		acct, err := u.store.Account(context.Background(), name)
		if err != nil {
			t.Fatal(err)
		}
		if acct.Games != 0 {
			t.Errorf("%s has %d rated games after an aborted one", name, acct.Games)
		}
	}
}
