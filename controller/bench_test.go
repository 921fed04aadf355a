package controller

import (
	"sort"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/attempter"
	"github.com/krieg/krieg/game/referee"
)

// snapshot is a controller's state just before an enemy move, with the
// message that move produced.
type snapshot struct {
	ctl   Controller
	board []particle
	o     observation
	entry referee.Entry
}

// snapshots plays seeded random games and keeps, before each enemy move
// whose sampler holds at least hold boards, a copy trimmed to exactly hold
// boards: the states a B2 refresh starts from.
func snapshots(b *testing.B, hold, want int) []snapshot {
	b.Helper()
	var out []snapshot
	for g := uint64(0); len(out) < want && g < 50; g++ {
		ref := referee.New(referee.Wild16, game.Start())
		bots := [2]*attempter.Random{attempter.NewRandom(2 * g), attempter.NewRandom(2*g + 1)}
		ctl := New(game.White, referee.Wild16, game.Start(), Options{Capacity: 4 * hold, Seed: g})
		seen := 0
		for ref.Result() == nil && len(out) < want {
			pos := ref.Position()
			bots[pos.Turn()].Turn(ref)
			log := ref.Log()
			for _, e := range log[seen:] {
				h, ok := e.HeardBy(game.White)
				if !ok {
					continue
				}
				if o := observe(h); o.mover == game.Black && o.moved && ctl.sampler.Boards() >= hold && e.Ply > 10 {
					s := snapshot{ctl: *ctl, o: o, entry: h}
					s.board = append([]particle(nil), ctl.sampler.boards[:hold]...)
					out = append(out, s)
				}
				if _, err := ctl.Observe(h); err != nil {
					b.Fatal(err)
				}
			}
			seen = len(log)
		}
	}
	if len(out) == 0 {
		b.Skip("no state held enough boards")
	}
	return out
}

// BenchmarkB2Refresh times one B2 refresh after an enemy move, starting from
// exactly 4096 held boards, on GOMAXPROCS workers; it reports the p99 over
// the snapshot states. The baseline, BenchmarkB2Baseline, only generates
// the legal moves of the same boards (the least any refresh must do).
func BenchmarkB2Refresh(b *testing.B) {
	states := snapshots(b, DefaultCapacity, 40)
	sampler := newSampler([]game.Position{game.Start()}, game.White, referee.Wild16, DefaultCapacity, 1, 0)
	var times []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := &states[i%len(states)]
		sampler.boards = append(sampler.boards[:0], s.board...)
		t := time.Now()
		sampler.enemyMove(&s.o)
		sampler.normalise()
		times = append(times, time.Since(t))
	}
	b.StopTimer()
	reportP99(b, times)
}

// BenchmarkB2Baseline generates the legal moves of the same 4096 boards.
func BenchmarkB2Baseline(b *testing.B) {
	states := snapshots(b, DefaultCapacity, 40)
	var buf [game.MaxMoves]game.Move
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := &states[i%len(states)]
		for j := range s.board {
			_ = s.board[j].pos.LegalMoves(buf[:0])
		}
	}
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
	reportP99(b, times)
}

// BenchmarkB1Baseline: the referee judging and playing one legal move.
func BenchmarkB1Baseline(b *testing.B) {
	start := game.Start()
	m := game.NewMove(game.E2, game.E4, game.NoPieceType)
	for i := 0; i < b.N; i++ {
		r := referee.New(referee.Wild16, start)
		r.Attempt(m)
	}
}

// reportP99 adds the 99th percentile of times as a metric.
func reportP99(b *testing.B, times []time.Duration) {
	if len(times) == 0 {
		return
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	b.ReportMetric(float64(times[len(times)*99/100].Microseconds()), "p99-µs")
}
