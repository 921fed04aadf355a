package evaluation

import (
	"runtime"
	"sync"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// Options configure a run.
type Options struct {
	Games    int
	Seed     uint64
	Rules    referee.Ruleset
	Start    game.Position
	Capacity int // B2 boards per controller (controller.DefaultCapacity when 0)
	// Parallel is the number of games played at once (GOMAXPROCS when 0);
	// each controller then refreshes B2 on one goroutine.
	Parallel int
}

// GameSeed returns the seed of game i of a run seeded with seed, as krieg
// selfplay derives it, so a run and a selfplay with the same seed play the
// same games.
func GameSeed(seed uint64, i int) uint64 { return seed*1_000_003 + uint64(i)*2 }

// Run plays the games and returns the report.
func Run(opt Options) Report {
	if opt.Parallel <= 0 {
		opt.Parallel = runtime.GOMAXPROCS(0)
	}
	if opt.Capacity <= 0 {
		opt.Capacity = controller.DefaultCapacity
	}
	t := newTally()
	pv := &previewTally{}
	jobs := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < opt.Parallel; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				_, players := PlayGame(i, GameSeed(opt.Seed, i), opt.Rules, opt.Start,
					controller.Options{Capacity: opt.Capacity, Workers: 1}, t.observe, pv.attempt)
				t.mu.Lock()
				t.r.Boards.Fallbacks += players[0].Sampler().Fallbacks + players[1].Sampler().Fallbacks
				t.mu.Unlock()
			}
		}()
	}
	for i := 0; i < opt.Games; i++ {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	r := t.finish()
	r.Preview = pv.finish()
	r.Rules, r.Games, r.Seed, r.Capacity = opt.Rules.Name, opt.Games, opt.Seed, opt.Capacity
	return r
}
