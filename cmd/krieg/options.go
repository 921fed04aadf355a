package main

import (
	"flag"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// gameFlags are the flags every game-playing subcommand shares.
type gameFlags struct {
	rules  string
	fen    string
	plyCap int
}

func (g *gameFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&g.rules, "rules", "wild16", "ruleset: wild16, berkeley, berkeley-any, cincinnati, english, rand, open")
	fs.StringVar(&g.fen, "fen", game.StartFEN, "starting position")
	fs.IntVar(&g.plyCap, "ply-cap", referee.DefaultPlyCap, "draw the game after this many plies (0: no cap)")
}

// resolve returns the ruleset (with the ply cap) and the starting position.
func (g *gameFlags) resolve() (referee.Ruleset, game.Position, error) {
	rules, err := referee.RulesetByName(g.rules)
	if err != nil {
		return rules, game.Position{}, err
	}
	rules.PlyCap = g.plyCap
	start, err := game.ParseFEN(g.fen)
	return rules, start, err
}
