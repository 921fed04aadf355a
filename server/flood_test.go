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
