// Command kriegd is the Kriegspiel umpire server: people play each other on
// it with krieg (`krieg --connect host:port`, `krieg console --connect`) or
// any client that speaks ICC's protocol.
//
//	kriegd [--listen :5000] [--data DIR] [--db DSN] [--tls-cert F --tls-key F] [--admin ADDR] ...   serve (docs/kriegd.md)
//	kriegd --http :8080 [--site DIR] ...                             also serve the page that plays in a browser
//	kriegd site --wasm FILE --wasm-exec FILE DIR                     write the page's static site (make web)
//	kriegd user add NAME                                             register an account (password asked without echo)
//	kriegd user passwd NAME                                          give an account a new password
//	kriegd user list                                                 list the accounts
//	kriegd user rm NAME                                              remove an account
//	kriegd load [--games 200] [--clients 400] [--duration 60s]      a bounded load test on loopback
package main

import (
	"bufio"
	"context"
	"crypto/tls"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	stdnet "net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/krieg/krieg/cmd/internal/launch"
	"github.com/krieg/krieg/server"
	"github.com/krieg/krieg/server/store"
	"github.com/krieg/krieg/server/web"
)

func main() {
	os.Exit(exitStatus(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr), os.Stderr))
}

// exitStatus prints err, if any, to stderr and returns the exit status: 0
// when there is none or help was asked for (the usage is already printed),
// 2 for a command-line mistake, 1 for any other failure.
func exitStatus(err error, stderr io.Writer) int {
	if err == nil || errors.Is(err, flag.ErrHelp) {
		return 0
	}
	fmt.Fprintln(stderr, errorLine(err))
	if isUsage(err) {
		return 2
	}
	return 1
}

// usageHead opens kriegd -h: the ways to run it, before the server's flags.
const usageHead = `Usage:
  kriegd [flags]                                         serve (flags below)
  kriegd user add [--data DIR] [--db DSN] NAME           register an account (password asked without echo)
  kriegd user passwd [--data DIR] [--db DSN] NAME        give an account a new password (asked without echo)
  kriegd user list [--data DIR] [--db DSN]               list the accounts with their ratings
  kriegd user rm [--data DIR] [--db DSN] NAME            remove an account (its games stay in the history)
  kriegd load [--games N] [--clients N] [--duration D]   a bounded load test on loopback (kriegd load -h)
  kriegd site --wasm FILE --wasm-exec FILE DIR           write the browser page's static site

Flags of the server:`

// errorLine is err as kriegd prints it on exit: one "kriegd:" in front,
// whether or not the error already names the program.
func errorLine(err error) string {
	if msg := err.Error(); strings.HasPrefix(msg, "kriegd:") {
		return msg
	}
	return "kriegd: " + err.Error()
}

// run dispatches the subcommands.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) > 0 {
		switch args[0] {
		case "user":
			return userCmd(args[1:], stdin, stdout, stderr)
		case "load":
			return loadCmd(args[1:], stdout)
		case "site":
			return siteCmd(args[1:], stdout, stderr)
		case "help":
			fs, _, _ := serveFlagSet(&serveFlags{}, stderr)
			return parseArgs(fs, []string{"-h"})
		}
	}
	return serve(args, stdout, stderr)
}

// defaultData is the data folder: $XDG_DATA_HOME/kriegd or ~/.local/share/kriegd.
func defaultData() string {
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "kriegd")
	}
	if h, err := os.UserHomeDir(); err == nil {
		return filepath.Join(h, ".local", "share", "kriegd")
	}
	return "kriegd-data"
}

// storeFlags are the flags every subcommand that opens the store takes.
func storeFlags(fs *flag.FlagSet) (data, dsn *string) {
	data = fs.String("data", defaultData(), "data folder: the SQLite database and the games/ records")
	dsn = fs.String("db", "", "database: empty for SQLite in the data folder, or postgres://user@host/db")
	return data, dsn
}

// openStore opens the store after making the data folder (readable by
// its owner only), and checks it. A damaged file would fail every login as
// "not answering" while the server looked well, and a user command would
// fail on it in the driver's words: either stops instead, saying what to do.
func openStore(data, dsn string) (*store.Store, error) {
	if err := server.MakeDataDir(data); err != nil {
		return nil, err
	}
	st, err := store.Open(context.Background(), dsn, data)
	if err != nil {
		return nil, databaseWords(err)
	}
	if err := st.QuickCheck(context.Background()); err != nil {
		st.Close()
		return nil, databaseWords(fmt.Errorf("kriegd: checking the database at start: %w", err))
	}
	return st, nil
}

