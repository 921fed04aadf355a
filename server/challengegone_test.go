package server_test

import (
	"testing"

	"github.com/krieg/krieg/server"
)

// TestChallengesLeftBehindAreTold: when carl accepts bob's challenge, alice,
// who challenged carl too, is told hers is withdrawn and why; dave, whom
// carl had challenged, is told too; and when a challenger leaves, the one
// challenged hears it in words.
func TestChallengesLeftBehindAreTold(t *testing.T) {
	u := startUmpire(t, server.Config{})
	a, b, c, d := u.login(t, "alice", ""), u.login(t, "bob", ""), u.login(t, "carl", ""), u.login(t, "dave", "")
	c.send("match dave 3 0 u")
	d.waitFor("You can \"accept\" or \"decline\".")
	a.send("match carl 1 0 u")
	c.waitFor("You can \"accept\" or \"decline\".")
	b.send("match carl 2 0 u")
	c.waitFor("You can \"accept\" or \"decline\".")
	c.send("accept bob")
	c.waitFor("You accept the challenge from bob.")
	a.waitFor("Your challenge to carl is withdrawn: carl started a game with bob.")
	d.waitFor("The challenge from carl is withdrawn: carl started a game with bob.")
	b.waitFor("\x19(15 ")
	b.neverHeard("withdrawn", "bob, carl's opponent, heard of a withdrawal")

	a.send("match dave 1 0 u")
	d.waitFor("You can \"accept\" or \"decline\".")
	a.nc.Close()
	d.waitFor("The challenge from alice is withdrawn: alice has left.")
}
