package server_test

import (
	"strings"
	"testing"

	"github.com/krieg/krieg/server"
)

// TestPromotionLetterOnAMoveThatDoesNotPromote: e2e4q was judged as an
// attempt and refused ("Illegal", or in Cincinnati "Nonsense" heard by
// both), an attempt used and recorded. Whether a move is a pawn reaching
// the last rank is known from the player's own men, so it is answered as
// notation: no attempt used, nothing told the opponent, nothing recorded.
func TestPromotionLetterOnAMoveThatDoesNotPromote(t *testing.T) {
	u := startUmpire(t, server.Config{RefusedTurn: 1, Attempts: 1000})
	a, b := u.login(t, "alice", ""), u.login(t, "bob", "")
	begin(t, a, b, "bob", "5 0 u cincinnati")
	firstMoves(a, b)
	// A pawn not reaching the last rank, a knight, a square alice has no man on.
	for _, text := range []string{"d2d4q", "g1f3n", "a3a4q"} {
		a.send(text)
		a.waitFor("Not a move, and no attempt used: " + text + " names a promotion, but only a pawn reaching the last rank promotes.")
		a.waitFor("\x19(42 1 " + text + " 1\x19)")
	}
	b.send("any")
	if heard := b.waitFor("It is not your move."); strings.Contains(heard, "alice") || strings.Contains(heard, "onsense") || strings.Contains(heard, "llegal") {
		t.Fatalf("bob heard of alice's misnamed promotions: %q", heard)
	}
	a.send("e1e3") // the turn's one refusal is still to be taken: judged
	a.waitFor("\x19(42 1 e1e3 2\x19)")
	a.send("resign")
	a.waitFor("\x19(201 1 \x19{")
	pgn := a.waitFor("\x19}\x19)")
	for _, text := range []string{"d2d4q", "g1f3n", "a3a4q", "d4=Q", "Nf3=N", "a4=Q"} {
		if strings.Contains(pgn, text) {
			t.Errorf("the record keeps %s:\n%s", text, pgn)
		}
	}
}
