package server_test

import (
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/server"
)

// TestFloodOfOwnCommandsIsSlowedNotCut: a player who sends commands much
// faster than the answers can be written (here 400 moves after resigning,
// with the line limit raised) while reading them all is slowed to the pace
// of its reading: it gets the game's result and every answer, and stays
// connected. Its own answers used to fill its queue and cut it off as a
// reader too slow, the result with it.
func TestFloodOfOwnCommandsIsSlowedNotCut(t *testing.T) {
	u := startUmpire(t, server.Config{Lines: 100000})
	a, b := u.login(t, "alice", ""), u.login(t, "bob", "")
	begin(t, a, b, "bob", "5 0 u")
	firstMoves(a, b)
	a.nc.Write([]byte("resign\r\n" + strings.Repeat("e2e4\r\n", 400)))
	a.waitFor("\x19(16 1 ")
	deadline := time.Now().Add(20 * time.Second)
	for strings.Count(a.all(), "You are not playing a game.") < 400 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := strings.Count(a.all(), "You are not playing a game."); n != 400 {
		t.Fatalf("alice had %d answers of 400 to her moves after resigning", n)
	}
	stillServes(t, a)
}
