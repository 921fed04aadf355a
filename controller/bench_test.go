package controller

import (
	"github.com/krieg/krieg/controller/belief"
	"github.com/krieg/krieg/game/gametest"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// snapshot is a controller's state just before an enemy move, with the
// message that move produced.
type snapshot struct {
	ctl   Controller
	entry referee.Entry
}

// snapshots plays seeded random games and keeps, before each enemy move
// after ply 10 whose sampler holds at least hold boards, a copy of White's
// controller and the entry White hears.
func snapshots(b *testing.B, hold, want int) []snapshot {
	b.Helper()
	var out []snapshot
	done := func() bool { return len(out) >= want }
	gametest.RandomGames(50, done, func(g uint64) func(referee.Entry) bool {
		ctl := New(game.White, referee.Wild16, game.Start(), Options{Capacity: 4 * hold, Seed: g})
		return func(h referee.Entry) bool {
			if o := belief.Observe(h); o.Mover == game.Black && o.Moved && ctl.sampler.Boards() >= hold && h.Ply > 10 {
				out = append(out, snapshot{ctl: *ctl, entry: h})
			}
			if _, err := ctl.Observe(h); err != nil {
				b.Fatal(err)
			}
			return true
		}
	})
	if len(out) == 0 {
		b.Skip("no state held enough boards")
	}
	return out
}

// BenchmarkB1Update times the B1 part of following the same enemy moves
// (belief, rules R1-R10), with BenchmarkB1Baseline, the referee judging one
// attempt, as the baseline.
func BenchmarkB1Update(b *testing.B) {
	states := snapshots(b, 64, 40)
	var times []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := &states[i%len(states)]
		ctl := s.ctl
		ctl.sampler = nil
		t := time.Now()
		if _, err := ctl.Observe(s.entry); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(t))
	}
	b.StopTimer()
	gametest.ReportP99(b, times)
}

// BenchmarkB1Baseline: the referee judging and playing one legal move.
func BenchmarkB1Baseline(b *testing.B) {
	gametest.JudgeOneMove(b)
}
