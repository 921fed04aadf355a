package controller

import (
	"testing"
	"time"

	"github.com/krieg/krieg/controller/belief"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

func TestZZProbeSlow(t *testing.T) {
	for g := uint64(0); g < 6; g++ {
		ctl := New(game.White, referee.Wild16, game.Start(), Options{Capacity: 16384, Seed: g})
		for _, e := range heardGame(g) {
			fb := ctl.sampler.Fallbacks
			nb := ctl.sampler.Boards()
			t0 := time.Now()
			ctl.Observe(e)
			d := time.Since(t0)
			if d > 30*time.Millisecond {
				o := belief.Observe(e)
				t.Logf("g%d ply %d %v: B1 %v B2 %v fallback %v boards %d->%d mover %v moved %v illegal %v checks %d cap %v", g, e.Ply, d, ctl.timing.B1, ctl.timing.B2, ctl.sampler.Fallbacks > fb, nb, ctl.sampler.Boards(), o.Mover, o.Moved, o.Illegal, len(o.Checks), o.Capture)
			}
		}
	}
}
