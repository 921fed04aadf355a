package store

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"slices"
	"strings"
)

// tablesQuery lists the tables of a database: on SQLite every table but
// SQLite's own, on PostgreSQL those of the schema kriegd's tables go in.
var tablesQuery = map[bool]string{
	false: `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\_%' ESCAPE '\' ORDER BY name`,
	true:  `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name`,
}

// tables lists the tables of db, a PostgreSQL database when postgres.
func tables(ctx context.Context, db *sql.DB, postgres bool) ([]string, error) {
	rows, err := db.QueryContext(ctx, tablesQuery[postgres])
	if err != nil {
		return nil, fmt.Errorf("store: listing the tables: %w", err)
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return nil, fmt.Errorf("store: listing the tables: %w", err)
		}
		names = append(names, name)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: listing the tables: %w", err)
	}
	return names, nil
}

// foreignFile looks, read-only, at the SQLite file at path before kriegd
// opens it to write, and reports a file holding tables but not kriegd's
// migrations table as a DamagedError: it is another program's file (or
// kriegd's with its version lost), and opening it to write would switch it
// to WAL and add kriegd's tables to it. nil when the file is not there or
// has no tables yet (kriegd makes its own), or when it may be kriegd's;
// a file SQLite cannot read is damaged as the driver says.
func (s *Store) foreignFile(ctx context.Context, path string) error {
	if _, err := os.Stat(path); err != nil {
		return nil // not there, or unreadable: opening it says why
	}
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		return fmt.Errorf("store: opening %s: %w", path, err)
	}
	defer db.Close()
	names, err := tables(ctx, db, false)
	if err != nil {
		return s.damagedAtStart(err)
	}
	if len(names) == 0 || slices.Contains(names, "migrations") {
		return nil
	}
	what := "another program's tables"
	if len(ours(names)) > 0 {
		what = "tables named as kriegd's"
	}
	return &DamagedError{Name: s.name, Err: fmt.Errorf("it holds %s (%s) but not kriegd's migrations table", what, strings.Join(names, ", "))}
}

// ours is those of names that are kriegd's own tables, migrations left out.
func ours(names []string) []string {
	var found []string
	for _, t := range schema {
		if t.name != "migrations" && slices.Contains(names, t.name) {
			found = append(found, t.name)
		}
	}
	return found
}

// emptyMigrations reports a database whose migrations table holds no
// version while kriegd's tables are there as a DamagedError: the
// migrations would try to make those tables again and fail with the
// driver's "already exists", which tells the operator nothing.
func (s *Store) emptyMigrations(ctx context.Context) error {
	names, err := tables(ctx, s.db, s.postgres)
	if err != nil {
		return err
	}
	if found := ours(names); len(found) > 0 {
		return &DamagedError{Name: s.name, Err: fmt.Errorf("the migrations table is empty though kriegd's tables (%s) are there", strings.Join(found, ", "))}
	}
	return nil
}
