package server_test

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/krieg/krieg/server"
)

// TestOperatorLogsGameDropsAndReturns: the log says when a player's
// connection ends in a game in progress and when they take the seat back,
// not only the game's end (an outside tester, running kriegd, could not
// tell why a game was aborted until its last line).
func TestOperatorLogsGameDropsAndReturns(t *testing.T) {
	var mu sync.Mutex
	var lines []string
	u := startUmpire(t, server.Config{Grace: time.Minute, Log: testLog(t, func(line string) {
		mu.Lock()
		lines = append(lines, line)
		mu.Unlock()
	})})
	addAccount(t, u, "alice", "alicepw")
	addAccount(t, u, "bob", "bobpw1")
	a, b := u.login(t, "alice", "alicepw"), u.login(t, "bob", "bobpw1")
	begin(t, a, b, "bob", "5 0 u")
	a.send("e2e4")
	b.waitFor("\x19(24 1 ?\x19)")
	b.nc.Close()
	a.waitFor("bob has disconnected")
	back := u.login(t, "bob", "bobpw1")
	a.waitFor("bob has returned; the game goes on.")
	back.waitFor("\x19(15 ")
	logged := func(prefix string, want ...string) bool {
		mu.Lock()
		defer mu.Unlock()
		for _, l := range lines {
			if !strings.HasPrefix(l, prefix) {
				continue
			}
			all := true
			for _, w := range want {
				all = all && strings.Contains(l, w)
			}
			if all {
				return true
			}
		}
		return false
	}
	if !logged("kriegd: left a game in progress", "game=1", "name=bob", "grace=1m0s") || !logged("kriegd: back in a game", "game=1", "name=bob") {
		mu.Lock()
		t.Errorf("the log does not tell of bob's leaving and return:\n%s", strings.Join(lines, "\n"))
		mu.Unlock()
	}
}
