package server_test

import (
	"context"
	"strings"
	"testing"

	"github.com/krieg/krieg/server"
	"github.com/krieg/krieg/server/store"
	"github.com/krieg/krieg/server/store/pgtest"
)

// TestGameNumbersGoOnAfterARestart: game numbers started again at 1 after
// a restart, and players saw "Game 1" for a new game while the history
// held the game 1 of before. A server restarted on the same store numbers
// on from the games recorded, on SQLite and on PostgreSQL alike.
func TestGameNumbersGoOnAfterARestart(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) { numbersGoOn(t, "") })
	t.Run("postgres", func(t *testing.T) { numbersGoOn(t, pgtest.Start(t)) })
}

// numbersGoOn plays games 1 and 2 on a server with its store on dsn
// (SQLite in the data folder when ""), restarts it on the same store, and
// wants the next game to be game 3, recorded as such.
func numbersGoOn(t *testing.T, dsn string) {
	data := t.TempDir()
	st, err := store.Open(context.Background(), dsn, data)
	if err != nil {
		t.Fatal(err)
	}
	cfg := server.Config{DataDir: data, Store: st}
	first := startUmpire(t, cfg)
	a, b := first.login(t, "alice", ""), first.login(t, "bob", "")
	for n := 1; n <= 2; n++ {
		begin(t, a, b, "bob", "5 0 u")
		moveThenResign(a, b, n)
	}
	if err := first.srv.Close(); err != nil {
		t.Fatal(err)
	}

	second := startUmpire(t, cfg)
	a, b = second.login(t, "alice", ""), second.login(t, "bob", "")
	begin(t, a, b, "bob", "5 0 u")
	if got := a.all(); !strings.Contains(got, "{Game 3 (alice vs. bob) Creating") {
		t.Fatalf("the first game after the restart is not game 3:\n%q", got)
	}
	moveThenResign(a, b, 3)
	games, err := st.Games(context.Background(), "alice", 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 3 || !strings.HasSuffix(games[0].ID, "-3") {
		t.Fatalf("the history after the restart: %+v; want 3 games, the newest recorded as game 3", games)
	}
}
