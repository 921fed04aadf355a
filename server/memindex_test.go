package server

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/krieg/krieg/server/rating"
	"github.com/krieg/krieg/server/store"
)

// memIndex is an Index in maps for the in-memory fuzzers, following
// store.Store's documented behaviour: names in any case, ErrNotFound and
// ErrExists, a game indexed once however often it is finished, ratings
// stored with the game, games listed newest first. The real store is
// tested on SQLite and PostgreSQL in server/store.
type memIndex struct {
	mu       sync.Mutex
	accounts map[string]store.Account // by lower-case name
	games    map[string]store.Game    // by ID
}

func newMemIndex() *memIndex {
	return &memIndex{accounts: map[string]store.Account{}, games: map[string]store.Game{}}
}

func (m *memIndex) Account(_ context.Context, name string) (store.Account, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	a, ok := m.accounts[strings.ToLower(name)]
	if !ok {
		return store.Account{}, store.ErrNotFound
	}
	return a, nil
}

func (m *memIndex) AddAccount(_ context.Context, name, hash string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.accounts[strings.ToLower(name)]; ok {
		return fmt.Errorf("store: adding %s: %w", name, store.ErrExists)
	}
	m.accounts[strings.ToLower(name)] = store.Account{Name: name, Hash: hash, Rating: rating.Start, Joined: time.Now().UTC()}
	return nil
}

func (m *memIndex) SetPassword(_ context.Context, name, hash string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	a, ok := m.accounts[strings.ToLower(name)]
	if !ok {
		return fmt.Errorf("store: setting %s's password: %w", name, store.ErrNotFound)
	}
	a.Hash = hash
	m.accounts[strings.ToLower(name)] = a
	return nil
}

func (m *memIndex) FinishGame(_ context.Context, g store.Game, ratings map[string]rating.Rating) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.games[g.ID]; ok {
		return nil
	}
	m.games[g.ID] = g
	for name, r := range ratings {
		if a, ok := m.accounts[strings.ToLower(name)]; ok {
			a.Rating, a.Games = r, a.Games+1
			m.accounts[strings.ToLower(name)] = a
		}
	}
	return nil
}

func (m *memIndex) Games(_ context.Context, player string, limit int) ([]store.Game, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []store.Game
	for _, g := range m.games {
		if player == "" || strings.EqualFold(g.White, player) || strings.EqualFold(g.Black, player) {
			out = append(out, g)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if !out[i].Ended.Equal(out[j].Ended) {
			return out[i].Ended.After(out[j].Ended)
		}
		return out[i].ID > out[j].ID
	})
	return out[:min(len(out), limit)], nil
}

func (m *memIndex) HighestGameNumber(context.Context) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	highest := 0
	for id := range m.games {
		if n, ok := numberOf(id); ok {
			highest = max(highest, n)
		}
	}
	return highest, nil
}
