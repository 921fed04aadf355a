package main

import (
	"encoding/json"
	"fmt"
	"github.com/krieg/krieg/cmd/internal/launch"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/lab"
)

func runEval(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("eval", stderr)
	var g seriesFlags
	g.register(fs, 100, "number of self-play games")
	capacity := fs.Int("boards", lab.DefaultCapacity, "B2 boards held per player")
	parallel := fs.Int("parallel", 0, "games played at once (0: one per core)")
	asJSON := fs.Bool("json", false, "print one JSON object instead of the table")
	players := fs.String("players", "random", "who plays: "+strings.Join(lab.PlayerKinds, ", ")+
		" (bot: the computer player against itself; mixed: against a random attempter, colours alternating)")
	moveTime := fs.Duration("movetime", lab.DefaultMoveTime, "the computer player's budget per move")
	var pgn fileList
	fs.Var(&pgn, "pgn", "score this recorded game (extended PGN; a directory: its .pgn files) instead of playing; the files after the flags join it")
	floor := fs.Float64("floor", 0, "share of each class's probability spread evenly over the squares B1 allows (0: the default for the boards, 8% at 4096 shrinking as their square root; negative: none)")
	temper := fs.Float64("temper", 0, "power the king's B2 probabilities are raised to before the floor (0: the default, from 1 against a blind enemy to 0.6 against a purposeful one, by how the enemy has played; negative: none)")
	manFirst := fs.Bool("man-first", false, "weigh the enemy's moves in B2 as by a player who picks one of its men that can move, then one of its moves, instead of every legal move alike")
	purpose := fs.Float64("purpose", 0, "share, 0 to 1, of the purposeful opponent model in B2's weights of the enemy's moves (0: every legal move equally likely)")
	plot := fs.String("plot", "", "also draw the reliability diagram as a PNG to this file")
	scanTempers := fs.String("scan-temper", "", "also score these powers of the king's B2 probabilities on the same boards, comma-separated (1: none; 1:0.6 follows the enemy's play, from 1 against a blind enemy to 0.6 against a purposeful one)")
	scanFloors := fs.String("scan-floor", "", "with --scan-temper: the floors to pair with each power, comma-separated (default: the run's floor)")
	side := fs.String("side", "", "measure only this player's belief, white or black (e.g. the side that faced an outside program in --pgn games)")
	rules, start, err := g.parse(fs, args)
	if err != nil {
		return err
	}
	if *manFirst && *purpose > 0 {
		return fmt.Errorf("%w: --man-first stands in for the uniform opponent model and takes no --purpose", errUsage)
	}
	if *players = strings.ToLower(*players); !slices.Contains(lab.PlayerKinds, *players) {
		return fmt.Errorf("%w: --players %q: want one of %s", errUsage, *players, strings.Join(lab.PlayerKinds, ", "))
	}
	if *side = strings.ToLower(*side); *side != "" && *side != "white" && *side != "black" {
		return fmt.Errorf("%w: --side %q: want white or black", errUsage, *side)
	}
	if err := usage(launch.CheckBoards(*capacity, false)); err != nil {
		return err
	}
	if *floor >= 1 {
		return fmt.Errorf("%w: --floor %v: want a share below 1 (0: the default; negative: none)", errUsage, *floor)
	}
	if *purpose < 0 || *purpose > 1 {
		return fmt.Errorf("%w: --purpose %v: want a share from 0 to 1", errUsage, *purpose)
	}
	if *parallel < 0 {
		return fmt.Errorf("%w: --parallel %d: want 0 (one game per core) or more", errUsage, *parallel)
	}
	if err := checkMoveTime(*moveTime); err != nil {
		return err
	}
	if *plot != "" {
		if err := lab.CheckPlotPath(*plot); err != nil {
			return err
		}
	}
	stop, listened := stopOnInterrupt(stderr)
	defer listened()
	opt := lab.Options{Games: g.games, Stop: stop, Seed: g.seed, Rules: rules, Start: start,
		Capacity: *capacity, Parallel: *parallel, Players: *players, MoveTime: *moveTime, Floor: *floor, Temper: *temper, Purpose: *purpose, ManFirst: *manFirst, Side: *side}
	if opt.Scan, err = scanGrid(*scanTempers, *scanFloors, opt); err != nil {
		return err
	}
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
	return finishEval(stdout, r, *asJSON, *plot)
}

