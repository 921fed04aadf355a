package store_test

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/krieg/krieg/server/store"
	"github.com/krieg/krieg/server/store/pgtest"
)

// TestDamagedFileIsTold: on a SQLite file whose pages were overwritten,
// the quick check fails and a read that meets a damaged page is told apart
// (Damaged) from a database that is only not answering.
func TestDamagedFileIsTold(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	st, err := store.Open(ctx, "", dir)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 200; i++ {
		if err := st.AddAccount(ctx, fmt.Sprintf("player%03d", i), "hash"); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.QuickCheck(ctx); err != nil {
		t.Fatalf("a sound file: %v", err)
	}
	st.Close()
	path := filepath.Join(dir, "kriegd.db")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	copy(data[4096:], bytes.Repeat([]byte("GARBAGE!"), (len(data)-4096)/8))
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	st, err = store.Open(ctx, "", dir)
	if err != nil {
		if !store.Damaged(err) {
			t.Fatalf("opening the damaged file: %v; want it told as damaged", err)
		}
		return
	}
	defer st.Close()
	if err := st.QuickCheck(ctx); err == nil {
		t.Fatal("the quick check passed a damaged file")
	}
	_, err = st.Account(ctx, "player150")
	if err == nil || !store.Damaged(err) {
		t.Fatalf("reading an account from the damaged file: %v; want an error told as damaged", err)
	}
	if store.Damaged(errors.New("connection refused")) {
		t.Fatal("an error that is no damage was told as damage")
	}
}

// TestWrongRowIsDamage: a database that answers a name's lookup with
// another account's row (a damaged index does; here a view over the
// accounts stands in for it) gives no account but an error told as damage,
// so that a login never becomes another player's.
func TestWrongRowIsDamage(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	st, err := store.Open(ctx, "", dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"dbA", "dbB"} {
		if err := st.AddAccount(ctx, name, "hash-"+name); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()
	db, err := sql.Open("sqlite", filepath.Join(dir, "kriegd.db"))
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`ALTER TABLE accounts RENAME TO real_accounts`,
		`CREATE VIEW accounts AS SELECT CASE WHEN r.lname = 'dba' THEN o.name ELSE r.name END AS name,
			r.lname AS lname, CASE WHEN r.lname = 'dba' THEN o.hash ELSE r.hash END AS hash,
			r.rating, r.rd, r.sigma, r.games, r.joined
			FROM real_accounts r JOIN real_accounts o ON o.lname = 'dbb'`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	st, err = store.Open(ctx, "", dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	// dbA's key now reads dbB's name and password hash, as on a damaged
	// index; dbB's own row is as it was.
	a, err := st.Account(ctx, "dbb")
	if err == nil && a.Name != "dbB" {
		t.Fatalf("dbb read as %+v", a)
	}
	got, err := st.Account(ctx, "dbA")
	if err == nil || !store.Damaged(err) || !errors.Is(err, store.ErrWrongRow) {
		t.Fatalf("dbA read as %+v, %v; want no account and an error told as damage", got, err)
	}
}

// TestMissingColumnIsDamage: a database whose table lacks a column kriegd
// uses passes the driver's own checks, but the check at start finds it and
// names it as damage, on both databases alike, so that kriegd does not
// start to fail every game's end.
func TestMissingColumnIsDamage(t *testing.T) { onBothDatabases(t, missingColumn) }

// onBothDatabases runs check on a SQLite file in a folder of its own and
// on a PostgreSQL database, giving it the driver, the source to reach the
// database with, the dsn and folder to open the store with, and the name
// kriegd gives the database in its messages.
func onBothDatabases(t *testing.T, check func(t *testing.T, driver, source, dsn, dir, name string)) {
	t.Run("sqlite", func(t *testing.T) {
		dir := t.TempDir()
		check(t, "sqlite", filepath.Join(dir, "kriegd.db"), "", dir, filepath.Join(dir, "kriegd.db"))
	})
	t.Run("postgres", func(t *testing.T) {
		dsn := pgtest.Start(t)
		check(t, "pgx", dsn, dsn, "", "the PostgreSQL database")
	})
}

// missingColumn opens the store on dsn (in dir), drops a column through
// driver at source, and wants the quick check to call the database named
// name damaged.
func missingColumn(t *testing.T, driver, source, dsn, dir, name string) {
	ctx := context.Background()
	st, err := store.Open(ctx, dsn, dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.QuickCheck(ctx); err != nil {
		t.Fatalf("a sound database: %v", err)
	}
	st.Close()
	db, err := sql.Open(driver, source)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`ALTER TABLE games DROP COLUMN path`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	st, err = store.Open(ctx, dsn, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	err = st.QuickCheck(ctx)
	var d *store.DamagedError
	if !errors.As(err, &d) || d.Name != name || !strings.Contains(err.Error(), "path") {
		t.Fatalf("the check of a table without its column: %v; want %s told as damaged, naming the column", err, name)
	}
}
