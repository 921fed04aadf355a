// Command kriegd is the Kriegspiel umpire server: people play each other on
// it with krieg (`krieg --connect host:port`, `krieg console --connect`) or
// any client that speaks ICC's protocol.
//
//	kriegd [--listen :5000] [--data DIR] [--db DSN] [--grace 60s]   serve
//	kriegd --http :8080 [--site DIR]                                 also serve the page that plays in a browser
//	kriegd site --wasm FILE --wasm-exec FILE DIR                     write the page's static site (make web)
//	kriegd user add NAME                                             register an account (password asked without echo)
//	kriegd load [--games 200] [--clients 400] [--duration 60s]      a bounded load test on loopback
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	stdnet "net"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/krieg/krieg/cmd/internal/launch"
	"github.com/krieg/krieg/server"
	"github.com/krieg/krieg/server/store"
)

func main() {
	if err := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "kriegd:", err)
		os.Exit(1)
	}
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

// openStore opens the store after making the data folder.
func openStore(data, dsn string) (*store.Store, error) {
	if err := os.MkdirAll(data, 0o755); err != nil {
		return nil, fmt.Errorf("data folder: %w", err)
	}
	return store.Open(context.Background(), dsn, data)
}

// serve runs the server until SIGINT or SIGTERM.
func serve(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("kriegd", flag.ContinueOnError)
	fs.SetOutput(stderr)
	listen := fs.String("listen", ":5000", "address to listen on")
	data, dsn := storeFlags(fs)
	grace := fs.Duration("grace", 60*time.Second, "how long a player who dropped may take to return before losing")
	maxConns := fs.Int("max-conns", 2000, "connections at once")
	attempts := fs.Float64("attempts", 10, "moves a player may send per second on average (bursts of twice that)")
	httpAddr := fs.String("http", "", "also serve the page that plays in a browser, and its WebSocket, on this address (such as :8080)")
	site := fs.String("site", "", "the page's folder, written by make web (default: web beside kriegd, else bin/web)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	st, err := openStore(*data, *dsn)
	if err != nil {
		return err
	}
	defer st.Close()
	// A crash can leave a temporary record that was never renamed into
	// place: it holds no finished game, so it goes.
	stray, err := server.StrayTemporaries(*data)
	if err != nil {
		return err
	}
	for _, f := range stray {
		if err := os.Remove(f); err != nil {
			return fmt.Errorf("removing a stray temporary record: %w", err)
		}
		fmt.Fprintf(stdout, "kriegd: removed %s, a record a crash left unfinished\n", f)
	}
	ln, err := stdnet.Listen("tcp", *listen)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	logger := log.New(stderr, "", log.LstdFlags)
	srv := server.New(server.Config{DataDir: *data, Store: st, Grace: *grace, MaxConns: *maxConns, Attempts: *attempts, Logf: logger.Printf})
	fmt.Fprintf(stdout, "kriegd: listening on %s; records in %s\n", ln.Addr(), filepath.Join(*data, "games"))
	if *httpAddr != "" {
		addr, stop, err := startWeb(*httpAddr, siteFolder(*site), srv, st, logger.Printf)
		if err != nil {
			ln.Close()
			return err
		}
		defer stop()
		fmt.Fprintf(stdout, "kriegd: the page is on http://%s/\n", addr)
	}
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGINT, syscall.SIGTERM)
	go func() {
		<-sig
		srv.Close()
	}()
	return srv.Serve(ln)
}

// userCmd is "kriegd user add NAME": the password is asked without echo
// (or read from one line of stdin when it is not a terminal).
func userCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) < 1 || args[0] != "add" {
		return errors.New("usage: kriegd user add [--data DIR] [--db DSN] NAME")
	}
	fs := flag.NewFlagSet("kriegd user add", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data, dsn := storeFlags(fs)
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return errors.New("usage: kriegd user add [--data DIR] [--db DSN] NAME")
	}
	name := fs.Arg(0)
	if err := server.ValidName(name); err != nil {
		return err
	}
	pw, err := launch.ReadPassword(bufio.NewReader(stdin), stderr)
	if err != nil {
		return err
	}
	hash, err := server.HashPassword(pw)
	if err != nil {
		return err
	}
	st, err := openStore(*data, *dsn)
	if err != nil {
		return err
	}
	defer st.Close()
	if err := st.AddAccount(context.Background(), name, hash); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "kriegd: account %s added\n", name)
	return nil
}
