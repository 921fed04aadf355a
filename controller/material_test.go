package controller

import (
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/gametest"
	"github.com/krieg/krieg/game/referee"
)

// TestBoardsHoldTheEnemyMaterial plays random games with a small sampler,
// which falls back often, and checks after every turn that every board B2
// holds has exactly as many enemy men as the true board and is admitted by
// B1. A rebuild after our capture once placed the material from before it:
// a man too many, which hid a stalemate from the computer player.
func TestBoardsHoldTheEnemyMaterial(t *testing.T) {
	fallbacks, turns, empty := 0, 0, 0
	for g := uint64(0); g < 30; g++ {
		ref, bots := gametest.RandomGame(g)
		c := New(game.White, referee.Wild16, game.Start(), Options{Capacity: 16, Seed: g})
		seen := 0
		for ref.Result() == nil {
			pos := ref.Position()
			bots[pos.Turn()].Turn(ref)
			for _, e := range ref.LogFrom(seen) {
				if h, ok := e.HeardBy(game.White); ok {
					if _, err := c.Observe(h); err != nil {
						t.Fatalf("game %d: %v", g, err)
					}
				}
			}
			seen = len(ref.Log())
			truth := ref.Position()
			want := truth.ByColor(game.Black).Count()
			turns++
			held := c.Sampler().Hidden(0)
			if len(held) == 0 {
				empty++
			}
			for _, b := range held {
				if got := b.Pos.ByColor(game.Black).Count(); got != want {
					t.Fatalf("game %d ply %d: a board holds %d enemy men, the true board %d (fallbacks %d)\n%s",
						g, ref.Plies(), got, want, c.Sampler().Fallbacks, b.Pos.FEN())
				}
				if !c.Belief().Admits(&b.Pos) {
					t.Fatalf("game %d ply %d: B1 does not admit a board B2 holds: %s", g, ref.Plies(), b.Pos.FEN())
				}
			}
		}
		fallbacks += c.Sampler().Fallbacks
	}
	if fallbacks == 0 {
		t.Fatal("no fallback in the games: the test does not reach the rebuild")
	}
	t.Logf("%d fallbacks; no board held after %d of %d turns", fallbacks, empty, turns)
	if empty*4 > turns {
		t.Errorf("no board held after %d of %d turns: rebuilds fail", empty, turns)
	}
}
