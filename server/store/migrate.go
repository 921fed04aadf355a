package store

import (
	"context"
	"fmt"
)

// migrations are applied in order, each once; the table migrations holds
// the number applied. Only add to the end of this list.
var migrations = []string{
	`CREATE TABLE accounts (
		name TEXT NOT NULL,
		lname TEXT PRIMARY KEY,
		hash TEXT NOT NULL,
		rating DOUBLE PRECISION NOT NULL,
		rd DOUBLE PRECISION NOT NULL,
		sigma DOUBLE PRECISION NOT NULL,
		games INTEGER NOT NULL,
		joined BIGINT NOT NULL
	)`,
	`CREATE TABLE games (
		id TEXT PRIMARY KEY,
		white TEXT NOT NULL, black TEXT NOT NULL,
		lwhite TEXT NOT NULL, lblack TEXT NOT NULL,
		rules TEXT NOT NULL,
		result TEXT NOT NULL, reason TEXT NOT NULL,
		rated BOOLEAN NOT NULL,
		plies INTEGER NOT NULL,
		path TEXT NOT NULL,
		ended BIGINT NOT NULL
	)`,
	`CREATE INDEX games_white ON games (lwhite)`,
	`CREATE INDEX games_black ON games (lblack)`,
}

// schema is the tables the migrations make and the columns kriegd uses of
// each, which the check at start asks for: add to it with each migration.
var schema = []struct {
	name    string
	columns []string
}{
	{"migrations", []string{"version"}},
	{"accounts", []string{"name", "lname", "hash", "rating", "rd", "sigma", "games", "joined"}},
	{"games", []string{"id", "white", "black", "lwhite", "lblack", "rules", "result", "reason", "rated", "plies", "path", "ended"}},
}

// migrate brings the schema up to date inside one transaction per step.
func (s *Store) migrate(ctx context.Context) error {
	if _, err := s.db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS migrations (version INTEGER NOT NULL)`); err != nil {
		return fmt.Errorf("store: migrations table: %w", err)
	}
	var version int
	if err := s.db.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM migrations`).Scan(&version); err != nil {
		return fmt.Errorf("store: reading the schema version: %w", err)
	}
	switch {
	case version > len(migrations):
		return &NewerError{Name: s.name, Version: version, Known: len(migrations)}
	case version == 0:
		if err := s.emptyMigrations(ctx); err != nil {
			return err
		}
	}
	for i := version; i < len(migrations); i++ {
		tx, err := s.db.BeginTx(ctx, nil)
		if err != nil {
			return fmt.Errorf("store: migration %d: %w", i+1, err)
		}
		if _, err := tx.ExecContext(ctx, migrations[i]); err != nil {
			tx.Rollback()
			return fmt.Errorf("store: migration %d: %w", i+1, err)
		}
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO migrations (version) VALUES (?)`), i+1); err != nil {
			tx.Rollback()
			return fmt.Errorf("store: migration %d: %w", i+1, err)
		}
		if err := tx.Commit(); err != nil {
			return fmt.Errorf("store: migration %d: %w", i+1, err)
		}
	}
	return nil
}
