package server_test

import (
	"fmt"
	"testing"

	"github.com/krieg/krieg/server"
)

// TestSoughtListsOpenSeeks: a player who logs in is told how many seeks
// are open and what to type; one who logs in after seeks were announced
// finds them with sought, each with its number, rating, terms and colour,
// the asker's own marked; a seek taken or withdrawn leaves the list.
func TestSoughtListsOpenSeeks(t *testing.T) {
	u := startUmpire(t, server.Config{})
	addAccount(t, u, "Erin", "erinpw")
	e := u.login(t, "Erin", "erinpw")
	e.waitFor(`No seek is open. Type "seek" to post a game for anyone, "match NAME" to challenge a player`)
	e.send("sought")
	e.waitFor(`No seek is open: "seek [min inc] [r|u] [rules] [white|black]" posts one`)
	e.send("seek 3 2 r berkeley black")
	e.waitFor("Your seek 1 is posted")
	g := u.login(t, "gus", "")
	g.send("seek 5 0")
	g.waitFor("Your seek 2 is posted")
	late := u.login(t, "hal", "")
	late.waitFor(`2 seeks are open: "sought" lists them, "play N" takes one. Type "seek" to post a game for anyone`)
	late.send("sought")
	late.waitFor(`2 seeks open ("play NUMBER" takes one):`)
	late.waitFor("  1  1500 Erin  rated Berkeley 3 2, Erin playing Black")
	late.waitFor("  2  ++++ gus  unrated Wild 16 (ICC) 5 0")
	g.send("sought")
	g.waitFor("  2  ++++ gus  unrated Wild 16 (ICC) 5 0 (yours: unseek withdraws it)")
	g.send("unseek")
	g.waitFor("1 seek removed.")
	late.send("sought")
	late.waitFor(`1 seek open ("play NUMBER" takes one):`)
	late.send("play 1")
	late.waitFor("That seek is for a rated game")
	addAccount(t, u, "Ivy", "ivypw")
	i := u.login(t, "Ivy", "ivypw")
	i.send("play 1")
	i.waitFor("Creating: ")
	late.send("sought")
	late.waitFor("No seek is open")

	// A seek past the most one may have withdraws the oldest, saying so.
	for i := range 3 {
		late.send(fmt.Sprintf("seek %d 0", i+1))
		late.waitFor("is posted")
	}
	late.send("seek 4 0")
	late.waitFor("Your seek 3 is withdrawn: at most 3 of yours stand at once, the oldest going first.")
	late.waitFor("Your seek 6 is posted")
}

// TestLobbyDatagram: "lobby" answers a client that turned datagram 202 on
// with the lobby as JSON (the seeks, players and games the page's /lobby
// lists), and anyone else with sought's lines.
func TestLobbyDatagram(t *testing.T) {
	u := startUmpire(t, server.Config{})
	addAccount(t, u, "Erin", "erinpw")
	e := u.login(t, "Erin", "erinpw")
	e.send("seek 3 2 r berkeley black")
	e.waitFor("Your seek 1 is posted")
	g := u.login(t, "gus", "")
	g.send("set-2 202 0", "lobby")
	g.waitFor("  1  1500 Erin  rated Berkeley 3 2, Erin playing Black")
	g.send("set-2 202 1", "lobby")
	g.waitFor("\x19(202 \x19{{\"seeks\":[{\"number\":1,\"from\":\"Erin\",\"rules\":\"berkeley\",\"title\":\"Berkeley\",\"minutes\":3,\"increment\":2,\"rated\":true,\"colour\":\"black\"}],\"players\":[{\"name\":\"Erin\",\"registered\":true,\"rating\":1500,\"playing\":false},{\"name\":\"gus\",\"registered\":false,\"playing\":false}],\"games\":[]}\x19}\x19)")
}
