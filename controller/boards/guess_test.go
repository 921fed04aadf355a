package boards

import (
	"testing"

	"github.com/krieg/krieg/controller/belief"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/gametest"
	"github.com/krieg/krieg/game/referee"
)

// TestGuessWhenNoBoardAgrees: a message no placement of the make-ups B1
// allows can explain (a knight's check where the enemy has a bare king)
// leaves a rebuild with no board; Guess still draws boards from B1 alone,
// each with our men where they stand, the enemy king on a square B1 allows
// and out of check, equally weighted, and leaves the sampler empty.
func TestGuessWhenNoBoardAgrees(t *testing.T) {
	pos := gametest.Position(t, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
	own := pos.Only(game.White)
	b := belief.New(&pos, game.White)
	b.Possible[game.King] = game.Rank8 | game.Rank7 // the king may be on either rank
	o := belief.Observation{Moved: true, Capture: game.NoSquare, Checks: []referee.CheckKind{referee.CheckKnight}}
	s := New([]game.Position{pos}, game.White, referee.Berkeley, 64, 3, 1)
	s.boards = s.boards[:0]
	s.Rebuild(&own, &b, &o)
	if s.Boards() != 0 {
		t.Fatalf("a rebuild kept %d boards for a knight's check against a bare king; the test needs none", s.Boards())
	}
	got := s.Guess(&own, &b, 16)
	if len(got) == 0 {
		t.Fatal("Guess drew no board")
	}
	if s.Boards() != 0 {
		t.Fatalf("Guess left %d boards in the sampler; want none", s.Boards())
	}
	admits := b.Admitter()
	total := 0.0
	for i, g := range got {
		total += g.Weight
		if g.Pos.Only(game.White) != own {
			t.Fatalf("board %d (%s) moved our men", i, g.Pos.FEN())
		}
		k := g.Pos.KingSquare(game.Black)
		if k == game.NoSquare || !b.Possible[game.King].Has(k) || !admits(&g.Pos) {
			t.Fatalf("board %d (%s): the enemy king is not where B1 allows it", i, g.Pos.FEN())
		}
		p := g.Pos
		p.SetTurn(game.Black)
		if p.InCheck() {
			t.Fatalf("board %d (%s): the enemy, who just moved, is in check", i, g.Pos.FEN())
		}
	}
	if total < 0.999 || total > 1.001 {
		t.Fatalf("weights sum to %v, want 1", total)
	}
}
