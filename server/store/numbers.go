package store

import (
	"context"
	"fmt"
)

// A game's ID, as kriegd writes it, is the second the game started and the
// game's number, "20261127T120552-12", with "-2", "-3", ... after it when
// that ID was taken already. A restarted kriegd numbers its games on from
// the highest number its index holds (HighestGameNumber), so that "Game 1"
// of a new run is not the "Game 1" of the history. The number is read in
// the database, one scan at start, by each database's own means: SQLite's
// GLOB and CAST (which reads "12-2" as 12) and PostgreSQL's regular
// expressions.

// MaxGameNumber is the highest game number HighestGameNumber reads: an ID
// whose number has more than nine digits is no kriegd's, and reading it
// could overflow the count.
const MaxGameNumber = 999999999

// highestNumber is HighestGameNumber's query on each database.
const (
	highestNumberSQLite = `SELECT COALESCE(MAX(CAST(substr(id, 17) AS INTEGER)), 0) FROM games
		WHERE id GLOB '[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]T[0-9][0-9][0-9][0-9][0-9][0-9]-[0-9]*'
		AND substr(id, 17) NOT GLOB '*[^0-9-]*' AND CAST(substr(id, 17) AS INTEGER) BETWEEN 1 AND 999999999`
	highestNumberPostgres = `SELECT COALESCE(MAX(CAST(substring(id FROM '^[0-9]{8}T[0-9]{6}-([0-9]{1,9})(-[0-9]+)?$') AS INTEGER)), 0) FROM games`
)

// HighestGameNumber returns the highest game number among the IDs of the
// games indexed, 0 when there is none; IDs of another shape are passed
// over.
func (s *Store) HighestGameNumber(ctx context.Context) (int, error) {
	query := highestNumberSQLite
	if s.postgres {
		query = highestNumberPostgres
	}
	var n int
	if err := s.db.QueryRowContext(ctx, query).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: reading the highest game number: %w", err)
	}
	return n, nil
}
