// Package kriegdtest runs a real kriegd on loopback for other packages'
// tests (a TCP listener on 127.0.0.1, a fresh data folder and SQLite
// store), and logs clients in on it.
package kriegdtest

import (
	"context"
	"log/slog"
	stdnet "net"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/net/icc"
	"github.com/krieg/krieg/server"
	"github.com/krieg/krieg/server/store"
)

// Start runs a kriegd configured by cfg (its data folder, store and log
// are set here; the log is discarded) until the test ends, and returns the
// address it listens on.
func Start(t testing.TB, cfg server.Config) string {
	t.Helper()
	st, data := Store(t)
	ln, err := stdnet.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	cfg.DataDir, cfg.Store, cfg.Log = data, st, slog.New(slog.DiscardHandler)
	srv := server.New(cfg)
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

// Client logs name in (with password, if not empty) on the kriegd at addr
// through krieg's ICC driver, closed when the test ends.
func Client(t testing.TB, addr, name, password string) *icc.Client {
	t.Helper()
	c, err := icc.New(icc.Options{Addr: addr, User: name, Password: password, Quiet: 5 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Connect(t.Context()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// Register makes name an account with password on the kriegd at addr, as
// a player does (kriegd's "register", logged in unregistered), and logs
// out again.
func Register(t testing.TB, addr, name, password string) {
	t.Helper()
	c := Client(t, addr, name, "")
	defer c.Close()
	if err := c.Console("register " + password); err != nil {
		t.Fatal(err)
	}
	for ev := range c.Events() {
		if strings.Contains(ev.Text, "is now registered") {
			return
		}
	}
	t.Fatalf("%s was not registered", name)
}

// Store opens a SQLite store in a data folder of its own, closed when the
// test ends, and returns it with the folder.
func Store(t testing.TB) (*store.Store, string) {
	t.Helper()
	data := t.TempDir()
	st, err := store.Open(context.Background(), "", data)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st, data
}
