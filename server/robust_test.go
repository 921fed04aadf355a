package server_test

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	stdnet "net"

	"github.com/krieg/krieg/server"
)

// stillServes checks that the server answers a well-behaved user.
func stillServes(t *testing.T, r *raw) {
	t.Helper()
	list(t, r, "games", "in progress")
}

// list sends a listing command (who, games) and waits for its answer,
// header; a refusal for too many listings is waited out and the command
// sent again, a few times at most, so that a probe after a flood from
// the same address still finds out whether the server serves.
func list(t *testing.T, r *raw, verb, header string) string {
	t.Helper()
	for range 5 {
		r.send(verb)
		if got := r.waitForEither(header, "Too many listings"); strings.HasSuffix(got, header) {
			return got
		}
		time.Sleep(time.Second)
	}
	t.Fatalf("%q was refused five times, a second apart", verb)
	return ""
}

func TestBadInputNeverReachesOthers(t *testing.T) {
	u := startUmpire(t, server.Config{})
	a, b := u.login(t, "alice", ""), u.login(t, "bob", "")
	begin(t, a, b, "bob", "5 0 u")
	bad := u.login(t, "mallory", "")

	// Garbage bytes, framing bytes and invalid UTF-8: a clear error each,
	// and what reaches another user is clean text.
	bad.send("\x00\x01\x02\xff\xfe\x19[\x19(")
	bad.waitFor("is not a command")
	bad.send("tell bob \x19(15 9 x y\x19) \xff\xfe caf\xe9 \x1b[31m")
	b.waitFor("\x19(31 mallory {} \x19{") // the tell's datagram, which bob asked for
	tell := strings.TrimSuffix(b.waitFor("\x19}"), "\x19}")
	if strings.ContainsAny(tell, "\x19\x1b\x00") || !utf8.ValidString(tell) || !strings.Contains(tell, "café") {
		t.Fatalf("bob received %q", tell)
	}

	// Commands for someone else's game, and moves out of turn.
	bad.send("resign", "draw", "abort", "e2e4", "accept", "say hi")
	for _, want := range []string{"You are not playing a game.", "You are not playing a game.", "You are not playing a game.",
		"You are not playing a game.", "There is no challenge to answer.", "You are not playing a game."} {
		bad.waitFor(want)
	}
	b.send("e7e5")
	b.waitFor("It is not your move.")
	a.send("e2e4")
	b.waitFor("\x19(24 1 ?\x19)")
	if strings.Contains(a.all(), "e7e5") {
		t.Fatalf("white heard black's attempt out of turn: %q", a.all())
	}

	// A 1 MiB line closes only that connection, with a clear message.
	big := u.login(t, "bigmouth", "")
	big.nc.Write([]byte(strings.Repeat("x", 1<<20) + "\r\n"))
	if tail := big.closed(); !strings.Contains(tail, "line too long") {
		t.Fatalf("the 1 MiB line got %q", tail)
	}
	stillServes(t, a)
	b.send("e7e5")
	a.waitFor("\x19(24 1 ?\x19)")
}

