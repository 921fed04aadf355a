package store_test

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"testing"

	"github.com/krieg/krieg/server/store"
)

// TestVersionIsChecked: a database whose migrations table is empty beside
// kriegd's tables is damaged in words that say so (it was "table accounts
// already exists"), and one whose schema version is beyond this kriegd's
// migrations is a NewerError naming the version (it opened without a
// word), on both databases alike.
func TestVersionIsChecked(t *testing.T) { onBothDatabases(t, versionChecks) }

// versionChecks opens the store on dsn (in dir), changes its migrations
// table through driver at source, and wants the next opening to refuse
// the database named name, first as damaged, then as a newer kriegd's.
func versionChecks(t *testing.T, driver, source, dsn, dir, name string) {
	ctx := context.Background()
	st, err := store.Open(ctx, dsn, dir)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	db, err := sql.Open(driver, source)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`DELETE FROM migrations`); err != nil {
		t.Fatal(err)
	}
	_, err = store.Open(ctx, dsn, dir)
	var d *store.DamagedError
	if !errors.As(err, &d) || d.Name != name || !strings.Contains(err.Error(), "the migrations table is empty though kriegd's tables (accounts, games) are there") {
		t.Fatalf("opening with the migrations table empty: %v; want %s told as damaged, saying so", err, name)
	}
	if _, err := db.Exec(`INSERT INTO migrations (version) VALUES (999)`); err != nil {
		t.Fatal(err)
	}
	_, err = store.Open(ctx, dsn, dir)
	var n *store.NewerError
	if !errors.As(err, &n) || n.Name != name || n.Version != 999 || n.Known >= 999 || store.Damaged(err) {
		t.Fatalf("opening at schema version 999: %v; want %s told as a newer kriegd's, not as damaged", err, name)
	}
}
