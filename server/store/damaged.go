package store

import (
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
)

// SQLite's result codes for a file that is damaged or not a database at
// all, and for an SQL error such as a missing table
// (https://www.sqlite.org/rescode.html); extended codes keep them in their
// low byte.
const (
	sqliteError   = 1
	sqliteCorrupt = 11
	sqliteNotADB  = 26
)

// PostgreSQL's codes for a table or column that is not there: the schema
// is not the one the migrations made.
var pgWrongSchema = map[string]bool{"42P01": true, "42703": true}

// ErrWrongRow is a row the database gave for a key that is not its own, as
// a damaged index does.
var ErrWrongRow = errors.New("the database gave another account's row: its index is damaged")

// DamagedError is a database that Open or a check found damaged, in
// whatever shape (damaged pages, noise, an empty file, tables that are not
// kriegd's, a folder in the file's place), so that kriegd can say the same
// thing for each: which database, and that no retry will help.
type DamagedError struct {
	Name string // the file, or "the PostgreSQL database"
	Err  error  // what was found, in SQLite's or PostgreSQL's words where they have some
}

// Error names the database and says it is damaged, and how.
func (e *DamagedError) Error() string { return fmt.Sprintf("%s is damaged (%v)", e.Name, e.Err) }

// Unwrap gives what was found, so that errors.As finds the driver's error.
func (e *DamagedError) Unwrap() error { return e.Err }

// Damaged reports whether err says the database file is damaged: no retry
// will help, and the operator must restore it.
func Damaged(err error) bool {
	var d *DamagedError
	if errors.Is(err, ErrWrongRow) || errors.As(err, &d) {
		return true
	}
	return sqliteCode(err) == sqliteCorrupt || sqliteCode(err) == sqliteNotADB
}

// sqliteCode is the primary result code of SQLite's error in err, or 0.
func sqliteCode(err error) int {
	var e *sqlite.Error
	if errors.As(err, &e) {
		return e.Code() & 0xff
	}
	return 0
}

// wrongSchema reports whether err says a table or column is missing or
// in the way, which on a file opened or checked at start means the tables
// are not the ones kriegd's migrations made.
func wrongSchema(err error) bool {
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		return pgWrongSchema[pg.Code]
	}
	return sqliteCode(err) == sqliteError
}

// damagedAtStart returns err as a DamagedError naming the database when it
// says the database is damaged or its tables are not kriegd's (the driver's
// own words kept as the detail), and err itself otherwise (not answering,
// no permission), which a restore would not mend.
func (s *Store) damagedAtStart(err error) error {
	var d *DamagedError
	switch {
	case err == nil || errors.As(err, &d):
		return err
	case wrongSchema(err):
		return &DamagedError{Name: s.name, Err: fmt.Errorf("its tables are not the ones kriegd makes: %w", driverError(err))}
	case Damaged(err):
		return &DamagedError{Name: s.name, Err: driverError(err)}
	}
	return err
}

// driverError is the database's own error inside err, without the store's
// words around it, or err when it holds none.
func driverError(err error) error {
	var e *sqlite.Error
	var pg *pgconn.PgError
	switch {
	case errors.As(err, &e):
		return e
	case errors.As(err, &pg):
		return pg
	}
	return err
}