// serveFlags are the server's settings from the command line.
type serveFlags struct {
	listen, data, dsn, tlsCert, tlsKey, admin string
	httpAddr, site                            string
	grace, idle, guestIdle, loginTime         time.Duration
	firstMove, writeTimeout                   time.Duration
	maxConns, maxPerAddr                      int
	httpMaxConns, httpMaxPerAddr              int
	maxPreLogin, maxPreLoginAddr, regsPerAddr int
	attempts, lobby, inbox, listings, lines   float64
	connects                                  float64
	maxObservers                              int
	refusedTurn, refusedGame                  int
	lowered                                   string // what fitFiles lowered, for the operator
}

// parseServe reads and checks the server's flags: a negative, zero or
// absurd value is refused with the range it must be in.
func parseServe(args []string, stderr io.Writer) (serveFlags, error) {
	var f serveFlags
	fs, data, dsn := serveFlagSet(&f, stderr)
	if err := parseArgs(fs, args); err != nil {
		return f, err
	}
	f.data, f.dsn = *data, *dsn
	if fs.NArg() > 0 {
		return f, usagef("unknown command %q (kriegd -h lists the commands: user, load, site, or none to serve)", fs.Arg(0))
	}
	if err := checkAddr("listen", f.listen); err != nil {
		return f, err
	}
	if err := checkDSN(f.dsn); err != nil {
		return f, err
	}
	if f.httpAddr != "" {
		if err := checkAddr("http", f.httpAddr); err != nil {
			return f, err
		}
	}
	return f, f.check(fs)
}

// serveFlagSet defines the server's flags on f, and the store's (whose
// values it returns).
func serveFlagSet(f *serveFlags, stderr io.Writer) (fs *flag.FlagSet, data, dsn *string) {
	fs = flag.NewFlagSet("kriegd", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), usageHead)
		fs.PrintDefaults()
	}
	fs.StringVar(&f.listen, "listen", ":5000", "address to listen on (plain TCP, or TLS with --tls-cert and --tls-key)")
	data, dsn = storeFlags(fs)
	fs.StringVar(&f.tlsCert, "tls-cert", "", "TLS certificate (PEM): the port speaks TLS instead of plain TCP")
	fs.StringVar(&f.tlsKey, "tls-key", "", "the TLS certificate's private key (PEM)")
	fs.StringVar(&f.admin, "admin", "", "address of the operator's HTTP port serving /metrics (keep it on loopback or behind a firewall); empty: none")
	fs.DurationVar(&f.grace, "grace", 60*time.Second, "how long a player who dropped may take to return before losing (1s to 1h)")
	fs.DurationVar(&f.idle, "idle", time.Hour, "a registered player's (or anyone in a game) connection silent this long is closed (10s to 24h)")
	fs.DurationVar(&f.guestIdle, "guest-idle", 10*time.Minute, "an unregistered user's connection outside a game silent this long is closed (10s to --idle)")
	fs.DurationVar(&f.loginTime, "login-time", time.Minute, "time allowed to log in (1s to 10m)")
	fs.DurationVar(&f.firstMove, "first-move", 30*time.Second, "each side's time for its first move, on no clock, before the game is aborted unrated (5s to 10m)")
	fs.DurationVar(&f.writeTimeout, "write-timeout", 30*time.Second, "a write to a client not done within this, and a second more for each 16 KB it carries, closes the connection as a slow reader's (1s to 10m)")
	fs.IntVar(&f.maxConns, "max-conns", 2000, "connections at once (1 to 100000)")
	fs.IntVar(&f.maxPerAddr, "max-conns-per-addr", 64, "connections at once from one IP address (1 to --max-conns): room for a club behind one NAT")
	fs.IntVar(&f.maxPreLogin, "max-prelogin", 0, "connections not yet logged in at once (1 to --max-conns; 0: a quarter of --max-conns, at least 64 when --max-conns allows)")
	fs.IntVar(&f.maxPreLoginAddr, "max-prelogin-per-addr", 0, "connections not yet logged in at once from one IP address (1 to --max-conns-per-addr; 0: 8, or --max-conns-per-addr when lower)")
	fs.IntVar(&f.regsPerAddr, "registrations-per-addr", 5, "accounts one IP address may register an hour (1 to 1000)")
	fs.Float64Var(&f.attempts, "attempts", 10, "moves a player may send per second on average, bursts of twice that (0.1 to 1000000)")
	fs.Float64Var(&f.lobby, "lobby", 2, "seeks, tells, says, challenges, offers and registrations a connection may send per second, bursts of 5 times that; 4 times that per address (0.1 to 1000000)")
	fs.Float64Var(&f.connects, "connects-per-addr", 5, "new connections a second from one IP address, after a burst of --max-conns-per-addr (0.01 to 1000000)")
	fs.Float64Var(&f.lines, "lines", 50, "lines a connection is read per second, bursts of twice that; a command refused by a limit counts as ten (1 to 1000000)")
	fs.Float64Var(&f.listings, "listings", 1, "who, games, observe, finger and history a connection may send per second, bursts of 5 times that; 4 times that per address, and as many requests for /record (0.1 to 1000000)")
	fs.IntVar(&f.maxObservers, "max-observers", 50, "observers of one game at once (1 to 10000)")
	fs.IntVar(&f.refusedTurn, "refused-turn", 512, "refused attempts one turn takes; beyond them only a move that can be played is judged (1 to --refused-game)")
	fs.IntVar(&f.refusedGame, "refused-game", 10000, "refused attempts one game takes; beyond them only a move that can be played is judged (1 to 1000000)")
	fs.Float64Var(&f.inbox, "inbox", 3, "tells and challenges one user may receive from others per second, bursts of 5 times that (0.1 to 1000000)")
	fs.StringVar(&f.httpAddr, "http", "", "also serve the page that plays in a browser, and its WebSocket, on this address (such as :8080; HTTPS with --tls-cert and --tls-key)")
	fs.IntVar(&f.httpMaxConns, "http-max-conns", 2000, "connections the --http port holds at once, page requests and WebSockets together (1 to 100000)")
	fs.IntVar(&f.httpMaxPerAddr, "http-max-conns-per-addr", 128, "connections the --http port holds at once from one IP address (1 to --http-max-conns): room for a club behind one NAT loading the page")
	fs.StringVar(&f.site, "site", "", "the page's folder, written by make web (default: web beside kriegd, else bin/web)")
	return fs, data, dsn
}

