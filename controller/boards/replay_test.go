package boards_test

import (
	"testing"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/gametest"
	"github.com/krieg/krieg/game/referee"
)

// TestReplayIsReproducible: two controllers fed the same entries show the
// same views after every message, through fallbacks (a small capacity makes
// them frequent), so a replay rebuilds what the player saw.
func TestReplayIsReproducible(t *testing.T) {
	opt := controller.Options{Capacity: 16, Seed: 3, Workers: 2}
	fallbacks, messages := 0, 0
	gametest.RandomGames(4, func() bool { return fallbacks >= 5 }, func(g uint64) func(referee.Entry) bool {
		a := controller.New(game.White, referee.Wild16, game.Start(), opt)
		b := controller.New(game.White, referee.Wild16, game.Start(), opt)
		before := fallbacks
		return func(e referee.Entry) bool {
			va, errA := a.Observe(e)
			vb, errB := b.Observe(e)
			if errA != nil || errB != nil {
				t.Fatalf("game %d: %v, %v", g, errA, errB)
			}
			messages++
			if va.Possible != vb.Possible || va.Probability != vb.Probability || va.Own != vb.Own {
				t.Fatalf("game %d, message %d: two controllers fed the same entries show different views (fallbacks so far %d)", g, messages, a.Sampler().Fallbacks)
			}
			if a.Sampler().Fallbacks != b.Sampler().Fallbacks {
				t.Fatalf("game %d: fallbacks %d and %d", g, a.Sampler().Fallbacks, b.Sampler().Fallbacks)
			}
			fallbacks = before + a.Sampler().Fallbacks
			return true
		}
	})
	if fallbacks == 0 {
		t.Fatalf("no fallback in %d messages; the test needs one", messages)
	}
}
