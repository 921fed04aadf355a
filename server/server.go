// Package server is kriegd, the Kriegspiel umpire: it speaks the part of
// ICC's protocol that docs/protocols.md describes, so that krieg's ICC
// driver (the window, the console) and any ICC client play on it. Games are
// umpired by game/referee under any of its rulesets, each player hears only
// what the ruleset lets them hear, and finished games are saved as extended
// PGN records and indexed in the store with Glicko-2 ratings.
//
// One mutex guards the server's state (users, challenges, seeks, games) and
// nothing slow runs under it: password checks, store calls and file writes
// happen outside it (the store's index through one ordered worker). Output
// never blocks under it either: each connection has a bounded queue drained
// by its own writer; lobby traffic is dropped for a reader whose queue is
// half full, a connection whose output waits unsent is not read further
// until it drains, and a reader whose queue fills with game messages, or
// whose writes stall, is disconnected. docs/kriegd.md is the operator's
// guide.
package server

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	stdnet "net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/crypto/bcrypt"
)

// Config is how a server runs; zero fields take the defaults.
type Config struct {
	DataDir          string        // records go to DataDir/games
	Store            Index         // accounts, ratings, the game index (a *store.Store)
	Grace            time.Duration // how long a player who dropped may take to come back (default 60 s)
	IdleTimeout      time.Duration // a registered player's (or anyone seated in a game) connection silent this long is closed (default 1 h)
	GuestIdleTimeout time.Duration // an unregistered user's connection outside a game silent this long is closed (default 10 min)
	LoginTime        time.Duration // time allowed to log in (default 60 s)
	MaxConns         int           // connections at once (default 2000)
	MaxConnsPerAddr  int           // connections at once from one IP address (default 64: a club behind one NAT)
	ConnectsPerAddr  float64       // new connections a second from one IP address, after a burst of MaxConnsPerAddr (default 5)
	MaxPreLogin      int           // connections not yet logged in at once (default MaxConns: no budget of their own; kriegd's is a quarter of it, PreLoginDefaults)
	MaxPreLoginAddr  int           // connections not yet logged in at once from one IP address (default MaxConnsPerAddr; kriegd's is 8)
	OutQueue         int           // output chunks queued per connection before it counts as a slow reader (default 256)
	WriteTimeout     time.Duration // a write to a client not done within this, and a second more for each 16 KB it carries, closes the connection as a slow reader's (default 30 s; backpressure.go)
	Attempts         float64       // moves per second a player may send, on average (default 10; a burst of twice that)
	Lobby            float64       // lobby commands (seek, unseek, tell, say, match, decline) and offers (draw, abort) per second per connection (default 2, a burst of 10; four times that per address)
	Listings         float64       // who, games and observe per second per connection (default 1, a burst of 5; four times that per address, and as many of the web door's record requests, TakeRecord): their answers walk the whole server
	Lines            float64       // lines read a second per connection (default 50, a burst of twice that); a command refused by a limit counts as ten
	Inbox            float64       // messages one user receives from others a second, one to one (tells, challenges), on average (default 3, a burst of 5 times that): many senders, each within their limits, cannot bury one reader
	MaxObservers     int           // observers of one game at once (default 50): each move goes to every observer, so a crowd of them would slow the players
	FirstMove        time.Duration // each side's time for its first move, on no clock, before the game is aborted (default 30 s)
	RefusedTurn      int           // refused attempts a turn takes (default 512); beyond them only playable moves are judged
	RefusedGame      int           // refused attempts a game takes (default 10,000), the same way: the referee keeps each for the record
	Registrations    int           // accounts one IP address may register an hour (default 5)
	PasswordCost     int           // bcrypt's cost for the passwords registered (default bcrypt.DefaultCost)
	Passwords        Passwords     // hashes and checks passwords (default bcrypt at PasswordCost)
	Clock            Clock         // the time (default the real clock)
	Log              *slog.Logger  // the log (default slog.Default())
}

