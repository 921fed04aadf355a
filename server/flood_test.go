package server_test

import (
	"fmt"
	stdnet "net"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/krieg/krieg/server"
)

// TestSeekFloodIsAnnouncedInBatches: 200 seeks from 20 addresses, each
// within its limits, reach a bystander as a unit a second listing ten of
// them and how many more, not as a line each (a flood from many addresses
// made the server format and queue one line per seek for every user).
func TestSeekFloodIsAnnouncedInBatches(t *testing.T) {
	u := startUmpire(t, server.Config{})
	watcher := u.login(t, "watcher", "")
	var flooders []*raw
	for i := 0; i < 20; i++ {
		r := u.dialFrom(t, fmt.Sprintf("127.0.2.%d", i+1))
		r.send(fmt.Sprintf("flood%d", i))
		r.waitFor("Starting session as ")
		flooders = append(flooders, r)
	}
	for _, r := range flooders {
		r.nc.Write([]byte(strings.Repeat("seek 5 0\r\n", 10)))
	}
	for _, r := range flooders {
		for i := 0; i < 10; i++ {
			r.waitFor(" is posted")
		}
	}
	watcher.waitFor("more seeks posted in the last")
	time.Sleep(1500 * time.Millisecond) // any later announcement arrives
	all := watcher.all()
	if n := strings.Count(all, " seeking "); n > 20 {
		t.Fatalf("the watcher heard %d seeks, one line each; want at most 10 a second", n)
	}
	if n := strings.Count(all, "\x19[50 *\r\nflood"); n > 2 {
		t.Fatalf("the watcher got %d announcements for one burst; want at most one a second", n)
	}
	// An honest seek after the flood is announced, and taken.
	seeker := u.login(t, "honest", "")
	seeker.send("seek 5 0")
	watcher.waitFor("honest (++++) seeking unrated Wild 16 (ICC) 5 0")
	watcher.send("play honest")
	watcher.waitFor("\x19(15 ")
}

// TestTellFloodSparesItsTarget: 200 tells to one player from 20
// addresses, each within its limits, reach the player as a burst of 15
// and 3 a second after it; the senders beyond are told why, and the
// player's game goes on.
func TestTellFloodSparesItsTarget(t *testing.T) {
	u := startUmpire(t, server.Config{})
	a, b := u.login(t, "alice", ""), u.login(t, "bob", "")
	begin(t, a, b, "bob", "5 0 u")
	start := time.Now()
	var flooders []*raw
	for i := 0; i < 20; i++ {
		r := u.dialFrom(t, fmt.Sprintf("127.0.4.%d", i+1))
		r.send(fmt.Sprintf("teller%d", i))
		r.waitFor("Starting session as ")
		r.nc.Write([]byte(strings.Repeat("tell bob hello\r\n", 10)))
		flooders = append(flooders, r)
	}
	refused := 0
	for _, r := range flooders {
		for i := 0; i < 10; i++ {
			if strings.Contains(r.waitFor("told"), "bob is receiving too many messages; try again in a moment: not told") {
				refused++
			}
		}
	}
	a.send("e2e4")
	b.waitFor("\x19(24 1 ?\x19)")
	heard := strings.Count(b.all(), "\x19(31 teller")
	if most := 15 + int(3*time.Since(start).Seconds()) + 1; heard > most || heard+refused != 200 {
		t.Fatalf("bob heard %d tells of 200 (at most %d), %d refused", heard, most, refused)
	}
}

// TestListingFloodIsLimited: 10 "who" and 10 "games" in one burst get
// the burst of listings the limit allows and a line each for the rest,
// which builds nothing; a second later listings are answered again.
func TestListingFloodIsLimited(t *testing.T) {
	u := startUmpire(t, server.Config{})
	r := u.login(t, "lister", "")
	r.nc.Write([]byte(strings.Repeat("who\r\ngames\r\n", 10) + "help\r\n"))
	r.waitFor("Commands: match")
	all := r.all()
	answered := strings.Count(all, " logged in:") + strings.Count(all, " in progress")
	refused := strings.Count(all, "Too many listings (who, games, sought, observe, finger, history): wait a second")
	if answered > 10 || answered+refused != 20 {
		t.Fatalf("%d listings answered (at most 10: a burst of 5, one a second), %d refused, of 20", answered, refused)
	}
	time.Sleep(1100 * time.Millisecond)
	list(t, r, "who", " logged in:")
}

