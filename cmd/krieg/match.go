package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/krieg/krieg/controller/evaluation"
	"github.com/krieg/krieg/game/record"
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
	if *out != "" {
		if err := os.MkdirAll(*out, 0o755); err != nil {
			return fmt.Errorf("creating %s: %w", *out, err)
		}
	}
	save := func(n int, ref *referee.Referee) error {
		if *out == "" {
			return nil
		}
		rec, err := record.FromReferee(ref, []record.Tag{
			{Key: "Event", Value: "krieg match " + rules.Name}, {Key: "Site", Value: "krieg"},
			{Key: "Round", Value: fmt.Sprint(n + 1)}, {Key: "White", Value: *white}, {Key: "Black", Value: *black},
			{Key: "Seed", Value: fmt.Sprint(*seed)},
		})
		if err != nil {
			return err
		}
		return writeRecord(filepath.Join(*out, fmt.Sprintf("game-%04d.pgn", n+1)), rec)
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
