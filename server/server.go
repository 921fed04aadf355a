// Package server is kriegd, the Kriegspiel umpire: it speaks the part of
// ICC's protocol that docs/protocols.md describes, so that krieg's ICC
// driver (the window, the console) and any ICC client play on it. Games are
// umpired by game/referee under any of its rulesets, each player hears only
// what the ruleset lets them hear, and finished games are saved as extended
// PGN records and indexed in the store with Glicko-2 ratings.
//
// One mutex guards the server's state (users, challenges, seeks, games);
// output never blocks under it: each connection has a bounded queue drained
// by its own writer, and a reader that cannot keep up is disconnected.
package server

import (
	"context"
	"errors"
	"fmt"
	"log"
	stdnet "net"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/krieg/krieg/server/store"
)

// Config is how a server runs; zero fields take the defaults.
type Config struct {
	DataDir     string        // records go to DataDir/games
	Store       *store.Store  // accounts, ratings, the game index
	Grace       time.Duration // how long a player who dropped may take to come back (default 60 s)
	IdleTimeout time.Duration // a connection silent this long is closed (default 1 h)
	LoginTime   time.Duration // time allowed to log in (default 60 s)
	MaxConns    int           // connections at once (default 2000)
	OutQueue    int           // output chunks queued per connection before it counts as a slow reader (default 256)
	Attempts    float64       // moves per second a player may send, on average (default 10; a burst of 20)
	Logf        func(format string, args ...any)
}

// Server is one kriegd instance.
type Server struct {
	cfg Config

	mu        sync.Mutex
	ln        stdnet.Listener
	conns     map[*conn]bool
	users     map[string]*conn // logged-in users by lower-case name
	games     map[int]*match
	seeks     []*seek
	offers    []*challenge
	nextGuest int
	nextGame  int
	nextSeek  int
	closed    bool
	wg        sync.WaitGroup
}

// New returns a server with cfg's settings.
func New(cfg Config) *Server {
	if cfg.Grace == 0 {
		cfg.Grace = 60 * time.Second
	}
	if cfg.IdleTimeout == 0 {
		cfg.IdleTimeout = time.Hour
	}
	if cfg.LoginTime == 0 {
		cfg.LoginTime = 60 * time.Second
	}
	if cfg.MaxConns == 0 {
		cfg.MaxConns = 2000
	}
	if cfg.OutQueue == 0 {
		cfg.OutQueue = 256
	}
	if cfg.Attempts == 0 {
		cfg.Attempts = 10
	}
	if cfg.Logf == nil {
		cfg.Logf = log.Printf
	}
	return &Server{cfg: cfg, conns: map[*conn]bool{}, users: map[string]*conn{}, games: map[int]*match{},
		nextGuest: 1000 + int(time.Now().UnixNano()%9000), nextGame: 1}
}

// Serve accepts connections on ln until Close.
func (s *Server) Serve(ln stdnet.Listener) error {
	s.mu.Lock()
	s.ln = ln
	s.mu.Unlock()
	if err := os.MkdirAll(filepath.Join(s.cfg.DataDir, "games"), 0o755); err != nil {
		return fmt.Errorf("kriegd: data directory: %w", err)
	}
	for {
		nc, err := ln.Accept()
		if err != nil {
			s.mu.Lock()
			closed := s.closed
			s.mu.Unlock()
			if closed || errors.Is(err, stdnet.ErrClosed) {
				return nil
			}
			var ne stdnet.Error
			if errors.As(err, &ne) && ne.Timeout() {
				time.Sleep(10 * time.Millisecond)
				continue
			}
			return fmt.Errorf("kriegd: accept: %w", err)
		}
		s.mu.Lock()
		if len(s.conns) >= s.cfg.MaxConns {
			s.mu.Unlock()
			nc.SetWriteDeadline(time.Now().Add(time.Second))
			nc.Write([]byte("kriegd is full: too many connections. Try again later.\r\n"))
			nc.Close()
			continue
		}
		c := newConn(s, nc)
		s.conns[c] = true
		s.wg.Add(1)
		s.mu.Unlock()
		go func() {
			defer s.wg.Done()
			c.run()
		}()
	}
}

// Close stops accepting, ends every connection and waits for them; games
// in progress are aborted.
func (s *Server) Close() error {
	s.mu.Lock()
	s.closed = true
	ln := s.ln
	for _, g := range s.games {
		g.stopClock()
	}
	for c := range s.conns {
		c.nc.Close()
	}
	s.mu.Unlock()
	var err error
	if ln != nil {
		err = ln.Close()
	}
	s.wg.Wait()
	return err
}

// Addr returns the address the server listens on.
func (s *Server) Addr() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ln == nil {
		return ""
	}
	return s.ln.Addr().String()
}

// locked runs f under s.mu and returns its error. The lock is released
// by defer, so a panic in f unwinds with the lock free and can be
// recovered without stalling the server.
func (s *Server) locked(f func() error) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return f()
}

// ctx is the context for store calls (bounded, so a stuck database cannot
// hold the server's lock for long).
func (s *Server) ctx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), 5*time.Second)
}

// user returns the logged-in user called name (any case), or nil.
func (s *Server) user(name string) *conn { return s.users[strings.ToLower(name)] }

// sortedUsers lists the logged-in users by name.
func (s *Server) sortedUsers() []*conn {
	out := make([]*conn, 0, len(s.users))
	for _, c := range s.users {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// gone removes c: its challenges and seeks go, its game waits for it.
func (s *Server) gone(c *conn) {
	delete(s.conns, c)
	if c.name != "" && s.users[strings.ToLower(c.name)] == c {
		delete(s.users, strings.ToLower(c.name))
	}
	s.dropOffers(c.name)
	for _, g := range s.games {
		g.unobserve(c)
		if g.player(c) != nil {
			g.dropped(c)
		}
	}
}