// check refuses a negative, zero or absurd value with the range it must
// be in, and sets what follows from the flags given (fs).
func (f *serveFlags) check(fs *flag.FlagSet) error {
	checks := []struct {
		ok   bool
		flag string
		want string
	}{
		{f.grace >= time.Second && f.grace <= time.Hour, "grace", "1s to 1h"},
		{f.idle >= 10*time.Second && f.idle <= 24*time.Hour, "idle", "10s to 24h"},
		{f.guestIdle >= 10*time.Second && f.guestIdle <= f.idle, "guest-idle", "10s to --idle"},
		{f.loginTime >= time.Second && f.loginTime <= 10*time.Minute, "login-time", "1s to 10m"},
		{f.firstMove >= 5*time.Second && f.firstMove <= 10*time.Minute, "first-move", "5s to 10m"},
		{f.writeTimeout >= time.Second && f.writeTimeout <= 10*time.Minute, "write-timeout", "1s to 10m"},
		{f.maxConns >= 1 && f.maxConns <= 100000, "max-conns", "1 to 100000"},
		{f.maxPerAddr >= 1 && f.maxPerAddr <= f.maxConns, "max-conns-per-addr", "1 to --max-conns"},
		{f.maxPreLogin >= 0 && f.maxPreLogin <= f.maxConns, "max-prelogin", "0 (automatic) or 1 to --max-conns"},
		{f.maxPreLoginAddr >= 0 && f.maxPreLoginAddr <= f.maxPerAddr, "max-prelogin-per-addr", "0 (automatic) or 1 to --max-conns-per-addr"},
		{f.httpMaxConns >= 1 && f.httpMaxConns <= 100000, "http-max-conns", "1 to 100000"},
		{f.httpMaxPerAddr >= 1 && f.httpMaxPerAddr <= f.httpMaxConns, "http-max-conns-per-addr", "1 to --http-max-conns"},
		{f.regsPerAddr >= 1 && f.regsPerAddr <= 1000, "registrations-per-addr", "1 to 1000"},
		{f.attempts >= 0.1 && f.attempts <= 1e6, "attempts", "0.1 to 1000000"},
		{f.lobby >= 0.1 && f.lobby <= 1e6, "lobby", "0.1 to 1000000"},
		{f.inbox >= 0.1 && f.inbox <= 1e6, "inbox", "0.1 to 1000000"},
		{f.listings >= 0.1 && f.listings <= 1e6, "listings", "0.1 to 1000000"},
		{f.lines >= 1 && f.lines <= 1e6, "lines", "1 to 1000000"},
		{f.connects >= 0.01 && f.connects <= 1e6, "connects-per-addr", "0.01 to 1000000"},
		{f.maxObservers >= 1 && f.maxObservers <= 10000, "max-observers", "1 to 10000"},
		{f.refusedGame >= 1 && f.refusedGame <= 1000000, "refused-game", "1 to 1000000"},
		{f.refusedTurn >= 1 && f.refusedTurn <= f.refusedGame, "refused-turn", "1 to --refused-game"},
		{(f.tlsCert == "") == (f.tlsKey == ""), "tls-cert", "given with --tls-key"},
	}
	for _, c := range checks {
		if !c.ok {
			return usagef("--%s must be %s", c.flag, c.want)
		}
	}
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	limit, err := openFilesLimit()
	if err != nil {
		return err
	}
	if err := fitFiles(f, set, limit); err != nil {
		return err
	}
	overall, fromAddr := server.PreLoginDefaults(f.maxConns, f.maxPerAddr)
	if f.maxPreLogin == 0 {
		f.maxPreLogin = overall
	}
	if f.maxPreLoginAddr == 0 {
		f.maxPreLoginAddr = fromAddr
	}
	return nil
}

