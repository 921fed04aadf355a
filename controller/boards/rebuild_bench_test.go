package boards

import (
	"fmt"
	"testing"
	"time"

	"github.com/krieg/krieg/controller/belief"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/attempter"
	"github.com/krieg/krieg/game/gametest"
	"github.com/krieg/krieg/game/referee"
)

// collapse is a rebuild's input: White's men of a real position with White to
// move, and a B1 that knows only that each enemy class stands on squares our
// men leave empty (pawns off the first and last ranks).
type collapse struct {
	own game.Position
	b   belief.Belief
}

// collapses takes, from seeded random games, the positions with White to move
// (not in check) every few plies after ply 20, up to want of them.
func collapses(want int) []collapse {
	var out []collapse
	for g := uint64(0); g < 50 && len(out) < want; g++ {
		ref := referee.New(referee.Wild16, game.Start())
		bots := [2]*attempter.Random{attempter.NewRandom(2 * g), attempter.NewRandom(2*g + 1)}
		for ply := 0; ref.Result() == nil && len(out) < want; ply++ {
			pos := ref.Position()
			if ply > 20 && ply%5 == 0 && pos.Turn() == game.White && !pos.InCheck() {
				c := collapse{own: pos.Only(game.White), b: belief.New(&pos, game.White)}
				empty := ^c.own.Occupied()
				for _, t := range belief.Classes {
					c.b.Possible[t] = empty
				}
				c.b.Possible[game.Pawn] = empty &^ (game.Rank1 | game.Rank8)
				out = append(out, c)
			}
			bots[pos.Turn()].Turn(ref)
		}
	}
	return out
}

// BenchmarkB2Rebuild times one rebuild from B1 after a collapse (the
// enemy's full material placed at random) at the default capacity and at
// 16384 boards, on GOMAXPROCS workers, by one sampler whose memory is reused
// as a controller's is, and reports the p99, the CPU time and the boards it
// made.
func BenchmarkB2Rebuild(b *testing.B) {
	states := collapses(40)
	if len(states) == 0 {
		b.Skip("no position")
	}
	for _, capacity := range refreshSizes {
		b.Run(fmt.Sprintf("boards=%d", capacity), func(b *testing.B) {
			o := belief.Observation{Capture: game.NoSquare}
			var times []time.Duration
			made := 0
			s := New([]game.Position{game.Start()}, game.White, referee.Wild16, capacity, 1, 0)
			b.ResetTimer()
			cpu := cpuTime()
			for i := 0; i < b.N; i++ {
				c := &states[i%len(states)]
				s.boards = s.boards[:0] // a sampler's memory is reused
				t := time.Now()
				s.Rebuild(&c.own, &c.b, &o)
				times = append(times, time.Since(t))
				made += s.Boards()
			}
			b.StopTimer()
			reportCPU(b, cpu)
			b.ReportMetric(float64(made)/float64(b.N), "boards/op")
			gametest.ReportP99(b, times)
		})
	}
}
