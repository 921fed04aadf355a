package player

import (
	"math"
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// The chances start on the one square B1 allows (h1), spread evenly over
// the king's three legal moves after the enemy's move, and lose a square
// B1 rules out after ours.
func TestKingTrackSpreads(t *testing.T) {
	p, err := game.ParseFEN("8/8/8/8/8/8/8/K1B4k w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	own := p.Only(game.White)
	var tr kingTrack
	var possible [game.King + 1]game.Bitboard
	possible[game.King] = game.H1.Bit()
	tr.hear(referee.Entry{Mover: game.White, Verdict: referee.Accepted}, game.White, &own, &possible)
	if c := tr.chances(); c == nil || c[game.H1] != 1 {
		t.Fatalf("after the start the chances are %v, want all on h1", c)
	}
	// The king on h1 may go to g1, g2 or h2 (the bishop on c1 guards none).
	possible[game.King] = game.G1.Bit() | game.G2.Bit() | game.H2.Bit() | game.H1.Bit()
	tr.hear(referee.Entry{Mover: game.Black, Verdict: referee.Accepted}, game.White, &own, &possible)
	c := tr.chances()
	for _, s := range []game.Square{game.G1, game.G2, game.H2} {
		if math.Abs(c[s]-1.0/3) > 1e-9 {
			t.Errorf("chance of %v %.3f, want 1/3", s, c[s])
		}
	}
	if c[game.H1] != 0 {
		t.Errorf("chance of h1 %.3f, want 0 (the king had to move)", c[game.H1])
	}
	// A silent move that would have checked g1 rules it out.
	possible[game.King] = game.G2.Bit() | game.H2.Bit()
	tr.hear(referee.Entry{Mover: game.White, Verdict: referee.Accepted}, game.White, &own, &possible)
	if c := tr.chances(); math.Abs(c[game.G2]-0.5) > 1e-9 || c[game.G1] != 0 {
		t.Errorf("after g1 was ruled out: g1 %.3f g2 %.3f, want 0 and 1/2", c[game.G1], c[game.G2])
	}
}
