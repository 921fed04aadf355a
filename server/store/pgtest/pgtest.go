// Package pgtest starts a real PostgreSQL server from the Debian package
// for tests: initdb and postgres in a temporary folder on a loopback port.
package pgtest

import (
	"bytes"
	"context"
	"fmt"
	stdnet "net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/krieg/krieg/server/store"
)

// Start starts a PostgreSQL server on a loopback port (as the
// unprivileged user nobody when run as root) and returns its DSN; the
// server stops when the test ends. It skips the test when PostgreSQL is
// not installed.
func Start(t testing.TB) string {
	t.Helper()
	return StartServer(t).DSN
}

// Server is a PostgreSQL server a test runs, which it may stop and start
// again on the same port and data.
type Server struct {
	DSN  string
	t    testing.TB
	as   func(name string, args ...string) *exec.Cmd
	args []string
	pg   *exec.Cmd
	logs bytes.Buffer
}

// StartServer is Start, returning the server.
func StartServer(t testing.TB) *Server {
	t.Helper()
	bins, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	if len(bins) == 0 {
		t.Skip("PostgreSQL is not installed (/usr/lib/postgresql/*/bin/initdb): apt-get install postgresql, or make test")
	}
	bin := filepath.Dir(bins[len(bins)-1])
	dir, err := os.MkdirTemp("", "kriegd-pg-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	as := func(name string, args ...string) *exec.Cmd { return exec.Command(filepath.Join(bin, name), args...) }
	if os.Getuid() == 0 {
		u, err := user.Lookup("nobody")
		if err != nil {
			t.Skip("running as root without a user nobody to run PostgreSQL as")
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			t.Fatal(err)
		}
		as = func(name string, args ...string) *exec.Cmd {
			return exec.Command("setpriv", append([]string{"--reuid=" + u.Uid, "--regid=" + u.Gid, "--clear-groups", filepath.Join(bin, name)}, args...)...)
		}
	}
	data := filepath.Join(dir, "data")
	if out, err := as("initdb", "-D", data, "-A", "trust", "-U", "postgres").CombinedOutput(); err != nil {
		t.Fatalf("initdb: %v\n%s", err, out)
	}
	ln, err := stdnet.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*stdnet.TCPAddr).Port
	ln.Close()
	s := &Server{t: t, as: as, DSN: fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", port),
		args: []string{"-D", data, "-p", strconv.Itoa(port), "-k", dir, "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off"}}
	s.Restart()
	t.Cleanup(s.Stop)
	return s
}

// Stop stops the server (a fast shutdown: clients are disconnected).
func (s *Server) Stop() {
	if s.pg == nil {
		return
	}
	s.pg.Process.Signal(os.Interrupt)
	s.pg.Wait()
	s.pg = nil
}

// Restart starts the stopped server again and waits until it answers.
func (s *Server) Restart() {
	s.t.Helper()
	s.pg = s.as("postgres", s.args...)
	s.pg.Stdout, s.pg.Stderr = &s.logs, &s.logs
	if err := s.pg.Start(); err != nil {
		s.t.Fatal(err)
	}
	for deadline := time.Now().Add(30 * time.Second); ; {
		st, err := store.Open(context.Background(), s.DSN, "")
		if err == nil {
			st.Close()
			return
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("PostgreSQL did not come up: %v\n%s", err, s.logs.String())
		}
		time.Sleep(200 * time.Millisecond)
	}
}
