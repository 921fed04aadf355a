package server

import (
	"context"

	"github.com/krieg/krieg/server/rating"
	"github.com/krieg/krieg/server/store"
)

// Index is what kriegd keeps in its database: the accounts with their
// ratings, and the index of finished games. *store.Store (SQLite or
// PostgreSQL) is kriegd's; the in-memory fuzzers keep theirs in maps, since
// SQLite's code, instrumented for fuzzing, took most of their time.
type Index interface {
	// Account returns the account named name (any case), or store.ErrNotFound.
	Account(ctx context.Context, name string) (store.Account, error)
	// AddAccount creates an account, or fails with store.ErrExists.
	AddAccount(ctx context.Context, name, hash string) error
	// SetPassword replaces an account's password hash, or fails with
	// store.ErrNotFound.
	SetPassword(ctx context.Context, name, hash string) error
	// FinishGame indexes g with the players' new ratings, exactly once
	// however often it is called.
	FinishGame(ctx context.Context, g store.Game, ratings map[string]rating.Rating) error
	// Games returns the last limit games of player ("" for everyone's),
	// newest first.
	Games(ctx context.Context, player string, limit int) ([]store.Game, error)
	// HighestGameNumber returns the highest game number among the IDs of
	// the games indexed (0 for none), which a restarted server numbers on
	// from.
	HighestGameNumber(ctx context.Context) (int, error)
}
