package server_test

import (
	"testing"

	"github.com/krieg/krieg/server"
)

// TestWithdrawAChallenge: a challenger takes a challenge back (withdraw
// NAME, or all with withdraw), and the one challenged hears it; with none
// standing, withdraw says so.
func TestWithdrawAChallenge(t *testing.T) {
	u := startUmpire(t, server.Config{})
	a, b, c := u.login(t, "alice", ""), u.login(t, "bob", ""), u.login(t, "carl", "")
	a.send("match bob 3 0 u")
	b.waitFor("You can \"accept\" or \"decline\".")
	a.send("match carl 3 0 u")
	c.waitFor("You can \"accept\" or \"decline\".")
	a.send("withdraw bob")
	a.waitFor("You withdraw your challenge to bob.")
	b.waitFor("The challenge from alice is withdrawn: alice took it back.")
	b.send("accept")
	b.waitFor("There is no challenge to answer.")
	a.send("unmatch")
	a.waitFor("You withdraw your challenge to carl.")
	c.waitFor("The challenge from alice is withdrawn: alice took it back.")
	a.send("withdraw")
	a.waitFor("You have no challenge to withdraw.")
}

// TestAccountWordsMended: register when registered says so; history of a
// name nobody can hold says there is no such player; a game of one ply
// reads "1 ply" in the games in progress, and "2 plies" in the history.
func TestAccountWordsMended(t *testing.T) {
	u := startUmpire(t, server.Config{})
	addAccount(t, u, "Gail", "gailpw")
	g := u.login(t, "Gail", "gailpw")
	g.send("register other")
	g.waitFor("Gail is registered already: to register another name, log in with it.")
	g.send("history ../../etc/passwd")
	g.waitFor("There is no player called ../../etc/passwd")
	h := u.login(t, "hank", "")
	begin(t, g, h, "hank", "5 0 u")
	g.send("e2e4")
	h.waitFor("\x19(24 1 ?\x19)")
	g.send("games")
	g.waitFor("unrated (observable), 1 ply\r\n")
	h.send("e7e5")
	g.waitFor("\x19(24 1 ?\x19)")
	g.send("resign")
	h.waitFor("\x19(16 1 ")
	g.send("history")
	g.waitFor("(wild16, 2 plies)")
}
