// Package evaluation measures the deduction engine the way DEDUCTION.md
// asks: self-play games between random attempters with the truth known to
// the harness, a controller for each player fed every entry it hears, and
// after every ply soundness, sharpness, calibration, boards held and speed.
package evaluation

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

// PlayGame plays one seeded self-play game under rules from start, runs a
// controller for each player on what it hears, and calls observe after every
// completed move. Each of before, when given, sees every entry a player
// hears together with that player's controller before it hears it. It
// returns the finished referee and the two controllers.
func PlayGame(n int, seed uint64, rules referee.Ruleset, start game.Position, opt controller.Options, observe func(*Ply), before ...func(*controller.Controller, referee.Entry)) (*referee.Referee, [2]*controller.Controller) {
	ref := referee.New(rules, start)
	bots := [2]*attempter.Random{attempter.NewRandom(seed), attempter.NewRandom(seed + 1)}
	var players [2]*controller.Controller
	for _, c := range [2]game.Color{game.White, game.Black} {
		o := opt
		o.Seed = seed*2 + uint64(c)
		players[c] = controller.New(c, rules, start, o)
	}
	seen := 0
	for ref.Result() == nil {
		pos := ref.Position()
		if len(bots[pos.Turn()].Turn(ref)) == 0 {
			break
		}
		ply := &Ply{Game: n, Ply: ref.Plies(), Truth: ref.Position(), Players: players}
		log := ref.Log()
		for _, e := range log[seen:] {
			for _, c := range [2]game.Color{game.White, game.Black} {
				if h, ok := e.HeardBy(c); ok {
					for _, b := range before {
						b(players[c], h)
					}
					if _, err := players[c].Observe(h); err != nil {
						// The referee's own log: a refusal is a bug in the engine.
						panic(fmt.Sprintf("evaluation: game %d: %v", n, err))
					}
					if t := players[c].Timing(); t.Message {
						ply.Timings[c] = append(ply.Timings[c], t)
					}
				}
			}
		}
		seen = len(log)
		if observe != nil {
			observe(ply)
		}
	}
	return ref, players
}