// config is the server's configuration from the flags, with its store and log.
func (f serveFlags) config(st server.Index, logger *slog.Logger) server.Config {
	return server.Config{DataDir: f.data, Store: st, Grace: f.grace, IdleTimeout: f.idle, GuestIdleTimeout: f.guestIdle,
		LoginTime: f.loginTime, FirstMove: f.firstMove, WriteTimeout: f.writeTimeout, MaxConns: f.maxConns, MaxConnsPerAddr: f.maxPerAddr, ConnectsPerAddr: f.connects,
		MaxPreLogin: f.maxPreLogin, MaxPreLoginAddr: f.maxPreLoginAddr, Registrations: f.regsPerAddr, Inbox: f.inbox, MaxObservers: f.maxObservers,
		RefusedTurn: f.refusedTurn, RefusedGame: f.refusedGame, Attempts: f.attempts, Lobby: f.lobby, Listings: f.listings, Lines: f.lines, Log: logger}
}

// serve runs the server until SIGINT or SIGTERM.
func serve(args []string, stdout, stderr io.Writer) error {
	f, err := parseServe(args, stderr)
	if err != nil {
		return err
	}
	unlock, err := lockData(f.data)
	if err != nil {
		return err
	}
	defer unlock()
	st, err := openStore(f.data, f.dsn)
	if err != nil {
		return err
	}
	defer st.Close()
	// A crash can leave a temporary record that was never renamed into
	// place: it holds no finished game, so it goes.
	stray, err := server.StrayTemporaries(f.data)
	if err != nil {
		return err
	}
	for _, file := range stray {
		if err := os.Remove(file); err != nil {
			return fmt.Errorf("kriegd: removing a stray temporary record: %w", err)
		}
		fmt.Fprintf(stdout, "kriegd: removed %s, a record a crash left unfinished\n", file)
	}
	tlsCfg, err := tlsConfig(f)
	if err != nil {
		return err
	}
	ln, err := listen(f.listen, tlsCfg, nil)
	if err != nil {
		return err
	}
	if f.lowered != "" {
		fmt.Fprintln(stdout, f.lowered)
	}
	logger := slog.New(slog.NewTextHandler(stderr, nil))
	srv := server.New(f.config(st, logger))
	if f.admin != "" {
		stop, addr, err := serveAdmin(f.admin, srv, logger)
		if err != nil {
			ln.Close()
			return err
		}
		defer stop()
		fmt.Fprintf(stdout, "kriegd: metrics on http://%s/metrics\n", addr)
	}
	if f.httpAddr != "" {
		caps := web.Caps{Total: f.httpMaxConns, PerAddr: f.httpMaxPerAddr, Refused: httpRefused(srv)}
		addr, stop, err := startWeb(f.httpAddr, tlsCfg, caps, siteFolder(f.site), srv, st, logger)
		if err != nil {
			ln.Close()
			return err
		}
		defer stop()
		fmt.Fprintf(stdout, "kriegd: the page is on %s\n", addr)
	}
	scheme := "tcp"
	if f.tlsCert != "" {
		scheme = "tls"
	}
	fmt.Fprintf(stdout, "kriegd: listening on %s://%s; records in %s\n", scheme, ln.Addr(), filepath.Join(f.data, "games"))
	return serveUntilSignal(srv, ln, logger)
}

