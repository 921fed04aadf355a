package server_test

import (
	"fmt"
	"strings"
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
	watcher.waitFor("honest (1500) seeking unrated Wild 16 (ICC) 5 0")
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
	heard := strings.Count(b.all(), " tells you: hello")
	if most := 15 + int(3*time.Since(start).Seconds()) + 1; heard > most || heard+refused != 200 {
		t.Fatalf("bob heard %d tells of 200 (at most %d), %d refused", heard, most, refused)
	}
}
