package main

import (
	"encoding/json"
	"io"

	"github.com/krieg/krieg/controller/evaluation"
)

func runEval(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("eval", stderr)
	var g seriesFlags
	g.register(fs, 100, "number of self-play games")
	capacity := fs.Int("boards", 0, "B2 boards held per player (default 4096)")
	parallel := fs.Int("parallel", 0, "games played at once (default: one per core)")
	asJSON := fs.Bool("json", false, "print one JSON object instead of the table")
	rules, start, err := g.parse(fs, args)
	if err != nil {
		return err
	}
	r := evaluation.Run(evaluation.Options{Games: g.games, Seed: g.seed, Rules: rules, Start: start,
		Capacity: *capacity, Parallel: *parallel})
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	}
	return r.WriteTable(stdout)
}