// Server is one kriegd instance.
type Server struct {
	cfg      Config
	clock    Clock
	log      *slog.Logger
	metrics  *Metrics
	records  *recorder
	guesses  *guessLimits
	logCap   logCap    // log lines by address (logAddr)
	hashing  *fairPool // bounds the password checks running at once, fair between addresses
	verified *verified // the logins that proved right lately

	mu          sync.Mutex
	ln          stdnet.Listener
	conns       map[*conn]bool
	perAddr     map[string]int     // connections by IP address
	preLogin    map[string]int     // connections not yet logged in by IP address
	preLogins   int                // connections not yet logged in
	overflows   int                // connections let in beyond MaxConns to prove a name (full.go)
	lobbyAddr   map[string]*bucket // lobby command limits by IP address
	listAddr    map[string]*bucket // listing limits by IP address
	recordAddr  map[string]*bucket // the web door's record requests by IP address (TakeRecord)
	regsAddr    map[string]*bucket // registrations by IP address
	connectAddr map[string]*bucket // new connections by IP address
	users       map[string]*conn   // logged-in users by lower-case name
	games       map[int]*match
	seeks       map[int]*seek // open seeks by number
	news        news          // seeks not yet announced
	offers      []*challenge
	taken       map[string]time.Time // when a challenge was last withdrawn, by "from\x00to" in lower case (takenBack)
	nextGuest   int
	nextGame    int
	nextSeek    int
	closed      bool
	roster      uint64        // the users' generation: who is rebuilt when it moves (rosterChanged)
	tables      uint64        // the games' generation (tablesChanged)
	whoList     listing       // who's answer at roster
	gamesList   listing       // games' answer at tables
	quit        chan struct{} // closed by Close
	after       []func()      // work the locked section leaves for after the lock (later)
	held        []delivery
	holding     bool                 // sends are held (held) until a game's record is saved
	endedAway   map[string][]awayEnd // by lower-case name: a game's end its player was away for (endedaway.go)
	wg          sync.WaitGroup
	closeOnce   sync.Once
	closeErr    error
	drainBy     atomic.Int64 // once closing: when writes stop waiting for slow readers (Unix ns)
}

