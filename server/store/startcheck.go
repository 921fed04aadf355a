package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
)

// notAFile reports why the SQLite file at path cannot be kriegd's database
// before SQLite opens it: a folder in its place, or an empty file, which
// SQLite would take for a new database (kriegd writes the header at once
// when it makes one, so an empty file is what a failed copy or restore
// leaves). nil when it is not there (kriegd makes it) or may be a database.
func notAFile(path string) error {
	info, err := os.Stat(path)
	switch {
	case err != nil:
		return nil // not there, or unreadable: opening it says why
	case info.IsDir():
		return &DamagedError{Name: path, Err: errors.New("it is a folder, not a database file")}
	case info.Mode().IsRegular() && info.Size() == 0:
		return &DamagedError{Name: path, Err: errors.New("it is empty, 0 bytes, where a database file begins with a header")}
	}
	return nil
}

// QuickCheck checks that the tables are kriegd's and runs SQLite's
// quick_check, which reads every page of the file and finds a damaged one
// in a fraction of integrity_check's time (it leaves out comparing indexes
// with their tables); on PostgreSQL it is Check. kriegd runs it at start,
// so that a damaged file stops the server with a plain reason rather than
// failing every login as "not answering". A damaged database is a
// DamagedError.
func (s *Store) QuickCheck(ctx context.Context) error {
	if err := s.checkSchema(ctx); err != nil {
		return err
	}
	if s.postgres {
		return s.damagedAtStart(s.Check(ctx))
	}
	return s.damagedAtStart(s.pragmaCheck(ctx, "quick_check", "quick check"))
}

// checkSchema asks each table for the columns kriegd reads and writes,
// rows left out, so that a table or column missing stops the start rather
// than failing every login that needs it.
func (s *Store) checkSchema(ctx context.Context) error {
	for _, t := range schema {
		rows, err := s.db.QueryContext(ctx, "SELECT "+strings.Join(t.columns, ", ")+" FROM "+t.name+" LIMIT 0")
		if err != nil {
			return s.damagedAtStart(fmt.Errorf("store: checking table %s: %w", t.name, err))
		}
		rows.Close()
	}
	return nil
}

// checkFound is the problems one of SQLite's checks reported, as the
// detail of a DamagedError: the first few on one line, and how many more.
func (s *Store) checkFound(what, res string) error {
	var lines []string
	for _, l := range strings.Split(res, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "***") {
			lines = append(lines, l)
		}
	}
	if len(lines) == 0 {
		lines = []string{strings.TrimSpace(res)}
	}
	const shown = 3
	found := strings.Join(lines[:min(len(lines), shown)], "; ")
	if len(lines) > shown {
		found += fmt.Sprintf("; and %d more", len(lines)-shown)
	}
	return &DamagedError{Name: s.name, Err: fmt.Errorf("SQLite's %s found: %s", what, found)}
}