// serveUntilSignal serves srv on ln until SIGINT or SIGTERM, then closes
// it and returns once every game is recorded and every connection gone,
// so that the store is still open for the aborted games' records. A
// second SIGINT or SIGTERM is logged and ends the process at once, with the
// signal's exit status, once the records being written are whole with
// their pending entries. SIGHUP is logged
// and ignored: kriegd has no log file to reopen and no settings to reload.
func serveUntilSignal(srv *server.Server, ln stdnet.Listener, logger *slog.Logger) error {
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	defer signal.Stop(sig)
	closed := make(chan error, 1)
	go func() {
		stopping := false
		for got := range sig {
			switch {
			case got == syscall.SIGHUP:
				logger.Info("kriegd: SIGHUP ignored: kriegd logs to standard error and reads its settings only at start, so it has no log file to reopen and nothing to reload; restart it to change a flag")
			case stopping:
				// The records being written are finished with their
				// pending entries first, so that the next start indexes them.
				logger.Warn("kriegd: second signal: ending at once; games not yet recorded are lost", "signal", got.String())
				srv.Halt()
				status := 1
				if n, ok := got.(syscall.Signal); ok {
					status = 128 + int(n) // as the signal's own end would give
				}
				os.Exit(status)
			default:
				stopping = true
				// Logged here, before a second signal can be read.
				logger.Info("kriegd: stopping", "signal", got.String())
				go func() {
					start := time.Now()
					err := srv.Close()
					logger.Info("kriegd: stopped", "took", time.Since(start).Round(time.Millisecond))
					closed <- err
				}()
			}
		}
	}()
	if err := srv.Serve(ln); err != nil {
		srv.Close()
		return err
	}
	return <-closed
}

// tlsConfig is the TLS both doors speak with the flags' certificate, or
// nil for plain TCP and HTTP.
func tlsConfig(f serveFlags) (*tls.Config, error) {
	if f.tlsCert == "" {
		return nil, nil
	}
	cert, err := tls.LoadX509KeyPair(f.tlsCert, f.tlsKey)
	if err != nil {
		return nil, fmt.Errorf("kriegd: TLS certificate: %w", err)
	}
	return &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}, nil
}

// listen opens a port on addr: plain TCP, or TLS when cfg is set, holding
// at most caps' connections when caps is set.
func listen(addr string, cfg *tls.Config, caps *web.Caps) (stdnet.Listener, error) {
	ln, err := stdnet.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("kriegd: listen: %w", err)
	}
	if caps != nil {
		ln = web.Limit(ln, *caps)
	}
	if cfg != nil {
		ln = tls.NewListener(ln, cfg)
	}
	return ln, nil
}

// serveAdmin serves /metrics on addr; stop shuts it down.
func serveAdmin(addr string, srv *server.Server, logger *slog.Logger) (stop func(), bound string, err error) {
	ln, err := stdnet.Listen("tcp", addr)
	if err != nil {
		return nil, "", fmt.Errorf("kriegd: admin port: %w", err)
	}
	ln = web.Limit(ln, web.Caps{Total: adminConns, Refused: adminRefused(srv)})
	mux := http.NewServeMux()
	mux.Handle("/metrics", srv.Metrics().Handler())
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 10 * time.Second, WriteTimeout: 30 * time.Second,
		ErrorLog: slog.NewLogLogger(logger.Handler(), slog.LevelWarn)}
	go func() {
		if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			logger.Error("kriegd: admin port", "err", err)
		}
	}()
	return func() { hs.Close() }, ln.Addr().String(), nil
}

// userUsage lists the account commands.
const userUsage = `usage: kriegd user add [--data DIR] [--db DSN] NAME      register an account (password asked without echo)
       kriegd user passwd [--data DIR] [--db DSN] NAME   give an account a new password (asked without echo)
       kriegd user list [--data DIR] [--db DSN]          list the accounts with their ratings
       kriegd user rm [--data DIR] [--db DSN] NAME       remove an account (its games stay in the history)`

