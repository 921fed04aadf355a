package launch

import (
	"context"
	"slices"
	"strings"

	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/sprites/scene"
)

// Choice preselects the board's new-game screen from the flags' spec.
func Choice(spec net.GameSpec, opponent string) scene.NewGameChoice {
	ch := scene.DefaultNewGame
	ch.Side = int(spec.Side)
	if i := slices.Index(opponents, strings.ToLower(opponent)); i >= 0 {
		ch.Opponent = i
	}
	ch.Rules = spec.Rules.Name
	if spec.AnySide {
		ch.Side = 2
	}
	tc := spec.TimeControl() // "no clock" is Untimed[0]
	if i := slices.Index(scene.TimeControls, tc); i >= 0 {
		ch.Time = i
	} else {
		scene.TimeControls = append(scene.TimeControls, tc)
		ch.Time = len(scene.TimeControls) - 1
	}
	return ch
}

// opponents are the --opponent values of the new-game screen's Opponent
// choices, in their order.
var opponents = []string{"bot", "random"}

// StartLocal begins a game against the computer as the board's new-game
// screen chose (the flags give the rest: seed, the bot's time).
func StartLocal(fl Flags, ch scene.NewGameChoice) (net.Communicator, error) {
	fl.Rules = ch.Ruleset().Name
	fl.Side = []string{"white", "black", "random"}[ch.Side]
	fl.Time = scene.TimeControls[ch.Time]
	fl.Opponent = opponents[ch.Opponent]
	spec, err := fl.Spec()
	if err != nil {
		return nil, err
	}
	ep, err := fl.Local()
	if err != nil {
		return nil, err
	}
	if err := ep.Connect(context.Background()); err != nil {
		return nil, err
	}
	if err := ep.Begin(spec); err != nil {
		ep.Close()
		return nil, err
	}
	return ep, nil
}
