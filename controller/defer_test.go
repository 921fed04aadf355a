package controller

import (
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/gametest"
	"github.com/krieg/krieg/game/referee"
)

// TestDeferredAttemptsSettle follows random games (many refused attempts)
// with three controllers for White: one follows every message at once, two
// defer B2 for all of White's attempts. While steps wait, a deferring
// controller's boards and probabilities stay as they were and Pending counts
// the steps. One settles at the end of White's turn: it then holds every
// board the first holds, in the same order, and most turns no other (the
// boards are checked against B1 once, after our move, which admits a few
// boards B1 ruled out before it); each game is followed until the two
// differ. The other settles by itself at Black's next message, before B1
// follows it: it then holds the boards of the one settled before.
func TestDeferredAttemptsSettle(t *testing.T) {
	turns, equal, waited := 0, 0, 0
	for g := uint64(0); g < 12; g++ {
		ref, bots := gametest.RandomGame(g)
		opt := Options{Capacity: 256, Seed: g, Workers: 1}
		now := New(game.White, referee.Wild16, game.Start(), opt)
		later := New(game.White, referee.Wild16, game.Start(), opt)
		auto := New(game.White, referee.Wild16, game.Start(), opt)
		seen, synced := 0, true // synced: later has held now's boards so far
		for ref.Result() == nil && synced {
			pos := ref.Position()
			white := pos.Turn() == game.White
			if white {
				later.Defer()
				auto.Defer()
			}
			before := later.View()
			boards := later.Sampler().Boards()
			fallbacks := now.Sampler().Fallbacks + later.Sampler().Fallbacks
			bots[pos.Turn()].Turn(ref)
			for _, e := range ref.LogFrom(seen) {
				h, ok := e.HeardBy(game.White)
				if !ok {
					continue
				}
				for _, c := range []*Controller{now, later, auto} {
					if _, err := c.Observe(h); err != nil {
						t.Fatalf("game %d: %v", g, err)
					}
				}
				if !white || h.Mover != game.White || h.Attempt == game.NoMove && !h.AskedAny {
					continue
				}
				waited++
				if v := later.View(); v.Pending == 0 || later.Sampler().Boards() != boards || v.Probability != before.Probability {
					t.Fatalf("game %d ply %d: after a deferred attempt Pending %d, boards %d (were %d), probabilities changed %v",
						g, ref.Plies(), v.Pending, later.Sampler().Boards(), boards, v.Probability != before.Probability)
				}
			}
			seen = len(ref.Log())
			if white {
				later.Settle()
				turns++
				if now.Sampler().Fallbacks+later.Sampler().Fallbacks == fallbacks &&
					contains(later.Sampler().Hidden(0), now.Sampler().Hidden(0)) != nil {
					t.Fatalf("game %d ply %d: a board followed message by message is missing after Settle", g, ref.Plies())
				}
				if later.Sampler().Boards() == now.Sampler().Boards() {
					equal++
				} else {
					synced = false // the next sampling starts from other boards
				}
				continue
			}
			if p := auto.View().Pending; p != 0 {
				t.Fatalf("game %d ply %d: %d steps still wait after Black's move", g, ref.Plies(), p)
			}
			if auto.View().Probability != later.View().Probability {
				t.Fatalf("game %d ply %d: settled at Black's message, the boards differ from those settled before it", g, ref.Plies())
			}
		}
	}
	t.Logf("%d deferred attempts; %d turns compared, the same boards after %d", waited, turns, equal)
	if waited == 0 || turns == 0 || equal*10 < turns*9 {
		t.Fatalf("%d deferred attempts; %d turns compared, the same boards after only %d", waited, turns, equal)
	}
}

// contains returns the first board of want missing from have, keeping
// their order, or nil.
func contains(have, want []Board) *Board {
	i := 0
	for j := range want {
		for i < len(have) && have[i].Pos != want[j].Pos {
			i++
		}
		if i == len(have) {
			return &want[j]
		}
		i++
	}
	return nil
}

// TestSettleRefreshesTheView checks that Settle weighs a deferred move at
// once: the view's Pending drops to zero and its boards follow it.
func TestSettleRefreshesTheView(t *testing.T) {
	f := newFixture(t, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", referee.Wild16)
	c := f.players[game.White]
	c.Defer()
	f.play(t, "a1a8")
	if v := c.View(); v.Pending != 1 {
		t.Fatalf("Pending %d after one deferred move, want 1", v.Pending)
	}
	c.Settle()
	if v := c.View(); v.Pending != 0 || v.Boards == 0 {
		t.Fatalf("after Settle: Pending %d, boards %d", v.Pending, v.Boards)
	}
}
