package store

import (
	"context"
	"errors"

	"modernc.org/sqlite"
)

// SQLite's result codes for a file that is damaged or not a database at
// all (https://www.sqlite.org/rescode.html); extended codes keep them in
// their low byte.
const (
	sqliteCorrupt = 11
	sqliteNotADB  = 26
)

// ErrWrongRow is a row the database gave for a key that is not its own, as
// a damaged index does.
var ErrWrongRow = errors.New("the database gave another account's row: its index is damaged")

// Damaged reports whether err says the database file is damaged: no retry
// will help, and the operator must restore it.
func Damaged(err error) bool {
	if errors.Is(err, ErrWrongRow) {
		return true
	}
	var e *sqlite.Error
	if errors.As(err, &e) {
		c := e.Code() & 0xff
		return c == sqliteCorrupt || c == sqliteNotADB
	}
	return false
}

// QuickCheck runs SQLite's quick_check, which reads every page of the file
// and finds a damaged one in a fraction of integrity_check's time (it
// leaves out comparing indexes with their tables); on PostgreSQL it is
// Check. kriegd runs it at start, so that a damaged file stops the server
// with a plain reason rather than failing every login as "not answering".
func (s *Store) QuickCheck(ctx context.Context) error {
	if s.postgres {
		return s.Check(ctx)
	}
	return s.pragmaCheck(ctx, "quick_check", "quick check")
}
