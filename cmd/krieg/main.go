// Command krieg plays Kriegspiel and umpires it. Run "krieg help" for the subcommands.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"time"

	"github.com/krieg/krieg/cmd/internal/launch"
	"github.com/krieg/krieg/lab"
)

// command is one subcommand: its name, a one-line summary and its entry point.
type command struct {
	name    string
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) error
}

var commands []command

func init() {
	commands = []command{
		{"window", "open the board: a game against the computer (the default; --connect, --icc for a server, --kso for kriegspiel.org)", runWindow},
		{"play", "watch one random-vs-random game in the terminal", runPlay},
		{"perft", "count move-tree leaves: krieg perft [--fen FEN] [--divide] DEPTH", runPerft},
		{"referee", "umpire a game over stdin/stdout, one JSON object per line", runReferee},
		{"selfplay", "play games between random attempters and write their records", runSelfplay},
		{"replay", "step through a record in the board window (--text: as text; --check: against the referee)", runReplay},
		{"match", "play games between two players (bot, random, cheat) and print the score", runMatch},
		{"endgame", "play the bot through endgame studies: krieg endgame " + strings.Join(lab.Endgames, "|") + " [--defender cheat]", runEndgame},
		{"demo", "watch the deduction at work: the computer plays itself, three boards show what each side believes and the truth (krieg demo FILE: a record)", runDemo},
		{"render", "draw one ply of a record as a player saw it to a PNG: krieg render --pgn FILE --ply N --side white -o board.png", runRender},
		{"eval", "measure the deduction engine over self-play games", runEval},
		{"console", "play on an ICC-speaking server (--connect, --icc), on kriegspiel.org (--kso) or the local computer, in the terminal", runConsole},
		{"bot", "run the computer player as a kriegspiel.org bot: krieg bot --kso --token-file FILE (--register NAME --email ADDR once)", runBot},
		{"icc-dump", "print what the ICC parser reads from a capture on stdin, one JSON object per line", runICCDump},
		{"help", "list the subcommands", runHelp},
	}
}

// errUsage marks a command-line mistake (exit status 2).
var errUsage = errors.New("usage")

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches to a subcommand and returns the exit status. What it
// writes goes out without terminal controls (launch.TermSafe).
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	stdout, stderr = launch.TermSafe(stdout), launch.TermSafe(stderr)
	name := "window"
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		name, args = args[0], args[1:]
	}
	for _, c := range commands {
		if c.name == name {
			err := c.run(args, stdin, stdout, stderr)
			switch {
			case err == nil:
				return 0
			case errors.Is(err, flag.ErrHelp):
				return 0
			case errors.Is(err, errUsage):
				// The exit status says it was the command line; the words
				// say what was wrong, without a label that reads as a fault.
				fmt.Fprintf(stderr, "krieg %s: %s\n", name, launch.PlainWords(strings.TrimPrefix(err.Error(), errUsage.Error()+": ")))
				return 2
			case errors.Is(err, errWindowStopped):
				return 130
			case errors.Is(err, errWindowSaid):
				return 1
			case errors.Is(err, errStopped):
				fmt.Fprintf(stderr, "krieg %s: %v\n", name, err)
				return 130 // as a shell reports a program ended by Ctrl-C
			}
			fmt.Fprintf(stderr, "krieg %s: %s\n", name, launch.PlainWords(err.Error()))
			return 1
		}
	}
	fmt.Fprintf(stderr, "krieg: unknown command %q\n", name)
	_ = runHelp(nil, stdin, stderr, stderr)
	return 2
}

// newFlags returns a flag set that reports errors instead of exiting.
func newFlags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("krieg "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

// parseFlags parses args, flags before or after the arguments (krieg
// replay game.pgn --text), turning flag errors into usage errors.
func parseFlags(fs *flag.FlagSet, args []string) error {
	err := launch.ParseInterspersed(fs, args, parseOnce)
	if err != nil && !errors.Is(err, flag.ErrHelp) {
		return fmt.Errorf("%w: %v%s", errUsage, err, durationHint(fs, err))
	}
	return err
}

// badFlagValue names the flag of the flag package's "invalid value" error.
var badFlagValue = regexp.MustCompile(`invalid value ".*" for flag -([^:]+): parse error`)

// durationHint is what a duration flag's parse error leaves out: its unit
// ("--movetime 5" was refused with a bare "parse error").
func durationHint(fs *flag.FlagSet, err error) string {
	m := badFlagValue.FindStringSubmatch(err.Error())
	if m == nil {
		return ""
	}
	if f := fs.Lookup(m[1]); f != nil {
		if g, ok := f.Value.(flag.Getter); ok {
			if _, isDuration := g.Get().(time.Duration); isDuration {
				return " (a time needs its unit, such as 500ms, 2s or 1m)"
			}
		}
	}
	return ""
}

// parseOnce parses args. On a mistake the flag package writes the error
// and then the usage; the error is left out here, as run says it once the
// command returns, and so is the usage of a command with no flags.
func parseOnce(fs *flag.FlagSet, args []string) error {
	text, err := launch.ParseHeld(fs, args)
	if err != nil && !errors.Is(err, flag.ErrHelp) {
		text = strings.TrimPrefix(text, err.Error()+"\n")
		if strings.HasPrefix(err.Error(), "invalid value") {
			// A known flag with a bad value: its one line says what is
			// wrong, and the usage would bury it.
			text = ""
		}
		flags := 0
		fs.VisitAll(func(*flag.Flag) { flags++ })
		if flags == 0 {
			text = ""
		}
	}
	io.WriteString(fs.Output(), text)
	return err
}
