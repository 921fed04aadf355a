package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/krieg/krieg/server/rating"
	"github.com/krieg/krieg/server/store"
	"github.com/krieg/krieg/server/store/pgtest"
)

func TestStoreSQLite(t *testing.T) { storeCases(t, "", t.TempDir()) }

// TestStorePostgres runs the same on a real PostgreSQL server started
// from the Debian package in a temporary folder.
func TestStorePostgres(t *testing.T) { storeCases(t, pgtest.Start(t), t.TempDir()) }

// storeCases runs accounts, a rated game's index entry with its ratings,
// the listing, the integrity check and a second opening (the migrations
// run once) on the database dsn.
func storeCases(t *testing.T, dsn, dir string) {
	ctx := context.Background()
	st, err := store.Open(ctx, dsn, dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.AddAccount(ctx, "Carol", "hash-c"); err != nil {
		t.Fatal(err)
	}
	if err := st.AddAccount(ctx, "dave", "hash-d"); err != nil {
		t.Fatal(err)
	}
	if err := st.AddAccount(ctx, "CAROL", "x"); !errors.Is(err, store.ErrExists) {
		t.Fatalf("adding CAROL again: %v; want ErrExists", err)
	}
	if _, err := st.Account(ctx, "nobody"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("reading nobody: %v; want ErrNotFound", err)
	}
	a, err := st.Account(ctx, "carol")
	if err != nil || a.Name != "Carol" || a.Hash != "hash-c" || a.Rating != rating.Start || a.Games != 0 {
		t.Fatalf("carol: %+v, %v", a, err)
	}
	if err := st.SetPassword(ctx, "CAROL", "hash-c2"); err != nil {
		t.Fatal(err)
	}
	if a, err := st.Account(ctx, "carol"); err != nil || a.Hash != "hash-c2" {
		t.Fatalf("carol after her new password: %+v, %v; want hash-c2", a, err)
	}
	if d, _ := st.Account(ctx, "dave"); d.Hash != "hash-d" {
		t.Fatalf("dave's hash changed with carol's: %q", d.Hash)
	}
	if err := st.SetPassword(ctx, "nobody", "h"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a password for nobody: %v; want ErrNotFound", err)
	}
	if err := st.RemoveAccount(ctx, "nobody"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("removing nobody: %v; want ErrNotFound", err)
	}
	if err := st.AddAccount(ctx, "Eve", "hash-e"); err != nil {
		t.Fatal(err)
	}
	if err := st.RemoveAccount(ctx, "EVE"); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Account(ctx, "eve"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("eve after her account was removed: %v; want ErrNotFound", err)
	}
	if all, err := st.Accounts(ctx); err != nil || len(all) != 2 || all[0].Name != "Carol" || all[1].Name != "dave" || all[0].Hash != "" || all[1].Rating != rating.Start {
		t.Fatalf("the accounts: %+v, %v; want Carol then dave, no hashes, the start rating", all, err)
	}
	rc, rd := rating.Update(rating.Start, rating.Start, 1), rating.Update(rating.Start, rating.Start, 0)
	g := store.Game{ID: "g1", White: "Carol", Black: "dave", Rules: "wild16", Result: "1-0", Reason: "checkmate",
		Rated: true, Plies: 41, Path: "/x/g1.pgn", Ended: time.Unix(1700000000, 0).UTC()}
	if err := st.FinishGame(ctx, g, map[string]rating.Rating{"Carol": rc, "dave": rd}); err != nil {
		t.Fatal(err)
	}
	// A retry (the first commit's answer lost) stores nothing twice: not
	// the game, not the ratings.
	if err := st.FinishGame(ctx, g, map[string]rating.Rating{"Carol": rc, "dave": rd}); err != nil {
		t.Fatalf("the same game again: %v; want it ignored", err)
	}
	a, _ = st.Account(ctx, "CAROL")
	if a.Rating != rc || a.Games != 1 {
		t.Fatalf("carol after the win: %+v; want rating %+v over 1 game", a, rc)
	}
	games, err := st.Games(ctx, "DAVE", 10)
	if err != nil || len(games) != 1 || games[0] != g {
		t.Fatalf("dave's games: %+v, %v; want %+v", games, err, g)
	}
	if err := st.Check(ctx); err != nil {
		t.Fatal(err)
	}
	st.Close()
	again, err := store.Open(ctx, dsn, dir)
	if err != nil {
		t.Fatalf("reopening (migrations again): %v", err)
	}
	defer again.Close()
	if games, err := again.Games(ctx, "", 10); err != nil || len(games) != 1 {
		t.Fatalf("after reopening: %+v, %v", games, err)
	}
}
