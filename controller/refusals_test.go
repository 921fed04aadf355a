package controller

import (
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/gametest"
	"github.com/krieg/krieg/game/referee"
)

// TestEnemyRefusalsReachTheBoards: White's rook steps from g1 to g2, and
// Black's king, on h8 next to White's king on f6 or free on b4 (equally
// likely starts), is refused twice before Kh7. Only on h8 could two of its
// attempts be illegal, so the boards hold it on h7 alone (boards/refusals.go).
func TestEnemyRefusalsReachTheBoards(t *testing.T) {
	hemmed := gametest.Position(t, "7k/8/5K2/8/8/8/8/6R1 w - - 0 1")
	free := gametest.Position(t, "8/8/5K2/8/1k6/8/8/6R1 w - - 0 1")
	c := NewAmong(game.White, referee.Berkeley, []game.Position{hemmed, free}, Options{Capacity: 64, Seed: 1})
	ref := referee.New(referee.Berkeley, hemmed)
	for _, m := range []string{"g1g2", "h8g8", "h8g7", "h8h7"} {
		ref.Attempt(gametest.Move(t, m))
	}
	for _, e := range ref.Log() {
		if h, ok := e.HeardBy(game.White); ok {
			if _, err := c.Observe(h); err != nil {
				t.Fatal(err)
			}
		}
	}
	if p := c.Sampler().Probabilities(); p[game.King][game.H7] != 1 {
		t.Errorf("king on h7 on %v of the boards; want all (on b4 no attempt was illegal)", p[game.King][game.H7])
	}
}
