package server_test

import (
	"testing"

	"github.com/krieg/krieg/server"
)

// TestChallengeChangedUnderAccept: a challenge replaced by its issuer says
// what it replaces; an acceptance just after the change is answered with
// the new terms instead of starting the game, and the next one plays them;
// with two challenges waiting a bare accept asks which; a challenge
// withdrawn and issued anew counts as changed.
func TestChallengeChangedUnderAccept(t *testing.T) {
	u := startUmpire(t, server.Config{Lobby: 100})
	a, b, c := u.login(t, "alice", ""), u.login(t, "bob", ""), u.login(t, "carol", "")
	a.send("match bob 10 5 u w16 black")
	b.waitFor("You can \"accept\" or \"decline\".")
	a.send("match bob 0.5 0 u rand white")
	b.waitFor("alice changes the challenge; it was unrated Wild 16 (ICC) 10 5, you playing White.\r\nChallenge: alice (++++) bob (++++) unrated RAND 0.5 0, you playing Black.")
	b.send("accept")
	b.waitFor("alice changed the challenge a moment ago; it is now unrated RAND 0.5 0, you playing Black. Accept again to play it.")
	if len(u.srv.Lobby().Games) > 0 {
		t.Fatal("an acceptance just after the change started a game")
	}
	c.send("match bob 5 0 u")
	b.waitFor("Challenge: carol ")
	b.send("accept")
	b.waitFor("Challenges from alice and carol await: say which, as \"accept alice\".")
	b.send("accept alice")
	b.waitFor("Creating: alice (++++) bob (++++) unrated RAND 0.5 0")

	// Withdrawn and issued anew is a change as well.
	d, e := u.login(t, "dora", ""), u.login(t, "eve", "")
	d.send("match eve 10 5 u w16 black")
	e.waitFor("You can \"accept\" or \"decline\".")
	d.send("withdraw", "match eve 0.5 0 u rand white")
	e.waitFor("Challenge: dora (++++) eve (++++) unrated RAND 0.5 0")
	e.send("accept")
	e.waitFor("dora changed the challenge a moment ago; it is now unrated RAND 0.5 0, you playing Black. Accept again to play it.")
}
