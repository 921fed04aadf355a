package server_test

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/server"
)

// stillClock is the real clock with Now held at one instant, so that a
// test can restart a server within the same second for certain; the
// instant is an hour ahead, since read deadlines are set from it.
type stillClock struct {
	server.Clock
	now time.Time
}

func (c stillClock) Now() time.Time { return c.now }

// TestRestartWithinASecondKeepsBothRecords: game numbers once started
// again at 1 after a restart, so a game started in the same second as one
// aborted by the stop had the same record ID, and its record overwrote the
// first's while the index kept the first entry and lost the rated result.
// Numbers now go on (gamenumbers_test.go), and a record never replaces
// another (TestTakenRecordIDGetsAFreshOne): both records are kept, in
// files of their own, both indexed, and the ratings move.
func TestRestartWithinASecondKeepsBothRecords(t *testing.T) {
	cfg := server.Config{DataDir: t.TempDir(), Clock: stillClock{server.RealClock, time.Now().Add(time.Hour)}}
	first := startUmpire(t, cfg)
	addAccount(t, first, "alice", "alicepw")
	addAccount(t, first, "bob", "bobpw1")
	a, b := first.login(t, "alice", "alicepw"), first.login(t, "bob", "bobpw1")
	begin(t, a, b, "bob", "5 0 r")
	a.send("e2e4")
	b.waitFor("\x19(24 1 ?\x19)")
	if err := first.srv.Close(); err != nil {
		t.Fatal(err)
	}

	cfg.Store = first.store
	second := startUmpire(t, cfg)
	a, b = second.login(t, "alice", "alicepw"), second.login(t, "bob", "bobpw1")
	begin(t, a, b, "bob", "5 0 r")
	firstMoves(a, b)
	a.send("resign")
	b.waitFor("\x19(16 2 ")
	if err := second.srv.Close(); err != nil {
		t.Fatal(err)
	}

	games, err := first.store.Games(context.Background(), "", 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 || games[0].ID == games[1].ID || games[0].Path == games[1].Path {
		t.Fatalf("the index holds %+v; want two games with IDs and files of their own", games)
	}
	results := map[string]bool{}
	for _, g := range games {
		pgn, err := os.ReadFile(g.Path)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(pgn), `[Result "`+g.Result+`"]`) {
			t.Errorf("game %s is indexed as %s, its file says:\n%s", g.ID, g.Result, pgn)
		}
		results[g.Result+" "+g.Reason] = g.Rated
	}
	if rated, ok := results["0-1 resignation"]; !ok || !rated {
		t.Errorf("the resigned game is not indexed as rated 0-1: %+v", games)
	}
	acct, err := first.store.Account(context.Background(), "alice")
	if err != nil {
		t.Fatal(err)
	}
	if acct.Games != 1 {
		t.Errorf("alice's account has %d rated games; want 1", acct.Games)
	}
}
