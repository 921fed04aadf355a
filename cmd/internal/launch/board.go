package launch

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/krieg/krieg/controller/player"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/sprites/scene"
)

// BoardMode is what the board window shows.
type BoardMode uint8

// The board window's modes.
const (
	PlayMode   BoardMode = iota // a game against the computer, or on a server
	ReplayMode                  // krieg replay FILE: step through a record
	DemoMode                    // krieg demo [FILE]: the deduction shown on three boards
)

// Board is the board window's command line, read and checked. `krieg`
// reads it before it looks for a display, so a mistake or --help is
// answered without one; krieg-board reads the same.
type Board struct {
	Mode     BoardMode
	Flags    Flags
	KSO      KSO
	Capacity int // boards the deduction engine holds (0: its default)
	// ChoiceFlags: which of --side, --time, --opponent and --rules were
	// given.
	ChoiceFlags scene.ChoiceFields
	// Replay and demo: the record (empty: the demo plays games itself),
	// the ruleset and, for the replay, whose view it starts with.
	File  string
	Rules string
	Side  string
	// Demo: the time between two steps, and the computer's time per move
	// when it plays itself.
	Step     time.Duration
	MoveTime time.Duration
	Seed     uint64
}

// ParseBoard reads the board window's arguments: game flags, or "replay"
// or "demo" and theirs. A mistake wraps ErrUsage; --help returns
// flag.ErrHelp after printing the flags to stderr.
func ParseBoard(args []string, stderr io.Writer) (*Board, error) {
	b := &Board{}
	if len(args) > 0 && (args[0] == "replay" || args[0] == "demo") {
		return b, b.parseRecordMode(args[0], args[1:], stderr)
	}
	fs := flag.NewFlagSet("krieg", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, "krieg: play Kriegspiel, chess in the dark, in a board window: against the computer,\n"+
			"or on a server with --connect, --icc or --kso. `krieg help` lists the other commands\n"+
			"(console, replay, demo, eval, ...).\n\nUsage: krieg [flags]\n")
		fs.PrintDefaults()
	}
	b.Flags.Register(fs)
	b.KSO.Register(fs)
	fs.IntVar(&b.Capacity, "boards", 0, "boards the deduction engine holds (0: its default)")
	if err := parse(fs, args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("%w: unexpected %q (krieg help lists the subcommands)", ErrUsage, fs.Arg(0))
	}
	if err := OneServer(&b.Flags, &b.KSO); err != nil {
		return nil, err
	}
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "side":
			b.ChoiceFlags |= scene.ChoiceSide
		case "time":
			b.ChoiceFlags |= scene.ChoiceTime
		case "opponent":
			b.ChoiceFlags |= scene.ChoiceOpponent
		case "rules":
			b.ChoiceFlags |= scene.ChoiceRules
		}
	})
	b.Flags.Side, b.Flags.Opponent = strings.ToLower(b.Flags.Side), strings.ToLower(b.Flags.Opponent)
	if _, err := b.Flags.Spec(); err != nil {
		return nil, err
	}
	if b.Flags.Opponent != "bot" && b.Flags.Opponent != "random" {
		return nil, fmt.Errorf("%w: --opponent %q: want bot or random", ErrUsage, b.Flags.Opponent)
	}
	if err := CheckMoveTime(b.Flags.MoveTime); err != nil {
		return nil, err
	}
	if err := CheckBoards(b.Capacity, true); err != nil {
		return nil, err
	}
	return b, nil
}

// parseRecordMode reads the flags of "replay FILE" or "demo [FILE]".
func (b *Board) parseRecordMode(mode string, args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("krieg "+mode, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&b.Rules, "rules", "", "ruleset (a record: default its Rules tag, else wild16; the demo's own games: wild16)")
	fs.IntVar(&b.Capacity, "boards", 0, "boards the deduction engine holds (0: its default)")
	if mode == "replay" {
		b.Mode = ReplayMode
		fs.StringVar(&b.Side, "side", "", "whose view to start with: white or black (default: yours in a game you played against the computer, else white)")
	} else {
		b.Mode = DemoMode
		fs.DurationVar(&b.Step, "step", 1500*time.Millisecond, "time between two steps (+ and - change it in the window)")
		fs.DurationVar(&b.MoveTime, "movetime", 300*time.Millisecond, "the computer's time per move when it plays itself")
		fs.Uint64Var(&b.Seed, "seed", 0, "the computer's seed when it plays itself (0: a new one each run)")
	}
	if err := parse(fs, args); err != nil {
		return err
	}
	b.Side = strings.ToLower(b.Side)
	if b.Rules != "" {
		if _, err := referee.RulesetByName(b.Rules); err != nil {
			return fmt.Errorf("%w: --rules: %v", ErrUsage, err)
		}
	}
	switch {
	case mode == "replay" && fs.NArg() != 1:
		return fmt.Errorf("%w: want one FILE argument", ErrUsage)
	case fs.NArg() > 1:
		return fmt.Errorf("%w: want at most one FILE argument", ErrUsage)
	case b.Side != "" && b.Side != "white" && b.Side != "black":
		return fmt.Errorf("%w: --side %q: want white or black", ErrUsage, b.Side)
	case b.Step < 0 || b.MoveTime < 0:
		return fmt.Errorf("%w: --step and --movetime must be positive", ErrUsage)
	}
	if err := CheckBoards(b.Capacity, true); err != nil {
		return err
	}
	if b.MoveTime == 0 {
		b.MoveTime = player.DefaultMoveTime
	}
	b.File = fs.Arg(0)
	if b.File != "" {
		if err := RecordFile(b.File); err != nil {
			return err
		}
	}
	return nil
}

// parse parses args, a mistake wrapping ErrUsage.
func parse(fs *flag.FlagSet, args []string) error {
	err := fs.Parse(args)
	if err == nil || errors.Is(err, flag.ErrHelp) {
		return err
	}
	return fmt.Errorf("%w: %v", ErrUsage, err)
}

// RecordFile checks that name is a record file one can read, before
// anything else is done: a missing or unreadable one is a usage error
// naming it in plain words.
func RecordFile(name string) error {
	st, err := os.Stat(name)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("%w: no record at %s: no such file", ErrUsage, name)
	case err != nil:
		return fmt.Errorf("%w: the record %s: %v", ErrUsage, name, errors.Unwrap(err))
	case st.IsDir():
		return fmt.Errorf("%w: %s is a folder, not a record file", ErrUsage, name)
	}
	return nil
}
