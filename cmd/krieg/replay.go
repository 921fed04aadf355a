package main

import (
	"cmp"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/krieg/krieg/cmd/internal/launch"
	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/controller/timeline"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/lab"
)

func runReplay(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("replay", stderr)
	check := fs.Bool("check", false, "confirm every recorded announcement and failed attempt; exit non-zero at the first disagreement")
	rulesName := fs.String("rules", "", "ruleset (default: the record's Rules tag, else wild16)")
	text := fs.Bool("text", false, "print the replay as text instead of opening the board window")
	side := fs.String("side", "", "whose view: white or black (the window starts with it, default: yours in a game you played against the computer, else white; --text prints only what that side saw, default: everything)")
	guesses := fs.Bool("guesses", false, "with --text and --side: after each ply, also the assistant's guesses of where the enemy's men stand")
	boards := fs.Int("boards", controller.DefaultCapacity, "with --guesses: the assistant's sampled boards")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *guesses && (!*text || *side == "") {
		return fmt.Errorf("%w: --guesses shows one side's guesses as text: give --text and --side too", errUsage)
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("%w: want one FILE argument (a record, such as game.pgn)", errUsage)
	}
	var viewer *game.Color
	if *side != "" {
		c, err := parseSide(*side)
		if err != nil {
			return fmt.Errorf("%w: --side %q: want white or black", errUsage, *side)
		}
		viewer = &c
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
	var tl *timeline.Timeline
	if *guesses {
		if tl, err = timeline.Build(rec, rules, timeline.Options{Controller: controller.Options{Capacity: max(1, *boards)}}); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	fmt.Fprintf(stdout, "%s\n", replayHeader(rec, rules, viewer))
	// hears reports whether the viewer heard a (everyone, with no viewer).
	hears := func(a referee.Announcement) bool {
		return viewer == nil || a.To == referee.Everyone || a.To == referee.OnlyTo(*viewer)
	}
	ref, err := record.Replay(rec, rules, func(s record.Step) error {
		mover := s.Before.Turn()
		hidden := viewer != nil && *viewer != mover // the opponent's moves are secret
		if hidden {
			fmt.Fprintf(stdout, "\n%s\n", record.MoveLabel(&s.Before, "?"))
		} else {
			fmt.Fprintf(stdout, "\n%s\n", moveLabel(&s.Before, s.Ply.Move))
		}
		record.InTurnOrder(len(s.Failed), s.Any != "", s.AnyAfter, func() error {
			said := referee.Announcement{Kind: referee.KindAnyAnswer, Has: s.Any == "yes"}
			fmt.Fprintf(stdout, "  asked Any? first: %s\n", said.Text(rules))
			return nil
		}, func(i int) error {
			switch {
			case !hidden:
				fmt.Fprintf(stdout, "  tried %s first: %s\n", s.Failed[i], refusalWords(s.Refusals[i], rules))
			case slices.ContainsFunc(s.Refusals[i].Announcements, hears):
				fmt.Fprintf(stdout, "  tried a move first: %s\n", refusalWords(s.Refusals[i], rules))
			}
			return nil
		})
		// The game's last move names nobody to move.
		last := slices.ContainsFunc(s.Answer.Announcements, func(a referee.Announcement) bool { return a.Kind == referee.KindGameOver })
		for _, a := range s.Answer.Announcements {
			if last && a.Kind == referee.KindMoved {
				continue
			}
			if t := a.Text(rules); t != "" && hears(a) {
				fmt.Fprintf(stdout, "  %s\n", t)
			}
		}
		after := s.Before
		after.Apply(s.Ply.Move)
		if viewer != nil {
			after = after.Only(*viewer)
		}
		if tl != nil {
			v, _, _ := tl.At(s.Index+1, *viewer)
			fmt.Fprint(stdout, guessBoard(&after, &v, *viewer))
			return nil
		}
		fmt.Fprint(stdout, after.Diagram(viewer != nil && *viewer == game.Black))
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
		switch {
		case viewer == nil || *viewer == ref.ToMove():
			fmt.Fprintf(stdout, "\ntried %s after the last move: refused\n", trailing[i])
		case rules.IllegalPublic:
			fmt.Fprintf(stdout, "\ntried a move after the last move: refused\n")
		}
		return nil
	})
	res := referee.Result{Score: rec.Result, Reason: rec.Termination()}
	if r := ref.Result(); r != nil {
		res = *r
	}
	fmt.Fprintf(stdout, "\nResult: %s\n", res.Words())
	return nil
}

// replayHeader is the first line of replay --text: who played whom, under
// which rules, when, and whose view follows.
func replayHeader(rec *record.Record, rules referee.Ruleset, viewer *game.Color) string {
	h := fmt.Sprintf("%s vs %s, %s", cmp.Or(rec.Tag("White"), "?"), cmp.Or(rec.Tag("Black"), "?"), rules.Title)
	if d := rec.Tag("Date"); d != "" && !strings.Contains(d, "?") {
		h += ", " + d
	}
	if viewer != nil {
		return h + ": as " + viewer.String() + " saw it"
	}
	return h + ": the whole game"
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
