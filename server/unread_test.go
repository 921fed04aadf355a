package server_test

import (
	"crypto/tls"
	"fmt"
	stdnet "net"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/krieg/krieg/server"
	"github.com/krieg/krieg/server/kriegdtest"
)

// serverSide is the server's side, among those l accepted, of the client
// connection nc.
func serverSide(t *testing.T, l *kriegdtest.Accepting, nc stdnet.Conn) stdnet.Conn {
	t.Helper()
	for _, sc := range l.Conns() {
		if sc.RemoteAddr().String() == nc.LocalAddr().String() {
			return sc
		}
	}
	t.Fatalf("no connection from %s was accepted", nc.LocalAddr())
	return nil
}

// tinyClient logs name in over a connection with a tiny receive buffer,
// reading nothing; it returns once name is logged in.
func tinyClient(t *testing.T, u *umpire, name string) stdnet.Conn {
	t.Helper()
	nc := tinyDial(t, u)
	nc.Write([]byte(name + "\r\n"))
	waitUntil(t, func() bool {
		_, in := u.srv.Unsent(name)
		return in
	})
	return nc
}

// held is what the server held for a client's unread output at most: in
// its queue, and in the kernel's send queue of its socket (-1 where the
// kernel cannot be asked).
type held struct {
	queued int64
	kernel int
}

// String says what was held, for the test's log and failures.
func (h held) String() string {
	return fmt.Sprintf("%d bytes queued, %d in the kernel", h.queued, h.kernel)
}

// askForHelp sends help on nc as name 50 times a second, the default
// --lines, reading read bytes each tenth of a second (0: none), until
// name's connection is let go (gone) or for d at most; side is the
// server's side of nc, whose kernel send queue is measured (nil: none).
func askForHelp(t *testing.T, u *umpire, nc, side stdnet.Conn, name string, read int, d time.Duration) (most held, gone bool, took time.Duration) {
	t.Helper()
	most.kernel = -1
	ask := []byte(strings.Repeat("help\r\n", 5))
	buf := make([]byte, max(read, 1))
	start := time.Now()
	for time.Since(start) < d {
		nc.SetWriteDeadline(time.Now().Add(100 * time.Millisecond))
		nc.Write(ask) // fails once the server let it go, or its socket fills
		if read > 0 {
			nc.SetReadDeadline(time.Now().Add(time.Millisecond))
			nc.Read(buf)
		}
		n, in := u.srv.Unsent(name)
		if !in {
			return most, true, time.Since(start)
		}
		most.queued = max(most.queued, n)
		if k, ok := kriegdtest.SendQueue(side); ok { // none for a nil side
			most.kernel = max(most.kernel, k)
		}
		time.Sleep(100 * time.Millisecond)
	}
	return most, false, time.Since(start)
}

// bounded checks what the server held for a client that does not read
// all it asked for: its queue stays within ReadPause and one answer, and
// the kernel's send queue within 4 times SendBuffer (about 3 times at
// most; see SendBuffer), where Linux's own tuning of the buffer once let a
// connection hold 2.8 MB.
func bounded(t *testing.T, most held) {
	t.Helper()
	if most.queued > server.ReadPause+4096 {
		t.Errorf("the server queued %s for a client that does not read; want %d at most", most, server.ReadPause+4096)
	}
	if most.kernel > 4*server.SendBuffer {
		t.Errorf("the server held %s for a client that does not read; want %d in the kernel at most", most, 4*server.SendBuffer)
	}
}

// TestUnreadOutputIsBounded: a client that asks for help at the rate
// --lines allows and never reads costs the server its queue up to
// ReadPause (its reader then stops reading its commands, which wait in
// its own socket) and the socket's capped send buffer, not the megabytes
// Linux's autotuned buffer held; and it is let go as a slow reader once a
// write waits past WriteTimeout.
func TestUnreadOutputIsBounded(t *testing.T) {
	var slow atomic.Bool
	ln := &kriegdtest.Accepting{}
	u := startUmpireOn(t, server.Config{WriteTimeout: 2 * time.Second, Log: testLog(t, func(line string) {
		if strings.Contains(line, "a reader too slow") {
			slow.Store(true)
		}
	})}, ln.Wrap)
	sloth := tinyClient(t, u, "sloth")
	most, gone, took := askForHelp(t, u, sloth, serverSide(t, ln, sloth), "sloth", 0, 20*time.Second)
	t.Logf("held for the sloth at most: %s; let go: %v after %v", most, gone, took.Round(time.Millisecond))
	bounded(t, most)
	// The socket fills in a second or two; then a write of at most
	// ReadPause and an answer waits 2 s and 4 s more at 16 KB a second.
	if !gone {
		t.Fatalf("the sloth was not let go within %v", took.Round(time.Second))
	}
	if !slow.Load() {
		t.Error("the sloth's disconnection was not logged as a slow reader's")
	}
}