// finishEval prints the report (indented JSON with asJSON, else the table),
// then draws the plot if one is asked for: a plot that fails at the end of a
// long run must not take the report with it.
func finishEval(w io.Writer, r lab.Report, asJSON bool, plot string) error {
	var err error
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		err = enc.Encode(r)
	} else {
		err = r.WriteTable(w)
	}
	if err == nil && plot != "" {
		err = r.Honesty.Reliable.Plot(plot)
	}
	if err != nil {
		return err
	}
	return stoppedEarly(r.Games, r.Asked)
}

// scanGrid returns the calibrations --scan-temper and --scan-floor ask
// for: every power with every floor, the run's own floor when none is given.
func scanGrid(tempers, floors string, opt lab.Options) ([]lab.Calibration, error) {
	if tempers == "" {
		if floors != "" {
			return nil, fmt.Errorf("%w: --scan-floor needs --scan-temper", errUsage)
		}
		return nil, nil
	}
	ts, err := powerList(tempers)
	if err != nil {
		return nil, err
	}
	fl := []float64{max(0, opt.Floor)}
	if opt.Floor == 0 {
		capacity := opt.Capacity
		if capacity <= 0 {
			capacity = lab.DefaultCapacity
		}
		fl[0] = controller.FloorFor(capacity)
	}
	if floors != "" {
		if fl, err = floatList("--scan-floor", floors, "floors from 0 to below 1, comma-separated, such as 0.04,0.08"); err != nil {
			return nil, err
		}
	}
	for _, f := range fl {
		if f < 0 || f >= 1 {
			return nil, fmt.Errorf("%w: --scan-floor %v: a floor is from 0 to below 1", errUsage, f)
		}
	}
	return lab.Grid(ts, fl), nil
}

// powerList parses --scan-temper's list: each a power above 0, or two
// joined by a colon ("1:0.6"), the power following the enemy's play from
// the first against a blind enemy to the second against a purposeful one.
func powerList(list string) ([]lab.Calibration, error) {
	const want = "powers above 0, comma-separated, such as 1,0.9,1:0.6"
	var out []lab.Calibration
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		ends := strings.Split(item, ":")
		if len(ends) > 2 {
			return nil, fmt.Errorf("%w: --scan-temper %s: %q joins more than two powers; want %s", errUsage, list, item, want)
		}
		var xs []float64
		for _, end := range ends {
			end = strings.TrimSpace(end)
			if end == "" && len(ends) == 2 {
				return nil, fmt.Errorf("%w: --scan-temper %s: %q lacks a power on one side of its colon; want %s", errUsage, list, item, want)
			}
			x, err := number("--scan-temper", list, end, want)
			if err != nil {
				return nil, err
			}
			if !(x > 0) || math.IsInf(x, 0) {
				return nil, fmt.Errorf("%w: --scan-temper %s: %q is not a power above 0; want %s", errUsage, list, end, want)
			}
			xs = append(xs, x)
		}
		c := lab.Calibration{Temper: xs[0]}
		if len(xs) == 2 {
			c.Sighted = xs[1]
		}
		out = append(out, c)
	}
	return out, nil
}

// floatList parses a comma-separated list of numbers given to flag; want
// says what the flag takes, for the error.
func floatList(flag, list, want string) ([]float64, error) {
	var out []float64
	for _, f := range strings.Split(list, ",") {
		x, err := number(flag, list, strings.TrimSpace(f), want)
		if err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	return out, nil
}

// number parses item, one number of the list given to flag; want says what
// the flag takes, for the error.
func number(flag, list, item, want string) (float64, error) {
	x, err := strconv.ParseFloat(item, 64)
	if err != nil {
		return 0, fmt.Errorf("%w: %s %s: %q is not a number; want %s", errUsage, flag, list, item, want)
	}
	return x, nil
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
			rec, err := record.ReadFile(f)
			if err != nil {
				return nil, nil, err
			}
			recs, names = append(recs, rec), append(names, f)
		}
	}
	return recs, names, nil
}
