package belief_test

import (
	"testing"
	"time"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/controller/belief"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/gametest"
	"github.com/krieg/krieg/game/referee"
)

// state is White's belief just before an enemy move, our men after it and
// the message it produced.
type state struct {
	before belief.Belief
	own    game.Position
	o      belief.Observation
}

// states follows White through seeded random games with a B1-only
// controller and keeps want states after ply 10.
func states(b *testing.B, want int) []state {
	b.Helper()
	var out []state
	done := func() bool { return len(out) >= want }
	gametest.RandomGames(50, done, func(uint64) func(referee.Entry) bool {
		ctl := controller.New(game.White, referee.Wild16, game.Start(), controller.Options{BeliefOnly: true})
		return func(h referee.Entry) bool {
			before := *ctl.Belief()
			v, err := ctl.Observe(h)
			if err != nil {
				b.Fatal(err)
			}
			if o := belief.Observe(h); o.Mover == game.Black && o.Moved && h.Ply > 10 {
				out = append(out, state{before: before, own: v.Own, o: o})
			}
			return true
		}
	})
	return out
}

// BenchmarkB1Spread times the belief's update for the enemy's unseen move
// alone (spread by every class's movement, then the announcements' filters),
// reporting the p99 over the states; BenchmarkB1SpreadBaseline, the referee
// judging one attempt, is the baseline.
func BenchmarkB1Spread(b *testing.B) {
	all := states(b, 40)
	var times []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := &all[i%len(all)]
		x := s.before
		t := time.Now()
		x.EnemyMove(&s.own, &s.o, referee.Wild16)
		times = append(times, time.Since(t))
	}
	b.StopTimer()
	gametest.ReportP99(b, times)
}

// BenchmarkB1SpreadBaseline: the referee judging and playing one legal move.
func BenchmarkB1SpreadBaseline(b *testing.B) {
	gametest.JudgeOneMove(b)
}
