package controller

import (
	"fmt"
	"slices"

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

// latencySizes are the board counts the latency benchmark follows.
var latencySizes = []int{4096, 16384, 65536}

// BenchmarkBeliefLatency times, at each board count, the deduction's delay
// from a message's arrival to its finished view model (Async: Observe, then
// Wait until the deduction has followed it), over the messages White hears
// after ply 10 of seeded random games, one message at a time; it reports the
// p50 and p99, and as loop-p99-µs what the caller's goroutine itself pays
// per message (Observe's immediate part and a Poll), the frame's share. The
// sync variant is the baseline in the same run: Controller.Observe on the
// same messages, which a game loop calling the controller itself waits for.
func BenchmarkBeliefLatency(b *testing.B) {
	for _, n := range latencySizes {
		b.Run(fmt.Sprintf("boards=%d/async", n), func(b *testing.B) {
			var lat, loop []time.Duration
			var a *Async
			feedMessages(b, n, func(c *Controller) {
				if a != nil {
					a.Close()
				}
				a = NewAsync(c)
			}, func(e referee.Entry, timed bool) {
				t := time.Now()
				if _, err := a.Observe(e); err != nil {
					b.Fatal(err)
				}
				a.Poll()
				if !timed {
					a.Wait()
					return
				}
				loop = append(loop, time.Since(t))
				a.Wait()
				lat = append(lat, time.Since(t))
			})
			a.Close()
			reportQuantiles(b, lat, "")
			reportQuantiles(b, loop, "loop-")
		})
		b.Run(fmt.Sprintf("boards=%d/sync", n), func(b *testing.B) {
			var lat []time.Duration
			var ctl *Controller
			feedMessages(b, n, func(c *Controller) { ctl = c }, func(e referee.Entry, timed bool) {
				t := time.Now()
				if _, err := ctl.Observe(e); err != nil {
					b.Fatal(err)
				}
				if timed {
					lat = append(lat, time.Since(t))
				}
			})
			reportQuantiles(b, lat, "")
		})
	}
}

// feedMessages hands White's messages of seeded random games to feed, a
// fresh controller of the given capacity (given to start) for each game;
// b.N messages after ply 10 are marked timed, the rest are not.
func feedMessages(b *testing.B, capacity int, start func(*Controller), feed func(e referee.Entry, timed bool)) {
	b.StopTimer()
	done := 0
	for g := uint64(0); done < b.N; g++ {
		start(New(game.White, referee.Wild16, game.Start(), Options{Capacity: capacity, Seed: g}))
		for _, e := range heardGame(g) {
			timed := e.Ply > 10 && done < b.N
			if timed {
				done++
				b.StartTimer()
			}
			feed(e, timed)
			b.StopTimer()
			if done == b.N {
				break
			}
		}
	}
}

// reportQuantiles reports the p50 and p99 of times as prefix+"p50-µs" and
// prefix+"p99-µs".
func reportQuantiles(b *testing.B, times []time.Duration, prefix string) {
	if len(times) == 0 {
		return
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds()), prefix+"p50-µs")
	b.ReportMetric(float64(times[len(times)*99/100].Microseconds()), prefix+"p99-µs")
}
