// Package lab measures the deduction engine the way docs/deduction.md
// describes: games with the truth known to the harness (between random
// attempters, computer players, or replayed from records), a controller for
// each player fed every entry it hears, and after every ply soundness,
// sharpness, calibration, honesty, boards held and speed.
package lab

import (
	"fmt"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/attempter"
	"github.com/krieg/krieg/game/referee"
)

// Ply is the state after one completed move, handed to a game's observer.
type Ply struct {
	Game    int
	Ply     int           // completed moves, from 1
	Truth   game.Position // the referee's board
	Players [2]*controller.Controller
	// Timings of every message processed since the previous ply, per player.
	Timings [2][]controller.Timing
}

// PlayGame plays one seeded self-play game between random attempters under
// rules from start, runs a controller for each player on what it hears, and
// calls observe after every completed move. It returns the finished referee
// and the two controllers.
// Each of before, when given, sees every entry a player hears together with
// that player's controller before it hears it.
func PlayGame(n int, seed uint64, rules referee.Ruleset, start game.Position, opt controller.Options, observe func(*Ply), before ...func(*controller.Controller, referee.Entry)) (*referee.Referee, [2]*controller.Controller) {
	ref := referee.New(rules, start)
	players := [2]Player{attempter.NewRandom(seed), attempter.NewRandom(seed + 1)}
	return ref, Follow(n, ref, players, seed, opt, observe, before...)
}

// Follow plays the game on ref between players (indexed by colour) to its
// end, runs a separate controller for each side on what that side hears (not
// the players' own beliefs: a computer player's controller is its own
// business), and calls observe after every completed move. Controller c is
// seeded seed*2+c. It returns the two controllers.
func Follow(n int, ref *referee.Referee, players [2]Player, seed uint64, opt controller.Options, observe func(*Ply), before ...func(*controller.Controller, referee.Entry)) [2]*controller.Controller {
	var ctls [2]*controller.Controller
	start := ref.Start()
	for _, c := range [2]game.Color{game.White, game.Black} {
		o := opt
		o.Seed = seed*2 + uint64(c)
		ctls[c] = controller.New(c, ref.Rules(), start, o)
	}
	seen := 0
	for ref.Result() == nil {
		if len(players[ref.ToMove()].Turn(ref)) == 0 {
			break
		}
		ply := &Ply{Game: n, Ply: ref.Plies(), Truth: ref.Position(), Players: ctls}
		fresh := ref.LogFrom(seen)
		for _, e := range fresh {
			for _, c := range [2]game.Color{game.White, game.Black} {
				if h, ok := e.HeardBy(c); ok {
					for _, b := range before {
						b(ctls[c], h)
					}
					if _, err := ctls[c].Observe(h); err != nil {
						// The referee's own log: a refusal is a bug in the engine.
						panic(fmt.Sprintf("lab: game %d: %v", n, err))
					}
					if t := ctls[c].Timing(); t.Message {
						ply.Timings[c] = append(ply.Timings[c], t)
					}
				}
			}
		}
		seen += len(fresh)
		if observe != nil {
			observe(ply)
		}
	}
	return ctls
}
