package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/krieg/krieg/controller/evaluation"
	"github.com/krieg/krieg/game/referee"
)

// runMatch plays games between two named players and prints the score.
func runMatch(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("match", stderr)
	var g gameFlags
	g.register(fs)
	white := fs.String("white", "random", "White's player: random or cheat (sees the whole board)")
	black := fs.String("black", "cheat", "Black's player: random or cheat")
	games := fs.Int("games", 10, "number of games")
	seed := fs.Uint64("seed", 1, "random seed; the same seed gives the same games")
	asJSON := fs.Bool("json", false, "print one JSON object instead of the table")
	out := fs.String("out", "", "directory to write one record per game (game-0001.pgn, ...)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *games < 1 {
		return fmt.Errorf("%w: --games must be at least 1", errUsage)
	}
	rules, start, err := g.resolve()
	if err != nil {
		return err
	}
	if err := makeOutDir(*out); err != nil {
		return err
	}
	save := func(n int, ref *referee.Referee) error {
		return saveGame(*out, "krieg match", n, ref, *white, *black, *seed)
	}
	r, err := evaluation.Match(evaluation.MatchOptions{White: *white, Black: *black, Games: *games, Seed: *seed,
		Rules: rules, Start: start}, save)
	if err != nil {
		return err
	}
	if *asJSON {
		return json.NewEncoder(stdout).Encode(r)
	}
	_, err = fmt.Fprint(stdout, r)
	return err
}
