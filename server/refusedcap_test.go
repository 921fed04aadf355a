package server_test

import (
	"strings"
	"testing"

	"github.com/krieg/krieg/server"
)

// TestRefusedAttemptsCapped: a player repeating a refused attempt cannot
// grow the game without end (the referee keeps every refusal for the
// record): beyond the refusals a turn takes, an attempt is refused
// unjudged, with no attempt used and nothing told the opponent, while a
// move that can be played is still judged and played; a new turn takes
// refusals again, until the game's own limit, after which only playable
// moves are judged.
func TestRefusedAttemptsCapped(t *testing.T) {
	u := startUmpire(t, server.Config{RefusedTurn: 3, RefusedGame: 5, Attempts: 1000})
	a, b := u.login(t, "alice", ""), u.login(t, "bob", "")
	begin(t, a, b, "bob", "5 0 u")
	firstMoves(a, b)
	for range 3 {
		a.send("e1e3") // no king moves so: refused, and kept for the record
		a.waitFor("\x19(42 1 e1e3 ")
	}
	a.send("e1e3")
	a.waitFor("3 attempts refused this turn, all a turn takes: until you move, only a move that can be played is judged. No attempt used.")
	a.waitFor("\x19(42 1 e1e3 1\x19)")
	a.send("d2d4") // playable: judged and played
	b.waitFor("\x19(24 1 ?\x19)")
	b.send("d7d5")
	a.waitFor("\x19(24 1 ?\x19)")
	for range 2 { // the new turn takes refusals again, up to the game's five
		a.send("e1e3")
		a.waitFor("\x19(42 1 e1e3 ")
	}
	a.send("e1e3")
	a.waitFor("This game has had 5 refused attempts, all a game takes: from now on only a move that can be played is judged. No attempt used.")
	a.send("g1f3")
	b.waitFor("\x19(24 1 ?\x19)")
	a.send("resign")
	a.waitFor("\x19(201 1 \x19{")
	pgn := a.waitFor("\x19}\x19)")
	if n := strings.Count(pgn, "e1e3"); n != 5 {
		t.Errorf("the record keeps %d refusals of e1e3; want the 5 judged:\n%s", n, pgn)
	}
}