// userCmd is "kriegd user add|passwd|list|rm": an operator's work on the
// accounts, in the store a running kriegd reads at each login (so a new
// password holds from the next login on). Passwords are asked without echo,
// or read from one line of stdin when it is not a terminal.
func userCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 1 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
		fmt.Fprintln(stderr, userUsage)
		return flag.ErrHelp
	}
	if len(args) < 1 {
		return usageError{userUsage}
	}
	if args[0] != "add" && args[0] != "passwd" && args[0] != "list" && args[0] != "rm" {
		return usageError{fmt.Sprintf("kriegd user: unknown command %q; the commands are add, passwd, list and rm:\n%s", args[0], userUsage)}
	}
	verb := args[0]
	fs := flag.NewFlagSet("kriegd user "+verb, flag.ContinueOnError)
	fs.SetOutput(stderr)
	data, dsn := storeFlags(fs)
	if err := parseArgs(fs, args[1:]); err != nil {
		return err
	}
	if err := checkDSN(*dsn); err != nil {
		return err
	}
	if verb != "add" && *dsn == "" {
		// A mistyped folder would be made afresh and list no account, as if
		// every one were gone: only add may start a new one.
		if _, err := os.Stat(*data); errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("kriegd: there is no data folder %s (--data names the one kriegd serves)", *data)
		}
	}
	if verb == "list" {
		if fs.NArg() != 0 {
			return usageError{userUsage}
		}
		return listAccounts(*data, *dsn, stdout)
	}
	if fs.NArg() != 1 {
		return usageError{userUsage}
	}
	name := fs.Arg(0)
	if err := server.ValidName(name); err != nil {
		return err
	}
	if verb == "rm" {
		return removeAccount(*data, *dsn, name, stdout)
	}
	st, err := openStore(*data, *dsn)
	if err != nil {
		return err
	}
	defer st.Close()
	// Said before the password is asked for, not after it is typed twice.
	a, err := st.Account(context.Background(), name)
	switch {
	case verb == "passwd" && errors.Is(err, store.ErrNotFound):
		return fmt.Errorf("kriegd: there is no account named %s (kriegd user list lists them)", name)
	case verb == "add" && err == nil:
		return fmt.Errorf("kriegd: an account named %s already exists (names ignore case)", a.Name)
	}
	pw, err := launch.ReadNewPassword(bufio.NewReader(stdin), stderr)
	if err != nil {
		return err
	}
	if err := server.ValidPassword(pw); err != nil {
		return err
	}
	hash, err := server.HashPassword(pw)
	if err != nil {
		return err
	}
	if verb == "passwd" {
		if err := st.SetPassword(context.Background(), name, hash); errors.Is(err, store.ErrNotFound) {
			return fmt.Errorf("kriegd: there is no account named %s (kriegd user list lists them)", name)
		} else if err != nil {
			return err
		}
		if a, err := st.Account(context.Background(), name); err == nil {
			name = a.Name // as the account spells it
		}
		fmt.Fprintf(stdout, "kriegd: %s's password changed; it holds from the next login\n", name)
		return nil
	}
	if err := st.AddAccount(context.Background(), name, hash); errors.Is(err, store.ErrExists) {
		return fmt.Errorf("kriegd: an account named %s already exists (names ignore case)", name)
	} else if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "kriegd: account %s added\n", name)
	return nil
}

// removeAccount removes the account name from the store, saying what it
// held, since a rating cannot be given back.
func removeAccount(data, dsn, name string, stdout io.Writer) error {
	st, err := openStore(data, dsn)
	if err != nil {
		return err
	}
	defer st.Close()
	a, err := st.Account(context.Background(), name)
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("kriegd: there is no account named %s (kriegd user list lists them)", name)
	} else if err != nil {
		return err
	}
	if err := st.RemoveAccount(context.Background(), name); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "kriegd: account %s removed (rating %.0f, %d rated games); its games stay in the history, and the name is free to take again. A session logged in as %s now keeps it until it leaves.\n", a.Name, a.Rating.R, a.Games, a.Name)
	return nil
}

// listAccounts prints every account with its rating, rated games and the
// day it joined, one a line.
func listAccounts(data, dsn string, stdout io.Writer) error {
	st, err := openStore(data, dsn)
	if err != nil {
		return err
	}
	defer st.Close()
	accounts, err := st.Accounts(context.Background())
	if err != nil {
		return err
	}
	for _, a := range accounts {
		fmt.Fprintf(stdout, "%-20s %5d  %4d rated games  joined %s\n", a.Name, int(a.Rating.R), a.Games, a.Joined.Format("2006-01-02"))
	}
	fmt.Fprintf(stdout, "%d %s\n", len(accounts), map[bool]string{true: "account", false: "accounts"}[len(accounts) == 1])
	return nil
}
