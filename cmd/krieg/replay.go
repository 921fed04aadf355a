package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/krieg/krieg/cmd/internal/launch"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/lab"
)

func runReplay(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("replay", stderr)
	check := fs.Bool("check", false, "confirm every recorded announcement and failed attempt; exit non-zero at the first disagreement")
	rulesName := fs.String("rules", "", "ruleset (default: the record's Rules tag, else wild16)")
	text := fs.Bool("text", false, "print the replay as text instead of opening the board window")
	side := fs.String("side", "", "window: whose view to start with, white or black (default: yours in a game you played against the computer, else white)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("%w: want one FILE argument (a record, such as game.pgn)", errUsage)
	}
	if *side != "" {
		if _, err := parseSide(*side); err != nil {
			return fmt.Errorf("%w: --side %q: want white or black", errUsage, *side)
		}
	}
	name := fs.Arg(0)
	if err := recordArg("replay", name); err != nil {
		return err
	}
	if !*check && !*text {
		window := []string{"replay"}
		if *side != "" {
			window = append(window, "--side", *side)
		}
		if *rulesName != "" {
			window = append(window, "--rules", *rulesName)
		}
		return runWindow(append(window, name), nil, stdout, stderr)
	}
	rec, err := record.ReadFile(name)
	if err != nil {
		return err
	}
	rules, err := rulesOf(rec, *rulesName)
	if err != nil {
		return err
	}
	if *check {
		if err := record.Check(rec, rules); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		fmt.Fprintf(stdout, "%s: %s with the %s referee\n", name, lab.Count(len(rec.Plies), "ply agrees", "plies agree"), rules.Title)
		return nil
	}
	// A record the referee cannot replay to its end is refused before a
	// line of it is printed.
	if _, err := record.Replay(rec, rules, nil); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	warnDisagreement(stderr, "replay", name, rec, rules)
	ref, err := record.Replay(rec, rules, func(s record.Step) error {
		fmt.Fprintf(stdout, "\n%s\n", moveLabel(&s.Before, s.Ply.Move))
		record.InTurnOrder(len(s.Failed), s.Any != "", s.AnyAfter, func() error {
			said := referee.Announcement{Kind: referee.KindAnyAnswer, Has: s.Any == "yes"}
			fmt.Fprintf(stdout, "  asked Any? first: %s\n", said.Text(rules))
			return nil
		}, func(i int) error {
			fmt.Fprintf(stdout, "  tried %s first: %s\n", s.Failed[i], refusalWords(s.Refusals[i], rules))
			return nil
		})
		for _, a := range s.Answer.Announcements {
			if t := a.Text(rules); t != "" {
				fmt.Fprintf(stdout, "  %s\n", t)
			}
		}
		after := s.Before
		after.Apply(s.Ply.Move)
		fmt.Fprint(stdout, after.Diagram(false))
		return nil
	})
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	answer, after, _ := rec.TrailingAny() // replayed above: well formed
	trailing := rec.Trailing()
	record.InTurnOrder(len(trailing), answer != "", after, func() error {
		said := referee.Announcement{Kind: referee.KindAnyAnswer, Has: answer == "yes"}
		fmt.Fprintf(stdout, "\nasked Any? after the last move: %s\n", said.Text(rules))
		return nil
	}, func(i int) error {
		fmt.Fprintf(stdout, "\ntried %s after the last move: refused\n", trailing[i])
		return nil
	})
	res := referee.Result{Score: rec.Result, Reason: rec.Termination()}
	if r := ref.Result(); r != nil {
		res = *r
	}
	fmt.Fprintf(stdout, "\nResult: %s\n", res.Words())
	return nil
}

// refusalWords is what the referee told the mover of a refused attempt,
// in the words of rules ("Illegal move", "No", "Nonsense", "Hell, no").
func refusalWords(a referee.Answer, rules referee.Ruleset) string {
	for _, x := range a.Announcements {
		if t := x.Text(rules); t != "" {
			return t
		}
	}
	return "refused"
}

// recordArg refuses a record argument that is no file, in plain words: a
// folder (of selfplay's records, say) or nothing at all.
func recordArg(command, name string) error {
	if st, err := os.Stat(name); err == nil && st.IsDir() {
		return fmt.Errorf("%w: %s is a folder: krieg %s takes one record file (such as %s)", errUsage, name, command, filepath.Join(name, "game-0001.pgn"))
	}
	if err := launch.RecordFile(name); err != nil {
		return usage(err)
	}
	return nil
}

// warnDisagreement says on stderr where a record's announcements differ
// from the referee's, for the commands that show a record as the referee
// replays it: the record is shown all the same, and the reader knows which
// to believe.
func warnDisagreement(stderr io.Writer, command, name string, rec *record.Record, rules referee.Ruleset) {
	if err := record.Check(rec, rules); err != nil {
		fmt.Fprintf(stderr, "krieg %s: note: %s: %s\n", command, name, record.ShownAsReplayed(err))
	}
}

// rulesOf is the ruleset a record is replayed under: --rules when given
// (name), else the record's own.
func rulesOf(rec *record.Record, name string) (referee.Ruleset, error) {
	if name == "" {
		return rec.Rules()
	}
	rules, err := referee.RulesetByName(name)
	if err != nil {
		return rules, fmt.Errorf("%w: --rules: %v", errUsage, err)
	}
	return rules, nil
}