func TestNeverEndingLineAndIdleTimeout(t *testing.T) {
	// The keeper asks for games ten times a second: the listing limits are
	// lifted, since a reader paused for refusals would go silent too.
	u := startUmpire(t, server.Config{IdleTimeout: 400 * time.Millisecond, LoginTime: 400 * time.Millisecond, Listings: 1e6})
	keep := u.dial(t)
	keep.send("level1=1", "keeper")
	keep.waitFor("Starting session")

	// A line that never ends, sent a byte at a time; a half-open
	// connection (logged in, then silent); one that never logs in. Each is
	// cut at the timeout while the keeper, who speaks in time, is served.
	drip, silent, mute := u.login(t, "dripper", ""), u.login(t, "silent", ""), u.dial(t)
	start := time.Now()
	go func() {
		for i := 0; i < 200; i++ {
			if _, err := drip.nc.Write([]byte("x")); err != nil {
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
	}()
	for !(drip.isClosed() && silent.isClosed() && mute.isClosed()) {
		if time.Since(start) > 3*time.Second {
			t.Fatalf("not cut within 3 s: dripper %v, silent %v, never logged in %v", drip.isClosed(), silent.isClosed(), mute.isClosed())
		}
		stillServes(t, keep)
		time.Sleep(100 * time.Millisecond)
	}
	for _, r := range []*raw{drip, silent} {
		if tail := r.closed(); !strings.Contains(tail, "no input for too long") {
			t.Fatalf("a connection cut for silence got %q", tail)
		}
	}
	stillServes(t, keep)
}

func TestAttemptFloodIsRateLimited(t *testing.T) {
	u := startUmpire(t, server.Config{Attempts: 5, Lines: 1e6})
	a, b := u.login(t, "alice", ""), u.login(t, "bob", "")
	begin(t, a, b, "bob", "5 0 u")
	var flood strings.Builder
	for i := 0; i < 200; i++ {
		flood.WriteString("e1e3\r\n") // illegal: each one a real attempt
	}
	a.nc.Write([]byte(flood.String()))
	a.waitFor("Too many attempts: slow down (at most 5 a second)")
	stillServes(t, a)
	time.Sleep(100 * time.Millisecond)
	if n := strings.Count(a.all(), "\x19(42 1 e1e3"); n < 10 || n > 15 {
		t.Fatalf("%d of 200 flooded attempts were answered; want the burst of 10 (and a few refilled)", n)
	}
	if n := strings.Count(a.all(), "Too many attempts"); n != 1 {
		t.Fatalf("the slow-down message came %d times; want once", n)
	}
	// After a pause the player may attempt again.
	time.Sleep(400 * time.Millisecond)
	a.send("e2e4")
	b.waitFor("\x19(24 1 ?\x19)")
}

// TestAnyFloodIsRateLimited: Wild 16's px (and Any? elsewhere) is judged
// as an attempt is, and counts as one: a tester's flood of 600 px was all
// judged at about 46 a second, past --attempts.
func TestAnyFloodIsRateLimited(t *testing.T) {
	u := startUmpire(t, server.Config{Attempts: 5, Lines: 1e6})
	a, b := u.login(t, "alice", ""), u.login(t, "bob", "")
	begin(t, a, b, "bob", "5 0 u")
	a.nc.Write([]byte(strings.Repeat("px\r\n", 200)))
	a.waitFor("Too many attempts: slow down (at most 5 a second)")
	stillServes(t, a)
	time.Sleep(100 * time.Millisecond)
	if n := strings.Count(a.all(), "\x19(42 1 px"); n < 10 || n > 15 {
		t.Fatalf("%d of 200 flooded px were judged; want the burst of 10 (and a few refilled)", n)
	}
}

func TestSlowReaderIsDisconnected(t *testing.T) {
	// Refusals unlimited: they are the chatter that fills the sloth's queue.
	u := startUmpire(t, server.Config{OutQueue: 64, Attempts: 10000, Lobby: 1e6, Inbox: 1e6, Lines: 1e6, RefusedTurn: 1e9, RefusedGame: 1e9})
	a, b := u.login(t, "alice", ""), u.login(t, "bob", "")
	begin(t, a, b, "bob", "5 0 u cincinnati") // illegal and impossible attempts are public in Cincinnati's rules: observers hear them

	// The slow reader watches the game; it never reads.
	sloth := slowReader(t, u, "sloth", "observe 1")
	// A chatty game goes on: illegal attempts, which the sloth hears as an
	// observer (public announcements, game messages, never dropped), until the server lets the sloth go. Tells
	// to it are lobby traffic: dropped once its queue is half full, they
	// never disconnect it.
	deadline := time.Now().Add(20 * time.Second)
	tell := "tell sloth " + strings.Repeat("chatter ", 50)
	for gone := false; !gone; {
		for i := 0; i < 20; i++ {
			a.send("e1e3", tell)
		}
		for i := 0; i < 20; i++ {
			a.waitFor("\x19[101 *\r\n")
			if strings.HasPrefix(a.waitFor("\r\n"), "sloth is not logged in") {
				gone = true
			}
		}
		if time.Now().After(deadline) {
			t.Fatal("the reader that never reads was not disconnected")
		}
	}
	if !strings.Contains(a.all(), "sloth is not reading for now: not told.") {
		t.Fatal("no tell to the sloth was dropped before it was let go")
	}
	list(t, a, "who", "players logged in:")
	if who := a.waitFor("\x19]"); strings.Contains(who, "sloth") {
		t.Fatalf("the sloth is still logged in: %q", who)
	}
	sloth.Close()
	// The others were served throughout and still are.
	a.send("e2e4")
	b.waitFor("\x19(24 1 ?\x19)")
}

// tinyDial connects to u with a tiny receive buffer, closed when the test
// ends.
func tinyDial(t *testing.T, u *umpire) stdnet.Conn {
	t.Helper()
	d := stdnet.Dialer{Control: func(_, _ string, rc syscall.RawConn) error {
		return rc.Control(smallReceiveBuffer)
	}}
	nc, err := d.DialContext(context.Background(), "tcp", u.addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { nc.Close() })
	return nc
}

// slowReader logs name in with a tiny receive buffer and every datagram on,
// sends the lines, and never reads; it returns once name is logged in.
func slowReader(t *testing.T, u *umpire, name string, lines ...string) stdnet.Conn {
	t.Helper()
	nc := tinyDial(t, u)
	nc.Write([]byte("level1=1\r\nlevel2settings=" + strings.Repeat("1", 100) + "\r\n" + name + "\r\n" + strings.Join(append(lines, ""), "\r\n")))
	w := u.login(t, "watcher"+name, "")
	defer w.nc.Close()
	for {
		list(t, w, "who", "players logged in:")
		if strings.Contains(w.waitFor("\x19]"), " "+name) {
			return nc
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestLobbyFloodSparesReaders: a guest flooding seeks and tells is slowed
// down and then closed, and the users who hear the lobby (one of them reading slowly, one
// playing) stay logged in: lobby traffic is limited per connection and per
// address, and dropped rather than let fill a reader's queue.
func TestLobbyFloodSparesReaders(t *testing.T) {
	u := startUmpire(t, server.Config{OutQueue: 64, Lines: 1e6})
	a, b := u.login(t, "alice", ""), u.login(t, "bob", "")
	begin(t, a, b, "bob", "5 0 u")
	sloth := slowReader(t, u, "sloth")
	defer sloth.Close()
	flood := u.login(t, "flooder", "")
	var lines strings.Builder
	for i := 0; i < 1000; i++ {
		lines.WriteString("seek 5 0\r\ntell sloth hello\r\n")
	}
	flood.nc.Write([]byte(lines.String()))
	flood.waitFor("Too many seeks, tells, challenges, offers and registrations: slow down")
	if tail := flood.closed(); !strings.Contains(tail, "in a row were refused by the limits") {
		t.Fatalf("the flooder's connection ended with %q; want it closed for its refused commands", tail)
	}
	for _, r := range []*raw{a, b} {
		list(t, r, "who", "players logged in:")
		if who := r.waitFor("\x19]"); !strings.Contains(who, "sloth") || !strings.Contains(who, "alice (playing)") || !strings.Contains(who, "bob (playing)") {
			t.Fatalf("a reader was cut off by the flood: %q", who)
		}
	}
	if n := strings.Count(a.all(), "flooder (++++) seeking"); n > 20 {
		t.Fatalf("alice heard %d of the flooder's seeks; the limit lets at most a burst through", n)
	}
	a.send("e2e4")
	b.waitFor("\x19(24 1 ?\x19)")

	// Several connections from one address share its limit: five guests
	// each within their own burst still run into it.
	var many []*raw
	for i := 0; i < 5; i++ {
		many = append(many, u.login(t, fmt.Sprintf("crowd%d", i), ""))
	}
	for _, r := range many {
		for i := 0; i < 9; i++ { // 45 in all, over the address's burst of 40; fewer than the refusals in a row that close a connection
			r.send("unseek")
		}
	}
	limited := 0
	for _, r := range many {
		stillServes(t, r)
		if strings.Contains(r.all(), "Too many seeks") {
			limited++
		}
	}
	if limited == 0 {
		t.Fatal("45 lobby commands from one address within 5 connections' bursts: none limited by the address's limit")
	}
}

func TestConnectionLimit(t *testing.T) {
	u := startUmpire(t, server.Config{MaxConns: 4})
	var held []*raw
	for i := 0; i < 4; i++ {
		r := u.dial(t)
		r.waitFor("login: ")
		held = append(held, r)
	}
	over := u.dial(t)
	if tail := over.closed(); !strings.Contains(tail, "kriegd is full") {
		t.Fatalf("the connection over the limit got %q", tail)
	}
	held[0].nc.Close()
	time.Sleep(100 * time.Millisecond)
	r := u.login(t, "late", "")
	stillServes(t, r)
}

func TestLoginTakesAnyBytes(t *testing.T) {
	u := startUmpire(t, server.Config{})
	keep := u.login(t, "keeper", "")
	// A byte that is not a name is asked again.
	r := u.dial(t)
	r.waitFor("login: ")
	r.nc.Write([]byte("\xff\r\n"))
	r.waitFor("login: ")
	r.nc.Close()
	// Lines that are nothing once control bytes and invalid UTF-8 are
	// dropped, or no name: each is ignored or asked again, and the next
	// line logs in.
	for _, line := range []string{"\xff", "\xff\xfe", "\x00", "\x19", "\x1b[31m", "\ufffd", "\xef\xbf\xbd", "\t", "\x7f", "\x19\xff", "e2e4\xff"} {
		r := u.dial(t)
		r.waitFor("login: ")
		r.nc.Write([]byte(line + "\r\nguest\r\n"))
		r.waitFor("Starting session as guest")
		stillServes(t, r)
		r.nc.Close()
	}
	stillServes(t, keep)
}

func TestPanicEndsOneConnectionOnly(t *testing.T) {
	var panics atomic.Int64
	log := testLog(t, func(line string) {
		if strings.Contains(line, "logged in name=boom") {
			panics.Add(1)
			panic("injected: a bug while logging boom in")
		}
	})
	u := startUmpire(t, server.Config{Log: log})
	a, b := u.login(t, "alice", ""), u.login(t, "bob", "")
	begin(t, a, b, "bob", "5 0 u")

	r := u.dial(t)
	r.waitFor("login: ")
	r.send("boom")
	if tail := r.closed(); !strings.Contains(tail, "internal error") {
		t.Fatalf("the connection that hit the bug got %q", tail)
	}
	if panics.Load() != 1 {
		t.Fatalf("%d panics injected; want 1", panics.Load())
	}
	// The lock is free, the game goes on, and the name can be used again.
	stillServes(t, a)
	a.send("e2e4")
	b.waitFor("\x19(24 1 ?\x19)")
	c := u.login(t, "carol", "")
	stillServes(t, c)
}

// TestLobbyTrafficNeverCutsAReader: with the lobby limits wide open, a
// flood of seeks and tells still never fills a slow reader's queue: lobby
// traffic is dropped for a reader whose queue is half full, and the
// reader stays logged in.
func TestLobbyTrafficNeverCutsAReader(t *testing.T) {
	u := startUmpire(t, server.Config{OutQueue: 64, Lobby: 1e6, Inbox: 1e6, Listings: 1e6, Lines: 1e6})
	sloth := slowReader(t, u, "sloth")
	defer sloth.Close()
	flood := u.login(t, "flooder", "")
	tell := "tell sloth " + strings.Repeat("hello ", 70) + "\r\n"
	// Flood until the kernel's buffers are full and the sloth's queue is
	// half full: its tells are then dropped (or, without the drop, the
	// sloth is cut off).
	deadline := time.Now().Add(30 * time.Second)
	for !strings.Contains(flood.all(), "sloth is not reading for now") && !strings.Contains(flood.all(), "Usage: tell") {
		if time.Now().After(deadline) {
			t.Fatal("30 s of lobby traffic never filled the slow reader's queue")
		}
		flood.nc.Write([]byte(strings.Repeat("seek 5 0\r\n"+tell, 10)))
		stillServes(t, flood)
	}
	list(t, flood, "who", "players logged in:")
	if who := flood.waitFor("\x19]"); !strings.Contains(who, "sloth") {
		t.Fatalf("the slow reader was cut off by lobby traffic: %q", who)
	}
}

// TestOfferFloodSparesTheOpponent: 500 draw offers and 500 abort offers in
// one burst reach the opponent once each, and the opponent stays logged
// in (each offer was once a line to them, enough to have the server cut
// them off as a slow reader and so lose on disconnection).
func TestOfferFloodSparesTheOpponent(t *testing.T) {
	u := startUmpire(t, server.Config{OutQueue: 64, Lines: 1e6})
	a, b := u.login(t, "alice", ""), u.login(t, "bob", "")
	begin(t, a, b, "bob", "5 0 u")
	a.send("e2e4")
	b.waitFor("\x19(24 1 ?\x19)")
	b.send("e7e5") // past the first moves, where abort alone ends the game
	a.waitFor("\x19(24 1 ?\x19)")
	b.nc.Write([]byte(strings.Repeat("draw\r\nabort\r\n", 500) + "games\r\n"))
	b.waitFor("in progress:")
	list(t, a, "who", "players logged in:")
	if who := a.waitFor("\x19]"); !strings.Contains(who, "bob") {
		t.Fatalf("bob was cut off by his own offers: %q", who)
	}
	if n := strings.Count(a.all(), "bob offers to draw"); n != 1 {
		t.Errorf("alice was told of %d draw offers; want 1", n)
	}
	if n := strings.Count(a.all(), "bob offers to abort"); n != 1 {
		t.Errorf("alice was told of %d abort offers; want 1", n)
	}
	if !strings.Contains(b.all(), "Your offer to draw stands.") {
		t.Error("bob was not told his offer stands")
	}
}