// TestRefusedFloodIsReadSlowly: a connection that keeps sending refused
// commands is read at a fraction of the pace, so its flood waits in its own
// socket rather than costing the server a refusal per line (300 refused
// "who" in one burst were all refused at once, each under the server's
// lock, and such floods slowed other players' moves 12-100x).
func TestRefusedFloodIsReadSlowly(t *testing.T) {
	u := startUmpire(t, server.Config{})
	r := u.login(t, "flooder", "")
	r.nc.Write([]byte(strings.Repeat("who\r\n", 300)))
	time.Sleep(time.Second)
	if refused := strings.Count(r.all(), "Too many listings"); refused > 60 {
		t.Fatalf("%d of 300 refused listings handled within a second; want the reader slowed to a few a second after its burst", refused)
	}
	// Another user is served at once meanwhile.
	list(t, u.login(t, "bystander", ""), "who", " logged in:")
}

// TestRefusalsInARowSlowTheReaderMore: a connection whose commands keep
// being refused is read ever more slowly, so 300 refused listings in its
// socket are handled only a few in three seconds (at a fixed tenfold cost
// about 25 were, five a second).
func TestRefusalsInARowSlowTheReaderMore(t *testing.T) {
	u := startUmpire(t, server.Config{})
	r := u.login(t, "flooder", "")
	r.nc.Write([]byte(strings.Repeat("who\r\n", 300)))
	time.Sleep(3 * time.Second)
	if refused := strings.Count(r.all(), "Too many listings"); refused > 12 {
		t.Fatalf("%d of 300 refused listings handled within 3 s; want at most 12, the reader slowed more with each refusal in a row", refused)
	}
}

// TestRefusalsInARowCloseTheConnection: a connection that keeps sending
// commands the limits refuse is closed, saying why, after ten refusals in
// a row (the line rate is raised so the test need not wait the pauses).
func TestRefusalsInARowCloseTheConnection(t *testing.T) {
	u := startUmpire(t, server.Config{Lines: 1000})
	r := u.login(t, "flooder", "")
	r.nc.Write([]byte(strings.Repeat("who\r\n", 300)))
	tail := r.closed()
	if !strings.Contains(tail, "10 commands in a row were refused by the limits: closing the connection") {
		t.Fatalf("the flooder's connection ended with %q; want it told why it is closed", tail)
	}
	if refused := strings.Count(r.all(), "Too many listings"); refused != 10 {
		t.Fatalf("%d listings refused before the connection was closed; want 10", refused)
	}
}

// TestLostConnectionStopsActing: a client that sends 300 seeks and drops
// its connection (a reset) leaves at once: the lines its reader still
// holds are not carried out one by one at the throttled pace, its user
// listed and its seeks posted for minutes.
func TestLostConnectionStopsActing(t *testing.T) {
	u := startUmpire(t, server.Config{})
	other := u.login(t, "other", "")
	r := u.login(t, "ghost", "")
	r.nc.Write([]byte(strings.Repeat("seek 5 0\r\n", 300)))
	time.Sleep(100 * time.Millisecond)
	r.nc.(*stdnet.TCPConn).SetLinger(0)
	r.nc.Close()
	deadline := time.Now().Add(4 * time.Second)
	for {
		who := list(t, other, "who", " logged in:")
		if !strings.HasSuffix(who, "2 players logged in:") { // the ghost and other
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("4 s after its socket was reset, the ghost is still listed: %q", who)
		}
		time.Sleep(600 * time.Millisecond)
	}
}

// TestOwnSeeksAreNotAnnouncedToTheSeeker: two seeks posted within the same
// second reach a bystander, and the seeker hears neither (only the first
// was once left out of its own announcement).
func TestOwnSeeksAreNotAnnouncedToTheSeeker(t *testing.T) {
	u := startUmpire(t, server.Config{})
	seeker, other := u.login(t, "seeker", ""), u.login(t, "other", "")
	seeker.send("seek 5 0", "seek 3 2")
	other.waitFor("seeker (++++) seeking unrated Wild 16 (ICC) 3 2")
	seeker.send("help")
	seeker.waitFor("Commands:")
	seeker.neverHeard("seeker (++++) seeking", "the seeker heard its own seek announced")
}

// TestNoTimeControlIsRefused: "seek 0 0" and "match NAME 0 0" are refused
// with the reason (kriegd would have started a game with no clock).
func TestNoTimeControlIsRefused(t *testing.T) {
	u := startUmpire(t, server.Config{})
	a := u.login(t, "alice", "")
	u.login(t, "bob", "")
	a.send("seek 0 0")
	a.waitFor("0 0 is no time control: give the minutes each side starts with")
	a.send("match bob 0 0")
	a.waitFor("0 0 is no time control")
	for _, tc := range []string{"0.0001 0", "0 0.0001", "0 0.0000000001"} {
		a.send("seek " + tc)
		a.waitFor("is no time control")
	}
	// A base of nothing with an increment: refused too (a tester's "match
	// NAME 0 5" was played as no clock while clocks showed).
	a.send("match bob 0 5")
	a.waitFor("0 5 is not played here: the clocks start once both sides have moved")
	a.send("seek 0.5 0")
	a.waitFor("is posted")
}

