// Package store keeps kriegd's accounts, ratings and game index in SQL:
// embedded SQLite (modernc.org/sqlite, no cgo) by default, or PostgreSQL
// (pgx) so that several kriegd instances share one database. Both run the
// same migrations; only the placeholders differ.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
	_ "modernc.org/sqlite"             // the "sqlite" database/sql driver

	"github.com/krieg/krieg/server/rating"
)

// ErrNotFound is returned for an account that does not exist.
var ErrNotFound = errors.New("store: no such account")

// ErrExists is returned when an account's name is taken.
var ErrExists = errors.New("store: the name is taken")

// Account is one registered player.
type Account struct {
	Name   string
	Hash   string // the password hash (bcrypt), never the password
	Rating rating.Rating
	Games  int
	Joined time.Time
}

// Game is one finished game in the index; its record is the file Path.
type Game struct {
	ID           string
	White, Black string
	Rules        string
	Result       string
	Reason       string
	Rated        bool
	Plies        int
	Path         string
	Ended        time.Time
}

// Store is an open database.
type Store struct {
	db       *sql.DB
	postgres bool
	name     string // the file, or "the PostgreSQL database", as errors name it
}

// Open opens the database dsn: "postgres://..." or "postgresql://..." for
// PostgreSQL, else a SQLite file (a bare path, or "" for kriegd.db in
// dataDir). It runs the migrations. A database found damaged, or whose
// tables are not kriegd's, is a DamagedError; one a newer kriegd made is a
// NewerError. Other tables in a PostgreSQL database are let be, for it may
// be shared with other programs; a SQLite file is kriegd's alone.
func Open(ctx context.Context, dsn, dataDir string) (*Store, error) {
	s := &Store{name: "the PostgreSQL database"}
	driver, source := "sqlite", dsn
	switch {
	case strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://"):
		driver, s.postgres = "pgx", true
	case dsn == "":
		source = filepath.Join(dataDir, "kriegd.db")
	}
	if driver == "sqlite" {
		s.name = source
		if source != ":memory:" {
			if err := notAFile(source); err != nil {
				return nil, err
			}
			if err := s.foreignFile(ctx, source); err != nil {
				return nil, err
			}
			if err := ownerOnly(source); err != nil {
				return nil, err
			}
		}
		// WAL keeps readers and the writer apart; a busy timeout waits for a
		// lock instead of failing; full sync makes a finished game durable.
		source = "file:" + source + "?_pragma=journal_mode(WAL)&_pragma=busy_timeout(5000)&_pragma=synchronous(FULL)&_pragma=foreign_keys(1)"
	}
	db, err := sql.Open(driver, source)
	if err != nil {
		return nil, fmt.Errorf("store: opening %s: %w", driver, err)
	}
	if driver == "sqlite" {
		// WAL lets readers (a crowd logging in) go on beside the one
		// writer; writers queue on SQLite's lock (the busy timeout).
		db.SetMaxOpenConns(4)
	}
	s.db = db
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, s.damagedAtStart(err)
	}
	return s, nil
}