// New returns a server with cfg's settings.
func New(cfg Config) *Server {
	if cfg.Grace == 0 {
		cfg.Grace = 60 * time.Second
	}
	if cfg.IdleTimeout == 0 {
		cfg.IdleTimeout = time.Hour
	}
	if cfg.GuestIdleTimeout == 0 {
		cfg.GuestIdleTimeout = 10 * time.Minute
	}
	if cfg.LoginTime == 0 {
		cfg.LoginTime = 60 * time.Second
	}
	if cfg.MaxConns == 0 {
		cfg.MaxConns = 2000
	}
	if cfg.MaxConnsPerAddr == 0 {
		cfg.MaxConnsPerAddr = 64
	}
	if cfg.ConnectsPerAddr == 0 {
		cfg.ConnectsPerAddr = 5
	}
	if cfg.FirstMove == 0 {
		cfg.FirstMove = 30 * time.Second
	}
	if cfg.RefusedTurn == 0 {
		cfg.RefusedTurn = 512
	}
	if cfg.RefusedGame == 0 {
		cfg.RefusedGame = 10000
	}
	if cfg.MaxObservers == 0 {
		cfg.MaxObservers = 50
	}
	if cfg.MaxPreLogin == 0 {
		cfg.MaxPreLogin = cfg.MaxConns
	}
	if cfg.MaxPreLoginAddr == 0 {
		cfg.MaxPreLoginAddr = cfg.MaxConnsPerAddr
	}
	if cfg.OutQueue == 0 {
		cfg.OutQueue = 256
	}
	if cfg.WriteTimeout == 0 {
		cfg.WriteTimeout = 30 * time.Second
	}
	if cfg.Attempts == 0 {
		cfg.Attempts = 10
	}
	if cfg.Lobby == 0 {
		cfg.Lobby = 2
	}
	if cfg.Lines == 0 {
		cfg.Lines = 50
	}
	if cfg.Listings == 0 {
		cfg.Listings = 1
	}
	if cfg.Inbox == 0 {
		cfg.Inbox = 3
	}
	if cfg.Registrations == 0 {
		cfg.Registrations = 5
	}
	if cfg.PasswordCost == 0 {
		cfg.PasswordCost = bcrypt.DefaultCost
	}
	if cfg.Passwords == nil {
		cfg.Passwords = BcryptPasswords{Cost: cfg.PasswordCost}
	}
	if cfg.Clock == nil {
		cfg.Clock = realClock{}
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	s := &Server{cfg: cfg, clock: cfg.Clock, log: cfg.Log, metrics: newMetrics(),
		conns: map[*conn]bool{}, perAddr: map[string]int{}, preLogin: map[string]int{}, lobbyAddr: map[string]*bucket{}, listAddr: map[string]*bucket{}, recordAddr: map[string]*bucket{}, regsAddr: map[string]*bucket{}, connectAddr: map[string]*bucket{},
		users: map[string]*conn{}, seeks: map[int]*seek{}, games: map[int]*match{}, quit: make(chan struct{}),
		nextGuest: 1000 + int(cfg.Clock.Now().UnixNano()%9000), nextGame: 1}
	s.guesses = newGuessLimits()
	s.hashing = newFairPool(hashers(), cfg.Clock)
	s.verified = newVerified()
	s.records = newRecorder(s)
	return s
}

// Serve accepts connections on ln until Close.
func (s *Server) Serve(ln stdnet.Listener) error {
	s.mu.Lock()
	s.ln = ln
	s.mu.Unlock()
	if err := s.records.start(); err != nil {
		return err
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
		go s.serveConn(nc, true)
	}
}

// serveConn serves one connection until it ends (Serve runs it in a
// goroutine of its own; tests run it over in-memory connections).
func (s *Server) serveConn(nc stdnet.Conn, telnet bool) {
	c := s.admit(nc)
	if c == nil {
		return
	}
	c.telnet = telnet
	LimitSendBuffer(nc)
	defer s.wg.Done()
	c.run()
}

// admit registers a new connection, or refuses it with a line and closes
// it when the server or its address has no room (nil then).
func (s *Server) admit(nc stdnet.Conn) *conn {
	addr := AddrOf(nc)
	var refusal, limit string
	code := closeTryLater
	var c *conn
	s.locked(func() error {
		if len(s.conns) >= s.cfg.MaxConns {
			s.displaceSilent() // a silent connection must not hold the reserve's last place
		}
		switch {
		case s.closed:
			refusal, code = "kriegd is shutting down.", closeGoingAway
		case len(s.conns) >= s.cfg.MaxConns && (s.overflows >= s.fullReserve() || len(s.conns) >= s.cfg.MaxConns+s.fullReserve() ||
			s.preLogins >= s.cfg.MaxPreLogin || s.preLogin[addr] >= s.cfg.MaxPreLoginAddr):
			refusal, limit = "kriegd is full: too many connections. Try again later.", "conns"
		case s.perAddr[addr] >= s.cfg.MaxConnsPerAddr:
			refusal, limit = fmt.Sprintf("kriegd: too many connections from your address (at most %d). Try again later.", s.cfg.MaxConnsPerAddr), "conns_per_addr"
		case s.preLogin[addr] >= s.cfg.MaxPreLoginAddr:
			refusal, limit = fmt.Sprintf("kriegd: too many connections logging in from your address (at most %d at once). Try again in a moment.", s.cfg.MaxPreLoginAddr), "prelogin_per_addr"
		case s.preLogins >= s.cfg.MaxPreLogin:
			refusal, limit = "kriegd is busy: too many connections logging in. Try again in a moment.", "prelogin"
		case !s.takeConnect(addr):
			refusal, limit = fmt.Sprintf("kriegd: too many connections from your address in a short time (at most %g a second). Try again in a moment.", s.cfg.ConnectsPerAddr), "connects_per_addr"
		default:
			c = newConn(s, nc)
			if len(s.conns) >= s.cfg.MaxConns {
				c.overflow = true
				s.overflows++
			}
			s.conns[c] = true
			s.perAddr[addr]++
			c.preLogin = true
			s.preLogin[addr]++
			s.preLogins++
			s.metrics.conns.Inc()
			s.wg.Add(1)
		}
		return nil
	})
	if c == nil {
		if limit != "" {
			s.metrics.limited(limit)
		}
		// Written from a goroutine of its own, so that a peer that never
		// reads cannot hold up the accept loop.
		go s.safely("refusing a connection", func() {
			nc.SetWriteDeadline(time.Now().Add(time.Second))
			nc.Write([]byte(refusal + "\r\n"))
			tellClose(nc, code, refusal)
			nc.Close()
		})()
	}
	return c
}

// pause waits d on the server's clock, or until Close.
func (s *Server) pause(d time.Duration) {
	done := make(chan struct{})
	t := s.clock.AfterFunc(d, func() { close(done) })
	defer t.Stop()
	select {
	case <-done:
	case <-s.quit:
	}
}

// AddrOf is the IP address a connection comes from (the whole address when
// it has no port, as for in-memory connections): the key of every
// per-address limit, the web door's too.
func AddrOf(nc stdnet.Conn) string { return HostOf(nc.RemoteAddr().String()) }

// HostOf is the IP address of addr, written "host:port" (the whole of addr
// when it has no port): the key of the per-address limits for an address
// given as text, as an HTTP request's RemoteAddr is.
func HostOf(addr string) string {
	if host, _, err := stdnet.SplitHostPort(addr); err == nil {
		return host
	}
	return addr
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

// locked runs f under s.mu and returns its error, then runs the work f left
// for after the lock (later). The lock is released by defer, so a panic in
// f unwinds with the lock free and can be recovered without stalling the
// server.
func (s *Server) locked(f func() error) error {
	after, err := s.lockedOnly(f)
	for _, a := range after {
		a()
	}
	return err
}

// lockedOnly runs f under s.mu and returns the work it left for later.
func (s *Server) lockedOnly(f func() error) (after []func(), err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.after, s.held, s.holding = nil, nil, false
	err = f()
	after, s.after = s.after, nil
	return after, err
}

// later leaves f to run once the lock is released (under s.mu): slow work
// (a record's write) that a locked section decides on.
func (s *Server) later(f func()) { s.after = append(s.after, f) }

// ctx is the context for store calls (bounded, so that a stuck database
// answers with an error instead of never).
func (s *Server) ctx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), 5*time.Second)
}

