package main

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/krieg/krieg/controller/player"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/lab"
)

// runMatch plays games between two named players and prints the score.
func runMatch(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("match", stderr)
	var g seriesFlags
	g.register(fs, 10, "number of games")
	white := fs.String("white", "bot", "White's player: bot, random, cheat (sees the whole board), peer:random, peer:darkboard-mcts or peer:darkboard (outside bots; make peers)")
	black := fs.String("black", "random", "Black's player: bot, random, cheat, peer:random, peer:darkboard-mcts or peer:darkboard")
	movetime := fs.Duration("movetime", player.DefaultMoveTime, "the bot's time budget per move (and peer:darkboard-mcts's search budget)")
	peek := fs.Float64("peek", 0, "a measurement, not play: the bot sees the true board at this weight (0 to 1) beside its belief")
	info := fs.Float64("info", player.DefaultInfo, "the bot's utility per bit of what an attempt's answer would tell of the enemy king and of the men attacking ours (0: none)")
	asJSON := fs.Bool("json", false, "print one JSON object instead of the table")
	out := fs.String("out", "", "directory to write one record per game (game-0001.pgn, ...)")
	rules, start, err := g.parse(fs, args)
	if err != nil {
		return err
	}
	if err := noArgs(fs); err != nil {
		return err
	}
	for flagName, name := range map[string]*string{"white": white, "black": black} {
		if *name = strings.ToLower(*name); !slices.Contains(lab.PlayerNames, *name) {
			return fmt.Errorf("%w: --%s %q: want one of %s", errUsage, flagName, *name, strings.Join(lab.PlayerNames, ", "))
		}
	}
	if err := checkMoveTime(*movetime); err != nil {
		return err
	}
	if !(*info >= 0) { // NaN too
		return fmt.Errorf("%w: --info %g is not a utility of 0 or more", errUsage, *info)
	}
	perBit := *info
	if perBit == 0 {
		perBit = -1 // none: the bot's zero would take its default
	}
	if err := makeOutDir(*out); err != nil {
		return err
	}
	save := func(n int, ref *referee.Referee) error {
		return saveGame(*out, "krieg match", n, ref, peeking(*white, *peek), peeking(*black, *peek), g.seed)
	}
	stop, listened := stopOnInterrupt(stderr)
	defer listened()
	r, err := lab.Match(lab.MatchOptions{White: *white, Black: *black, Games: g.games, Stop: stop, Seed: g.seed,
		Rules: rules, Start: start, MoveTime: *movetime, Peek: *peek, Info: perBit}, save)
	if err != nil {
		return err
	}
	if err := printReport(stdout, *asJSON, r); err != nil {
		return err
	}
	return stoppedEarly(r.Games, r.Asked)
}

// peeking is the name a record gives player name when the bot peeks at
// weight w: a peeking bot's games are not to be taken for fair play.
func peeking(name string, w float64) string {
	if name != "bot" || w <= 0 {
		return name
	}
	return fmt.Sprintf("bot (peeking at %g)", w)
}