// TestLogLinesPerAddressAreCapped: 40 logins in a row from one address log
// 20 lines, and a later line says how many were held back.
func TestLogLinesPerAddressAreCapped(t *testing.T) {
	var logged atomic.Int64
	var suppressed atomic.Bool
	u := startUmpire(t, server.Config{Log: testLog(t, func(line string) {
		if strings.HasPrefix(line, "kriegd: logged in") {
			logged.Add(1)
			suppressed.Store(suppressed.Load() || strings.Contains(line, "suppressed="))
		}
	})})
	start := time.Now()
	for range 40 {
		r := u.login(t, "guest", "")
		r.send("quit")
		r.closed()
	}
	if n, most := logged.Load(), 21+int64(time.Since(start).Seconds()); n > most {
		t.Fatalf("40 logins from one address logged %d lines; want at most 20 and one a second (%d)", n, most)
	}
	time.Sleep(1100 * time.Millisecond)
	u.login(t, "guest", "")
	if !suppressed.Load() {
		t.Fatal("no line said how many were held back")
	}
}

// TestFingerAndHistoryAreListings: finger and history count against the
// listings' budget, each one over it answered with the line that names
// them; a flood of tells from the same address leaves them answered.
func TestFingerAndHistoryAreListings(t *testing.T) {
	u := startUmpire(t, server.Config{})
	r := u.login(t, "asker", "")
	r.nc.Write([]byte(strings.Repeat("finger\r\nhistory\r\n", 5) + "help\r\n"))
	r.waitFor("Commands: match")
	// finger and history run outside the lock: their answers may follow help's.
	var answered, refused int
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		all := r.all()
		answered = strings.Count(all, "is an unregistered guest") + strings.Count(all, "History of") // a guest's finger
		refused = strings.Count(all, "Too many listings (who, games, sought, observe, finger, history): wait a second")
		if answered+refused >= 10 {
			break
		}
	}
	if answered+refused != 10 || refused == 0 {
		t.Fatalf("%d of 10 answered, %d refused by the listings' line; want every one either", answered, refused)
	}

	time.Sleep(1100 * time.Millisecond)
	flood := u.login(t, "teller", "")
	flood.nc.Write([]byte(strings.Repeat("tell asker hi\r\n", 40)))
	flood.waitFor("Too many seeks, tells, challenges, offers and registrations: slow down")
	r.send("finger asker")
	r.waitFor("is an unregistered guest")
}

// TestLogLinesOfAllAddressesAreCapped: logins from 400 addresses, one
// each, log at most 200 lines and ten a second, and a later line says how
// many the cap of all held back (a tester filled the log from a crowd of
// addresses, each within its own cap).
func TestLogLinesOfAllAddressesAreCapped(t *testing.T) {
	var logged atomic.Int64
	var suppressed, warned atomic.Bool
	u := startUmpire(t, server.Config{Log: testLog(t, func(line string) {
		if strings.HasPrefix(line, "kriegd: logged in") {
			logged.Add(1)
			suppressed.Store(suppressed.Load() || strings.Contains(line, "suppressed_all="))
		}
		warned.Store(warned.Load() || strings.HasPrefix(line, "kriegd: a wrong password") && strings.Contains(line, "from=127.0.9.9"))
	})})
	addAccount(t, u, "witness", "witnesspw")
	start := time.Now()
	for i := range 400 {
		r := u.dialFrom(t, fmt.Sprintf("127.0.%d.%d", 10+i/200, 10+i%200))
		r.send("guest")
		r.waitFor("**** Starting session as ")
		r.send("quit")
		r.closed()
	}
	if n, most := logged.Load(), 201+10*int64(time.Since(start).Seconds()+1); n > most || n < 200 {
		t.Fatalf("400 logins from 400 addresses logged %d lines; want 200 and ten a second (at most %d)", n, most)
	}
	// A wrong password during the flood of logins is still logged: each
	// level has its own budget (a tester's flood kept warnings out).
	w := u.dialFrom(t, "127.0.9.9")
	w.send("witness wrongpw")
	w.closed()
	time.Sleep(200 * time.Millisecond)
	u.login(t, "guest", "")
	if !suppressed.Load() {
		t.Fatal("no line said how many the cap of all addresses held back")
	}
	if !warned.Load() {
		t.Error("a wrong password after a flood of logins was not logged")
	}
}