// ownerOnly creates the SQLite file readable by its owner only (or makes
// it so), with its -wal and -shm files: it holds the password hashes, and
// SQLite gives the files it adds the database file's permissions.
func ownerOnly(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("store: creating %s: %w", path, err)
	}
	f.Close()
	for _, p := range []string{path, path + "-wal", path + "-shm", path + "-journal"} {
		if err := os.Chmod(p, 0o600); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("store: %w", err)
		}
	}
	return nil
}

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// q rewrites the ? placeholders of query for the database in use.
func (s *Store) q(query string) string {
	if !s.postgres {
		return query
	}
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			fmt.Fprintf(&b, "$%d", n)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// AddAccount creates an account with a password hash and the start rating.
func (s *Store) AddAccount(ctx context.Context, name, hash string) error {
	if _, err := s.Account(ctx, name); err == nil {
		return fmt.Errorf("store: adding %s: %w", name, ErrExists)
	}
	r := rating.Start
	_, err := s.db.ExecContext(ctx, s.q(`INSERT INTO accounts (name, lname, hash, rating, rd, sigma, games, joined) VALUES (?, ?, ?, ?, ?, ?, 0, ?)`),
		name, strings.ToLower(name), hash, r.R, r.RD, r.Sigma, time.Now().UTC().Unix())
	if err != nil {
		return fmt.Errorf("store: adding %s: %w", name, err)
	}
	return nil
}

// SetPassword replaces the password hash of the account named name (any
// case), or returns ErrNotFound. Logins read the store, so a running
// server takes the new password at the next login.
func (s *Store) SetPassword(ctx context.Context, name, hash string) error {
	return s.changeAccount(ctx, "setting "+name+"'s password", `UPDATE accounts SET hash = ? WHERE lname = ?`, hash, strings.ToLower(name))
}

// RemoveAccount deletes the account named name (any case), or returns
// ErrNotFound. Its games stay in the index under the name, which anyone
// may take again.
func (s *Store) RemoveAccount(ctx context.Context, name string) error {
	return s.changeAccount(ctx, "removing "+name, `DELETE FROM accounts WHERE lname = ?`, strings.ToLower(name))
}

// changeAccount runs query, which changes one account, saying what it
// does in errors; ErrNotFound when it changed none.
func (s *Store) changeAccount(ctx context.Context, what, query string, args ...any) error {
	res, err := s.db.ExecContext(ctx, s.q(query), args...)
	if err != nil {
		return fmt.Errorf("store: %s: %w", what, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("store: %s: %w", what, err)
	} else if n == 0 {
		return fmt.Errorf("store: %s: %w", what, ErrNotFound)
	}
	return nil
}

// Accounts returns every account, by name (any case), their hashes left out.
func (s *Store) Accounts(ctx context.Context) ([]Account, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT name, rating, rd, sigma, games, joined FROM accounts ORDER BY lname`)
	if err != nil {
		return nil, fmt.Errorf("store: listing the accounts: %w", err)
	}
	defer rows.Close()
	var out []Account
	for rows.Next() {
		var a Account
		var joined int64
		if err := rows.Scan(&a.Name, &a.Rating.R, &a.Rating.RD, &a.Rating.Sigma, &a.Games, &joined); err != nil {
			return nil, fmt.Errorf("store: listing the accounts: %w", err)
		}
		a.Joined = time.Unix(joined, 0).UTC()
		out = append(out, a)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: listing the accounts: %w", err)
	}
	return out, nil
}

// Account returns the account named name (any case), or ErrNotFound.
func (s *Store) Account(ctx context.Context, name string) (Account, error) {
	var a Account
	var joined int64
	var lname string
	want := strings.ToLower(name)
	err := s.db.QueryRowContext(ctx, s.q(`SELECT name, lname, hash, rating, rd, sigma, games, joined FROM accounts WHERE lname = ?`), want).
		Scan(&a.Name, &lname, &a.Hash, &a.Rating.R, &a.Rating.RD, &a.Rating.Sigma, &a.Games, &joined)
	if errors.Is(err, sql.ErrNoRows) {
		return Account{}, ErrNotFound
	}
	if err != nil {
		return Account{}, fmt.Errorf("store: reading %s: %w", name, err)
	}
	if lname != want || strings.ToLower(a.Name) != want {
		// A damaged index leads a key to another's row: a login must
		// never become another account's.
		return Account{}, fmt.Errorf("store: reading %s: %w (%s)", name, ErrWrongRow, a.Name)
	}
	a.Joined = time.Unix(joined, 0).UTC()
	return a, nil
}

// FinishGame adds g to the index and, for a rated game, stores both
// players' new ratings, all in one transaction. A game the index has
// already is left as it is, so that a retry stores it exactly once.
func (s *Store) FinishGame(ctx context.Context, g Game, ratings map[string]rating.Rating) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: finishing game %s: %w", g.ID, err)
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, s.q(`INSERT INTO games (id, white, black, lwhite, lblack, rules, result, reason, rated, plies, path, ended) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`),
		g.ID, g.White, g.Black, strings.ToLower(g.White), strings.ToLower(g.Black), g.Rules, g.Result, g.Reason, g.Rated, g.Plies, g.Path, g.Ended.UTC().Unix())
	if err != nil {
		return fmt.Errorf("store: indexing game %s: %w", g.ID, err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		// Indexed already (a retry after a commit whose answer was lost):
		// its ratings went in with it.
		return err
	}
	for name, r := range ratings {
		_, err := tx.ExecContext(ctx, s.q(`UPDATE accounts SET rating = ?, rd = ?, sigma = ?, games = games + 1 WHERE lname = ?`), r.R, r.RD, r.Sigma, strings.ToLower(name))
		if err != nil {
			return fmt.Errorf("store: rating %s: %w", name, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: finishing game %s: %w", g.ID, err)
	}
	return nil
}

// Games returns the last limit games of player (every player's when
// player is ""), newest first.
func (s *Store) Games(ctx context.Context, player string, limit int) ([]Game, error) {
	query, args := `SELECT id, white, black, rules, result, reason, rated, plies, path, ended FROM games`, []any{}
	if player != "" {
		query += ` WHERE lwhite = ? OR lblack = ?`
		args = append(args, strings.ToLower(player), strings.ToLower(player))
	}
	query += ` ORDER BY ended DESC, id DESC LIMIT ?`
	args = append(args, limit)
	rows, err := s.db.QueryContext(ctx, s.q(query), args...)
	if err != nil {
		return nil, fmt.Errorf("store: listing games: %w", err)
	}
	defer rows.Close()
	var out []Game
	for rows.Next() {
		var g Game
		var ended int64
		if err := rows.Scan(&g.ID, &g.White, &g.Black, &g.Rules, &g.Result, &g.Reason, &g.Rated, &g.Plies, &g.Path, &ended); err != nil {
			return nil, fmt.Errorf("store: listing games: %w", err)
		}
		g.Ended = time.Unix(ended, 0).UTC()
		out = append(out, g)
	}
	return out, rows.Err()
}

// Check runs the database's own integrity check (SQLite's PRAGMA
// integrity_check, whose problems found are a DamagedError; on
// PostgreSQL, that every table can be read).
func (s *Store) Check(ctx context.Context) error {
	if s.postgres {
		for _, t := range schema {
			if _, err := s.db.ExecContext(ctx, "SELECT count(*) FROM "+t.name); err != nil {
				return fmt.Errorf("store: checking %s: %w", t.name, err)
			}
		}
		return nil
	}
	return s.pragmaCheck(ctx, "integrity_check", "integrity check")
}

// pragmaCheck runs one of SQLite's checks, named what in errors.
func (s *Store) pragmaCheck(ctx context.Context, pragma, what string) error {
	var res string
	if err := s.db.QueryRowContext(ctx, "PRAGMA "+pragma).Scan(&res); err != nil {
		return fmt.Errorf("store: %s: %w", what, err)
	}
	if res != "ok" {
		return s.checkFound(what, res)
	}
	return nil
}
