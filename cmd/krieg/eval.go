package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/lab"
)

func runEval(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("eval", stderr)
	var g seriesFlags
	g.register(fs, 100, "number of self-play games")
	capacity := fs.Int("boards", 0, "B2 boards held per player (default 16384, the controllers' default)")
	parallel := fs.Int("parallel", 0, "games played at once (default: one per core)")
	asJSON := fs.Bool("json", false, "print one JSON object instead of the table")
	players := fs.String("players", "random", "who plays: "+strings.Join(lab.PlayerKinds, ", ")+
		" (bot: the computer player against itself; mixed: against a random attempter, colours alternating)")
	moveTime := fs.Duration("movetime", lab.DefaultMoveTime, "the computer player's budget per move")
	var pgn fileList
	fs.Var(&pgn, "pgn", "score this recorded game (extended PGN; a directory: its .pgn files) instead of playing; the files after the flags join it")
	floor := fs.Float64("floor", 0, "share of each class's probability spread evenly over the squares B1 allows (0: the default for the boards, 8% at 4096 shrinking as their square root; negative: none)")
	temper := fs.Float64("temper", 0, "power the king's B2 probabilities are raised to before the floor (0: the default, 0.95; negative: none)")
	purpose := fs.Float64("purpose", 0, "share, 0 to 1, of the purposeful opponent model in B2's weights of the enemy's moves (0: every legal move equally likely)")
	plot := fs.String("plot", "", "also draw the reliability diagram as a PNG to this file")
	side := fs.String("side", "", "measure only this player's belief, white or black (e.g. the side that faced an outside program in --pgn games)")
	rules, start, err := g.parse(fs, args)
	if err != nil {
		return err
	}
	opt := lab.Options{Games: g.games, Seed: g.seed, Rules: rules, Start: start,
		Capacity: *capacity, Parallel: *parallel, Players: *players, MoveTime: *moveTime, Floor: *floor, Temper: *temper, Purpose: *purpose, Side: *side}
	if len(pgn) > 0 {
		if opt.Records, opt.RecordNames, err = readRecords(append(pgn, fs.Args()...)); err != nil {
			return err
		}
	} else if fs.NArg() > 0 {
		return fmt.Errorf("%w: unexpected arguments %q (recorded games need --pgn)", errUsage, fs.Args())
	}
	r, err := lab.Run(opt)
	if err != nil {
		return err
	}
	if *plot != "" {
		if err := r.Honesty.Reliable.Plot(*plot); err != nil {
			return err
		}
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	}
	return r.WriteTable(stdout)
}

// fileList is a flag that may be given more than once.
type fileList []string

// String lists the files.
func (f *fileList) String() string { return strings.Join(*f, " ") }

// Set adds one file.
func (f *fileList) Set(v string) error {
	*f = append(*f, v)
	return nil
}

// readRecords reads the game in each named file, and in each .pgn file of
// the named directories, in order.
func readRecords(paths []string) ([]*record.Record, []string, error) {
	var recs []*record.Record
	var names []string
	for _, p := range paths {
		files := []string{p}
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			if files, err = filepath.Glob(filepath.Join(p, "*.pgn")); err != nil {
				return nil, nil, fmt.Errorf("listing %s: %w", p, err)
			}
			if len(files) == 0 {
				return nil, nil, fmt.Errorf("%s: no .pgn file", p)
			}
		}
		for _, f := range files {
			rec, err := readRecord(f)
			if err != nil {
				return nil, nil, err
			}
			recs, names = append(recs, rec), append(names, f)
		}
	}
	return recs, names, nil
}

// readRecord reads the game in one extended-PGN file.
func readRecord(path string) (*record.Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rec, err := record.Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return rec, nil
}
