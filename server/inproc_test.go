package server

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	stdnet "net"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"
)

// This file serves kriegd in-process, for the fuzzers: connections in
// memory instead of sockets, and a clock that moves only when told, so
// that no input waits for anything.

// fakeClock is a Clock that moves only by advance.
type fakeClock struct {
	mu     sync.Mutex
	now    time.Time
	timers []*fakeTimer
}

// fakeTimer is a call fakeClock will make.
type fakeTimer struct {
	clock *fakeClock
	at    time.Time
	f     func()
	done  bool
}

func newFakeClock() *fakeClock { return &fakeClock{now: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)} }

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Sleep returns at once: a fuzzer's time passes only when it says so.
func (c *fakeClock) Sleep(time.Duration, <-chan struct{}) bool { return true }

func (c *fakeClock) AfterFunc(d time.Duration, f func()) Timer {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &fakeTimer{clock: c, at: c.now.Add(d), f: f}
	c.timers = append(c.timers, t)
	return t
}

func (t *fakeTimer) Stop() bool {
	t.clock.mu.Lock()
	defer t.clock.mu.Unlock()
	was := !t.done
	t.done = true
	return was
}

// advance moves the clock on by d and makes the calls that fall due, in
// time order, in the calling goroutine.
func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	var due, kept []*fakeTimer
	for _, t := range c.timers {
		switch {
		case t.done:
		case !t.at.After(c.now):
			t.done = true
			due = append(due, t)
		default:
			kept = append(kept, t)
		}
	}
	c.timers = kept
	c.mu.Unlock()
	sort.SliceStable(due, func(i, j int) bool { return due[i].at.Before(due[j].at) })
	for _, t := range due {
		t.f()
	}
}

// memAddr is an in-memory connection's address.
type memAddr string

func (a memAddr) Network() string { return "mem" }
func (a memAddr) String() string  { return string(a) }

// memConn is a connection in memory: it reads its input, then EOF, and
// keeps what is written to it.
type memConn struct {
	in   io.Reader
	from memAddr
	mu   sync.Mutex
	out  bytes.Buffer
	shut bool
}

func newMemConn(input []byte, from string) *memConn {
	return &memConn{in: bytes.NewReader(input), from: memAddr(from)}
}

func (m *memConn) Read(b []byte) (int, error) {
	m.mu.Lock()
	shut := m.shut
	m.mu.Unlock()
	if shut {
		return 0, stdnet.ErrClosed
	}
	return m.in.Read(b)
}

func (m *memConn) Write(b []byte) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.shut {
		return 0, stdnet.ErrClosed
	}
	return m.out.Write(b)
}

func (m *memConn) Close() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.shut = true
	return nil
}

func (m *memConn) written() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.out.String()
}

func (m *memConn) LocalAddr() stdnet.Addr           { return memAddr("kriegd") }
func (m *memConn) RemoteAddr() stdnet.Addr          { return m.from }
func (m *memConn) SetDeadline(time.Time) error      { return nil }
func (m *memConn) SetReadDeadline(time.Time) error  { return nil }
func (m *memConn) SetWriteDeadline(time.Time) error { return nil }

// inproc is one server served in memory, for a fuzzer's every input.
type inproc struct {
	s     *Server
	clock *fakeClock
	dir   string
}

// memberPassword is the password of the registered account "member".
const memberPassword = "secret1"

// newInproc starts a server on a fake clock with its data (records and a
// SQLite store) in memory-backed files when the system has them (the
// record's sync then costs nothing), and a registered account "member"
// hashed at bcrypt's lowest cost.
func newInproc(tb testing.TB) *inproc {
	tb.Helper()
	base := ""
	if fi, err := os.Stat("/dev/shm"); err == nil && fi.IsDir() {
		base = "/dev/shm"
	}
	dir, err := os.MkdirTemp(base, "kriegd-fuzz-")
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { os.RemoveAll(dir) })
	st := newMemIndex()
	hash, err := plainPasswords{}.Hash(memberPassword)
	if err != nil {
		tb.Fatal(err)
	}
	if err := st.AddAccount(context.Background(), "member", hash); err != nil {
		tb.Fatal(err)
	}
	clock := newFakeClock()
	// Passwords are kept in the clear: bcrypt, even at its lowest cost,
	// took most of the fuzzers' time, and they test the dialogue around it.
	s := New(Config{DataDir: dir, Store: st, Clock: clock, Log: slog.New(slog.DiscardHandler), Grace: 30 * time.Second,
		Passwords: plainPasswords{}})
	if err := s.records.start(); err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { s.Close() })
	return &inproc{s: s, clock: clock, dir: dir}
}

// panics is how many panics the server has recovered.
func (p *inproc) panics() float64 { return testutil.ToFloat64(p.s.metrics.panics) }

// settle ends whatever the input left: every game ends (the clock passes
// every grace period and flag), and the server must be empty again.
func (p *inproc) settle(t *testing.T) {
	t.Helper()
	p.clock.advance(24 * time.Hour)
	p.s.locked(func() error {
		if len(p.s.conns) != 0 || len(p.s.users) != 0 || len(p.s.games) != 0 || len(p.s.seeks) != 0 || len(p.s.offers) != 0 {
			t.Fatalf("the server is not empty after every connection ended: %d connections, %d users, %d games, %d seeks, %d challenges",
				len(p.s.conns), len(p.s.users), len(p.s.games), len(p.s.seeks), len(p.s.offers))
		}
		return nil
	})
	p.s.guesses = newGuessLimits()
}

// checkState checks what must hold of the server's state between commands.
func (p *inproc) checkState(t *testing.T) {
	t.Helper()
	s := p.s
	s.locked(func() error {
		for name, c := range s.users {
			if !s.conns[c] || strings.ToLower(c.name) != name {
				t.Fatalf("user %q is not a live connection logged in under that name", name)
			}
		}
		seated := map[*conn]int{}
		for n, g := range s.games {
			if g.over || g.number != n {
				t.Fatalf("game %d is over or misnumbered but listed", n)
			}
			for _, st := range g.seats {
				if st.c != nil {
					seated[st.c]++
					if !s.conns[st.c] || s.user(st.name) != st.c {
						t.Fatalf("game %d: seat %s holds a connection that is not logged in as %s", n, st.name, st.name)
					}
				}
			}
		}
		for c, k := range seated {
			if k > 1 {
				t.Fatalf("%s sits in %d games", c.name, k)
			}
		}
		for n, sk := range s.seeks {
			if s.user(sk.from) == nil || s.user(sk.from) != sk.issuer || sk.number != n || !slices.Contains(sk.issuer.seeks, sk) {
				t.Fatalf("seek %d of %s, who is not logged in on the connection that posted it", sk.number, sk.from)
			}
		}
		for _, c := range s.users {
			for _, sk := range c.seeks {
				if s.seeks[sk.number] != sk {
					t.Fatalf("%s holds seek %d, which is not open", c.name, sk.number)
				}
			}
		}
		return nil
	})
}

// String names the harness in failure messages.
func (p *inproc) String() string { return fmt.Sprintf("kriegd in memory at %s", p.dir) }

// plainPasswords keeps passwords in the clear, behind a marker, for the
// in-memory fuzzers; it refuses the passwords bcrypt's does.
type plainPasswords struct{}

func (plainPasswords) Hash(password string) (string, error) {
	if err := ValidPassword(password); err != nil {
		return "", err
	}
	return "plain:" + password, nil
}

func (plainPasswords) Check(hash, password string) bool { return hash == "plain:"+password }
