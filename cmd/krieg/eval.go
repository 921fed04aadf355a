package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/krieg/krieg/controller/evaluation"
)

func runEval(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("eval", stderr)
	var g gameFlags
	g.register(fs)
	games := fs.Int("games", 100, "number of self-play games")
	seed := fs.Uint64("seed", 1, "random seed; the same seed gives the same games (as krieg selfplay)")
	capacity := fs.Int("boards", 0, "B2 boards held per player (default 4096)")
	parallel := fs.Int("parallel", 0, "games played at once (default: one per core)")
	asJSON := fs.Bool("json", false, "print one JSON object instead of the table")
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
	r := evaluation.Run(evaluation.Options{Games: *games, Seed: *seed, Rules: rules, Start: start,
		Capacity: *capacity, Parallel: *parallel})
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	}
	return r.WriteTable(stdout)
}
