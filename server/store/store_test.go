package store_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	stdnet "net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/krieg/krieg/server/rating"
	"github.com/krieg/krieg/server/store"
)

func TestStoreSQLite(t *testing.T) { storeCases(t, "", t.TempDir()) }

// TestStorePostgres runs the same on a real PostgreSQL server started
// from the Debian package in a temporary folder.
func TestStorePostgres(t *testing.T) { storeCases(t, startPostgres(t), t.TempDir()) }

// startPostgres starts a PostgreSQL server on a loopback port (as the
// unprivileged user nobody when run as root) and returns its DSN.
func startPostgres(t *testing.T) string {
	t.Helper()
	bins, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	if len(bins) == 0 {
		t.Skip("PostgreSQL is not installed (/usr/lib/postgresql/*/bin/initdb): apt-get install postgresql, or make test")
	}
	bin := filepath.Dir(bins[len(bins)-1])
	dir, err := os.MkdirTemp("", "kriegd-pg-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	as := func(name string, args ...string) *exec.Cmd { return exec.Command(filepath.Join(bin, name), args...) }
	if os.Getuid() == 0 {
		u, err := user.Lookup("nobody")
		if err != nil {
			t.Skip("running as root without a user nobody to run PostgreSQL as")
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			t.Fatal(err)
		}
		as = func(name string, args ...string) *exec.Cmd {
			return exec.Command("setpriv", append([]string{"--reuid=" + u.Uid, "--regid=" + u.Gid, "--clear-groups", filepath.Join(bin, name)}, args...)...)
		}
	}
	data := filepath.Join(dir, "data")
	if out, err := as("initdb", "-D", data, "-A", "trust", "-U", "postgres").CombinedOutput(); err != nil {
		t.Fatalf("initdb: %v\n%s", err, out)
	}
	ln, err := stdnet.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*stdnet.TCPAddr).Port
	ln.Close()
	pg := as("postgres", "-D", data, "-p", strconv.Itoa(port), "-k", dir, "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off")
	var logs bytes.Buffer
	pg.Stdout, pg.Stderr = &logs, &logs
	if err := pg.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		pg.Process.Signal(os.Interrupt)
		pg.Wait()
	})
	dsn := fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", port)
	for deadline := time.Now().Add(30 * time.Second); ; {
		st, err := store.Open(context.Background(), dsn, "")
		if err == nil {
			st.Close()
			return dsn
		}
		if time.Now().After(deadline) {
			t.Fatalf("PostgreSQL did not come up: %v\n%s", err, logs.String())
		}
		time.Sleep(200 * time.Millisecond)
	}
}

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
	rc, rd := rating.Update(rating.Start, rating.Start, 1), rating.Update(rating.Start, rating.Start, 0)
	g := store.Game{ID: "g1", White: "Carol", Black: "dave", Rules: "wild16", Result: "1-0", Reason: "checkmate",
		Rated: true, Plies: 41, Path: "/x/g1.pgn", Ended: time.Unix(1700000000, 0).UTC()}
	if err := st.FinishGame(ctx, g, map[string]rating.Rating{"Carol": rc, "dave": rd}); err != nil {
		t.Fatal(err)
	}
	if err := st.FinishGame(ctx, g, nil); err == nil {
		t.Fatal("the same game indexed twice")
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