// TestSlowReaderHoldsNoMore: a client that asks for help at the allowed
// rate and reads a fifth of it, enough that no write waits long, is served
// at the pace it reads and is never let go, but the server never holds
// more for it than for one that does not read at all.
func TestSlowReaderHoldsNoMore(t *testing.T) {
	ln := &kriegdtest.Accepting{}
	u := startUmpireOn(t, server.Config{}, ln.Wrap)
	sloth := tinyClient(t, u, "sloth")
	most, gone, took := askForHelp(t, u, sloth, serverSide(t, ln, sloth), "sloth", 1024, 8*time.Second)
	t.Logf("held for the sloth at most: %s in %v", most, took.Round(time.Millisecond))
	if gone {
		t.Fatalf("a client reading 10 KB a second was let go after %v", took.Round(time.Millisecond))
	}
	bounded(t, most)
}

// TestLongRecordArrivesWhole: the bound on unsent output leaves an honest
// player's longest output whole: the record of a game with 40,000
// refused attempts (several times ReadPause and the socket's buffer), sent
// at the game's end, reaches both players with every attempt.
func TestLongRecordArrivesWhole(t *testing.T) {
	const n = 40000
	u := startUmpire(t, server.Config{Attempts: 1e6, Lines: 1e6, RefusedTurn: n, RefusedGame: n})
	a, b := u.login(t, "alice", ""), u.login(t, "bob", "")
	begin(t, a, b, "bob", "60 0 u")
	firstMoves(a, b)
	a.nc.Write([]byte(strings.Repeat("e1e3\r\n", n))) // no king moves so: each refused, and kept for the record
	deadline := time.Now().Add(2 * time.Minute)
	for strings.Count(a.all(), "\x19(42 1 e1e3 ") < n {
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d refusals answered within 2 minutes", strings.Count(a.all(), "\x19(42 1 e1e3 "), n)
		}
		time.Sleep(50 * time.Millisecond)
	}
	a.send("resign")
	for _, r := range []*raw{a, b} {
		r.waitFor("\x19(201 1 \x19{")
		pgn := r.waitFor("\x19}\x19)")
		if got := strings.Count(pgn, "e1e3"); got != n {
			t.Fatalf("the record of %d bytes keeps %d refusals of e1e3; want %d", len(pgn), got, n)
		}
		if len(pgn) < server.ReadPause+2*server.SendBuffer {
			t.Fatalf("the record is %d bytes: too short to test the bound", len(pgn))
		}
		t.Logf("a record of %d bytes arrived whole", len(pgn))
	}
}

// TestStalledPlayerLeavesByGrace: a player whose output stays unread is
// let go as a slow reader, as one whose queue fills with the game's
// messages is: the game goes on to the grace period, ends with the
// opponent's win, and is recorded.
func TestStalledPlayerLeavesByGrace(t *testing.T) {
	u := startUmpire(t, server.Config{WriteTimeout: 2 * time.Second, Grace: time.Second})
	a := u.login(t, "alice", "")
	sloth := tinyClient(t, u, "sloth")
	sloth.Write([]byte("match alice 5 0 u white\r\n"))
	a.waitFor(`You can "accept" or "decline".`)
	a.send("accept")
	a.waitFor("\x19(15 ")
	sloth.Write([]byte("e2e4\r\n"))
	a.waitFor("\x19(24 ")
	a.send("e7e5")
	a.waitFor("\x19(24 ")
	most, gone, took := askForHelp(t, u, sloth, nil, "sloth", 0, 20*time.Second)
	if !gone {
		t.Fatalf("the sloth, holding %s, was not let go within %v", most, took.Round(time.Second))
	}
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(a.all(), "\x19(201 1 \x19{") {
		if time.Now().After(deadline) {
			t.Fatalf("no result and record for alice 10 s after the sloth was let go: %q", a.all()[max(0, len(a.all())-600):])
		}
		time.Sleep(20 * time.Millisecond)
	}
	a.waitFor("\x19(16 1 ")
	if end := a.waitFor("\x19)"); !strings.Contains(end, "0-1") {
		t.Fatalf("the game ended %q; want alice (Black) to win", end)
	}
	pgn := a.waitFor("\x19}\x19)")
	if !strings.Contains(pgn, "e4") || !strings.Contains(pgn, "0-1") {
		t.Fatalf("the record alice got: %q", pgn)
	}
}

// TestSendBufferReachedThroughTLS: the send buffer is set on the socket
// under a TLS connection (the game port with --tls-cert), and under any
// wrapper that gives its connection with NetConn.
func TestSendBufferReachedThroughTLS(t *testing.T) {
	ln, err := stdnet.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	client, err := stdnet.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer client.Close()
	nc, err := ln.Accept()
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	server.LimitSendBuffer(tls.Server(nc, &tls.Config{}))
	if n, ok := kriegdtest.SendBuffer(nc); ok && n != 2*server.SendBuffer {
		t.Fatalf("the socket under TLS has a send buffer of %d bytes; want %d (SendBuffer, doubled by Linux)", n, 2*server.SendBuffer)
	}
}
