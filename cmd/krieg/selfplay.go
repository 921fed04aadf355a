package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game/attempter"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/lab"
)

func runSelfplay(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("selfplay", stderr)
	var g seriesFlags
	g.register(fs, 1, "number of games")
	out := fs.String("out", "", "directory to write one record per game (game-0001.pgn, ...)")
	trace := fs.String("trace", "", "file to write each player's B1 belief after every ply, one JSON line each")
	rules, start, err := g.parse(fs, args)
	if err != nil {
		return err
	}
	if err := noArgs(fs); err != nil {
		return err
	}
	if err := makeOutDir(*out); err != nil {
		return err
	}
	var traceOut *bufio.Writer
	if *trace != "" {
		f, err := os.Create(*trace)
		if err != nil {
			return fmt.Errorf("creating trace: %w", err)
		}
		defer f.Close()
		traceOut = bufio.NewWriter(f)
	}
	stop, listened := stopOnInterrupt(stderr)
	defer listened()
	scores := map[string]int{}
	played := 0 // the games played: the loop stops early only on Ctrl-C
	for ; played < g.games && !stop.Now(); played++ {
		i := played
		s := lab.GameSeed(g.seed, i)
		var ref *referee.Referee
		if traceOut == nil {
			ref = attempter.Play(referee.New(rules, start), attempter.NewRandom(s), attempter.NewRandom(s+1))
		} else {
			var traceErr error
			ref, _ = lab.PlayGame(i, s, rules, start, controller.Options{BeliefOnly: true}, func(p *lab.Ply) {
				if traceErr == nil {
					traceErr = lab.WriteTrace(traceOut, p)
				}
			})
			if traceErr != nil {
				return traceErr
			}
		}
		res := ref.Result()
		// In the words play and the window use, not the record's tags.
		scores[res.Words()]++
		fmt.Fprintf(stdout, "game %d: %s, after %d plies\n", i+1, res.Words(), ref.Plies())
		if err := saveGame(*out, "krieg selfplay", i, ref, "random", "random", g.seed); err != nil {
			return err
		}
	}
	if traceOut != nil {
		if err := traceOut.Flush(); err != nil {
			return fmt.Errorf("writing trace: %w", err)
		}
	}
	asked := 0
	if played < g.games {
		asked = g.games
	}
	fmt.Fprint(stdout, lab.StoppedNote(played, asked))
	var tally []string
	for _, k := range slices.Sorted(maps.Keys(scores)) {
		tally = append(tally, fmt.Sprintf("%s ×%d", k, scores[k]))
	}
	fmt.Fprintf(stdout, "%s: %s\n", lab.Count(played, "game", "games"), strings.Join(tally, "; "))
	return stoppedEarly(played, asked)
}

// makeOutDir creates the records' directory, if one was asked for.
func makeOutDir(dir string) error {
	if dir == "" {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("creating %s: %w", dir, err)
	}
	return nil
}

// saveGame writes game n's record to dir as game-NNNN.pgn (nothing when dir is empty).
func saveGame(dir, event string, n int, ref *referee.Referee, white, black string, seed uint64) error {
	if dir == "" {
		return nil
	}
	rec, err := record.FromReferee(ref, []record.Tag{
		{Key: "Event", Value: event + " " + ref.Rules().Name}, {Key: "Site", Value: "krieg"},
		{Key: "Round", Value: fmt.Sprint(n + 1)}, {Key: "White", Value: white}, {Key: "Black", Value: black},
		{Key: "Seed", Value: fmt.Sprint(seed)},
	})
	if err != nil {
		return err
	}
	return writeRecord(filepath.Join(dir, fmt.Sprintf("game-%04d.pgn", n+1)), rec)
}

// writeRecord writes rec to path through a temporary file, so a failure leaves nothing behind.
func writeRecord(path string, rec *record.Record) error {
	var buf bytes.Buffer
	if err := record.Write(&buf, rec); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}
