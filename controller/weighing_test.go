package controller

import (
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// TestWeighableWithoutBoards follows a recorded Berkeley game as White with a
// belief of two boards, whose rebuilds (a few placements each) often keep
// none. After every message with no B2 board, Weighable still gives boards:
// drawn from B1 alone, each admitted by B1, with our men where they stand.
// After the others it gives B2's own boards.
func TestWeighableWithoutBoards(t *testing.T) {
	empty := 0
	followRecord(t, "testdata/back-rank-knight.pgn", referee.Berkeley, game.White, Options{Seed: 5, Capacity: 2}, func(ply int, c *Controller) {
		got := c.Weighable(16)
		if c.Sampler().Boards() > 0 {
			if len(got) != c.Sampler().Distinct() {
				t.Fatalf("ply %d: %d boards to weigh, B2 holds %d distinct", ply, len(got), c.Sampler().Distinct())
			}
			return
		}
		empty++
		if len(got) == 0 {
			t.Fatalf("ply %d: B2 holds no board and Weighable gives none", ply)
		}
		admits := c.Belief().Admitter()
		own := c.View().Own
		for _, b := range got {
			if !admits(&b.Pos) {
				t.Fatalf("ply %d: a guessed board B1 does not admit: %s", ply, b.Pos.FEN())
			}
			mine := b.Pos.Only(game.White)
			if mine.Occupied() != own.Occupied() {
				t.Fatalf("ply %d: a guessed board moves our men: %s (ours %s)", ply, b.Pos.FEN(), own.FEN())
			}
		}
	})
	t.Logf("B2 held no board after %d messages", empty)
	if empty == 0 {
		t.Fatal("B2 never emptied; the test needs it to")
	}
}