// user returns the logged-in user called name (any case), or nil.
func (s *Server) user(name string) *conn { return s.users[strings.ToLower(name)] }

// sortedUsers lists the logged-in users by name.
func (s *Server) sortedUsers() []*conn {
	return slices.SortedFunc(maps.Values(s.users), func(a, b *conn) int { return cmp.Compare(a.name, b.name) })
}

// gone removes c: its challenges and seeks go, its game waits for it.
func (s *Server) gone(c *conn) {
	if !s.conns[c] {
		return
	}
	delete(s.conns, c)
	s.rosterChanged()
	if c.overflow {
		c.overflow = false
		s.overflows--
	}
	s.metrics.conns.Dec()
	if s.perAddr[c.addr]--; s.perAddr[c.addr] <= 0 {
		delete(s.perAddr, c.addr)
	}
	s.loggedIn(c)
	if c.name != "" && s.users[strings.ToLower(c.name)] == c {
		delete(s.users, strings.ToLower(c.name))
	}
	s.dropOffers(c.name, "has left", "")
	s.dropSeeks(c)
	for _, g := range s.games {
		g.unobserve(c)
		if g.player(c) != nil {
			g.dropped(c)
		}
	}
}

// PreLoginDefaults are the budgets kriegd gives connections not yet logged
// in when its operator sets none, for maxConns connections at once and
// perAddr from one address: a quarter of the connections (at least 64,
// when there is room), and 8 from one address (a club logging in at once
// rarely has more in the dialogue together), so that a crowd holding the
// login dialogue open leaves room for the players and for other
// addresses. A server embedded elsewhere (a load test's crowd from one
// address) keeps no budget apart unless its Config sets one.
func PreLoginDefaults(maxConns, perAddr int) (overall, fromAddr int) {
	return max(maxConns/4, min(maxConns, 64)), min(8, perAddr)
}

// loggedIn takes c off the connections not yet logged in, which have a
// smaller budget of their own (under s.mu): it logged in, or left.
func (s *Server) loggedIn(c *conn) {
	if !c.preLogin {
		return
	}
	c.preLogin = false
	s.preLogins--
	if s.preLogin[c.addr]--; s.preLogin[c.addr] <= 0 {
		delete(s.preLogin, c.addr)
	}
}

// MakeDataDir creates the data folder and its games folder readable by the
// owner only, tightening them and the records when they exist: they hold
// the records and, with SQLite, the password hashes.
func MakeDataDir(dataDir string) error {
	for _, d := range []string{dataDir, filepath.Join(dataDir, "games")} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			return fmt.Errorf("kriegd: data folder: %w", err)
		}
		if err := os.Chmod(d, 0o700); err != nil {
			return fmt.Errorf("kriegd: data folder: %w", err)
		}
	}
	// Records an earlier kriegd wrote readable by all are tightened too.
	files, err := os.ReadDir(filepath.Join(dataDir, "games"))
	if err != nil {
		return fmt.Errorf("kriegd: data folder: %w", err)
	}
	for _, f := range files {
		if f.Type().IsRegular() {
			if err := os.Chmod(filepath.Join(dataDir, "games", f.Name()), 0o600); err != nil {
				return fmt.Errorf("kriegd: data folder: %w", err)
			}
		}
	}
	return nil
}
