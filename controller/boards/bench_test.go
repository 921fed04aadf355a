package boards

import (
	"fmt"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/krieg/krieg/controller/belief"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/gametest"
	"github.com/krieg/krieg/game/referee"
)

// snapshot is White's sampler just before an enemy move, trimmed to the
// boards a refresh starts from, with the message that move produced.
type snapshot struct {
	boards []particle
	o      belief.Observation
}

// snapshots plays seeded random games, following White with a sampler of
// 2*hold boards, and keeps, before each enemy move after ply 10 whose
// sampler holds at least hold boards, a copy trimmed to exactly hold boards.
// A game stops being followed when its boards run out (the controller would
// rebuild them from B1, which is not this package's).
func snapshots(b *testing.B, hold, want int) []snapshot {
	b.Helper()
	var out []snapshot
	done := func() bool { return len(out) >= want }
	gametest.RandomGames(50, done, func(g uint64) func(referee.Entry) bool {
		s := New([]game.Position{game.Start()}, game.White, referee.Wild16, 2*hold, g, 0)
		return func(h referee.Entry) bool {
			o := belief.Observe(h)
			if o.Mover == game.Black && o.Moved && s.Boards() >= hold && h.Ply > 10 {
				out = append(out, snapshot{boards: append([]particle(nil), s.boards[:hold]...), o: o})
			}
			s.Observe(&o)
			return s.Normalise()
		}
	})
	if len(out) == 0 {
		b.Skip("no state held enough boards")
	}
	return out
}

// heardUnder turns the snapshots' messages, heard under Wild 16, into what
// a referee under rules says of the same moves: without pawn tries when
// rules announce none (Berkeley), as the referee gives none then (a Wild 16
// count under Berkeley's rules sends the refresh down paths no game takes).
// The other differences need no change: the kind of man captured, which
// Berkeley does not announce, goes unread under its rules.
func heardUnder(states []snapshot, rules referee.Ruleset) []snapshot {
	if rules.Tries == referee.TriesNone {
		for i := range states {
			states[i].o.Tries = nil
		}
	}
	return states
}

// refreshSizes are the board counts the refresh benchmarks hold: the
// computer player's and the default capacity.
var refreshSizes = []int{4096, DefaultCapacity}

// BenchmarkB2Refresh times one B2 refresh after an enemy move, starting from
// exactly the named number of held boards, on GOMAXPROCS workers; it reports
// the p99 per message over the snapshot states. The baseline,
// BenchmarkB2Baseline, only generates the legal moves of the same boards on
// the same workers, timed the same way (the least any refresh must do). The
// refusals variant follows the same moves under Berkeley's rules after two
// refused attempts of the enemy's heard, so every board is weighed by them
// (refusals.go).
func BenchmarkB2Refresh(b *testing.B) {
	for _, hold := range refreshSizes {
		b.Run(fmt.Sprintf("boards=%d", hold), func(b *testing.B) { benchRefresh(b, hold, referee.Wild16, 0) })
	}
	b.Run("boards=4096/refusals", func(b *testing.B) {
		benchRefresh(b, 4096, referee.Berkeley, 2)
	})
}

// benchRefresh times refreshes from hold boards under rules, with refused
// enemy attempts heard before each move. Each refresh is followed by the
// baseline's work on the same boards (their legal moves, on as many
// workers), timed alike, so that both meet the same load: base-µs/op and
// base-p99-µs report it, x-base the ratio of the means, and cpu-µs/op,
// base-cpu-µs/op and x-base-cpu the same in CPU time (summed over the
// workers; on a shared machine it varies less than the wall clock).
func benchRefresh(b *testing.B, hold int, rules referee.Ruleset, refused int) {
	states := heardUnder(snapshots(b, hold, 40), rules)
	sampler := New([]game.Position{game.Start()}, game.White, rules, hold, 1, 0)
	var times, base []time.Duration
	var spent, baseSpent, cpu, baseCPU time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := &states[i%len(states)]
		sampler.boards = append(sampler.boards[:0], s.boards...)
		sampler.refused.now = refused
		c, t := cpuTime(), time.Now()
		sampler.enemyMove(&s.o)
		sampler.Normalise()
		d := time.Since(t)
		cpu += cpuTime() - c
		times, spent = append(times, d), spent+d
		b.StopTimer()
		c, t = cpuTime(), time.Now()
		legalMoves(s.boards, runtime.GOMAXPROCS(0))
		d = time.Since(t)
		baseCPU += cpuTime() - c
		base, baseSpent = append(base, d), baseSpent+d
		b.StartTimer()
	}
	b.StopTimer()
	b.ReportMetric(float64(cpu.Microseconds())/float64(b.N), "cpu-µs/op")
	b.ReportMetric(float64(baseCPU.Microseconds())/float64(b.N), "base-cpu-µs/op")
	b.ReportMetric(float64(cpu)/float64(baseCPU), "x-base-cpu")
	gametest.ReportP99(b, times)
	b.ReportMetric(float64(baseSpent.Microseconds())/float64(b.N), "base-µs/op")
	slices.Sort(base)
	b.ReportMetric(float64(base[len(base)*99/100].Microseconds()), "base-p99-µs")
	b.ReportMetric(float64(spent)/float64(baseSpent), "x-base")
}

// legalMoves generates the legal moves of boards on n goroutines, as a
// refresh splits them: the baseline's work.
func legalMoves(boards []particle, n int) {
	var wg sync.WaitGroup
	for w := 0; w < n; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			var buf [game.MaxMoves]game.Move
			for j := w; j < len(boards); j += n {
				_ = boards[j].pos.LegalMoves(buf[:0])
			}
		}(w)
	}
	wg.Wait()
}

// reportCPU reports the CPU time per operation since start, summed over the
// workers: on a machine shared with other work it varies less than the wall
// clock, which counts the time other processes hold the cores.
func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64((cpuTime()-start).Microseconds())/float64(b.N), "cpu-µs/op")
}

// BenchmarkB2Baseline generates the legal moves of the same boards, split
// over GOMAXPROCS workers as a refresh splits them, and reports the p99 per
// message.
func BenchmarkB2Baseline(b *testing.B) {
	for _, hold := range refreshSizes {
		b.Run(fmt.Sprintf("boards=%d", hold), func(b *testing.B) {
			states := snapshots(b, hold, 40)
			n := runtime.GOMAXPROCS(0)
			var times []time.Duration
			b.ResetTimer()
			cpu := cpuTime()
			for i := 0; i < b.N; i++ {
				s := &states[i%len(states)]
				t := time.Now()
				legalMoves(s.boards, n)
				times = append(times, time.Since(t))
			}
			b.StopTimer()
			reportCPU(b, cpu)
			gametest.ReportP99(b, times)
		})
	}
}
