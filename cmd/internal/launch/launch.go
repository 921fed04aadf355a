// Package launch holds what the terminal console (cmd/krieg) and the board
// window (cmd/krieg-board) share to start a game: reading the game flags,
// making the computer opponent, and the ICC endpoint's options.
package launch

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/term"
	"golang.org/x/text/unicode/norm"

	"github.com/krieg/krieg/controller/player"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/attempter"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/icc"
	"github.com/krieg/krieg/net/local"
)

// ErrUsage marks a mistake on the command line.
var ErrUsage = errors.New("usage")

// Flags are the flags of a game against the computer or on a server.
type Flags struct {
	Addr     string
	TLSCA    string
	ICC      bool
	User     string
	Patterns string
	Seed     uint64
	Side     string
	Time     string
	Opponent string
	MoveTime time.Duration
	Rules    string
	SaveDir  string
	// SeatDir keeps a guest's seat on a kriegd left during a game (seat.go);
	// "" keeps none. Set by the program, not a flag.
	SeatDir string
}

// Register adds the flags to fs.
func (f *Flags) Register(fs *flag.FlagSet) {
	fs.StringVar(&f.Addr, "connect", "", "an ICC-speaking server: host:port, or tls://host:port for a kriegd with TLS")
	fs.StringVar(&f.TLSCA, "tls-ca", "", "with --connect tls://...: trust the certificate (or CA) in this PEM file instead of the system's")
	fs.BoolVar(&f.ICC, "icc", false, "the Internet Chess Club (chessclub.com:5000)")
	fs.StringVar(&f.User, "user", "", "log in as this registered name (the password is asked, never echoed); default: guest")
	fs.StringVar(&f.Patterns, "icc-patterns", "", "extra ICC announcement patterns (see net/icc/announcements.txt)")
	fs.Uint64Var(&f.Seed, "seed", 0, "local: the computer's seed, to play the same game again (0: a new one each run)")
	fs.StringVar(&f.Side, "side", "white", "local: your side, white, black or random")
	fs.StringVar(&f.Time, "time", "5+3", "local: time control, minutes+increment seconds, or none (no clock)")
	fs.StringVar(&f.Opponent, "opponent", "bot", "local: who plays the other side: bot (the computer player) or random (random moves)")
	fs.DurationVar(&f.MoveTime, "movetime", player.DefaultMoveTime, "local: the computer's time per move (its budget, and it answers no sooner)")
	fs.StringVar(&f.Rules, "rules", "wild16", "local: the ruleset (wild16, berkeley, berkeley-any, cincinnati, english, rand, open)")
	fs.StringVar(&f.SaveDir, "save", DefaultSaveDir(), "save each finished game's record in this folder: local games, kriegd's and kriegspiel.org's (empty: do not save)")
}

// Remote reports whether the flags ask for a server.
func (f *Flags) Remote() bool { return f.Addr != "" || f.ICC }

// Spec reads the local game's rules, side and time control.
func (f *Flags) Spec() (net.GameSpec, error) {
	rules, err := referee.RulesetByName(f.Rules)
	if err != nil {
		return net.GameSpec{}, fmt.Errorf("%w: --rules: %v", ErrUsage, err)
	}
	spec := net.GameSpec{Rules: rules, Start: game.Start()}
	switch strings.ToLower(f.Side) {
	case "white", "w":
	case "black", "b":
		spec.Side = game.Black
	case "random":
		spec.AnySide = true
	default:
		return spec, fmt.Errorf("%w: --side %q: want white, black or random", ErrUsage, f.Side)
	}
	if slices.Contains(Untimed, strings.ToLower(strings.TrimSpace(f.Time))) {
		return spec, nil // no clock: Base and Increment 0
	}
	// Minutes and seconds may be fractions (1.5+0), as kriegd takes them.
	b, i, ok := strings.Cut(f.Time, "+")
	base, errB := strconv.ParseFloat(b, 64)
	inc, errI := strconv.ParseFloat(i, 64)
	if !ok || errB != nil || errI != nil || !(base >= 0 && base <= maxClock) || !(inc >= 0 && inc <= maxClock) || base+inc == 0 {
		return spec, fmt.Errorf("%w: --time %q: want minutes+increment, such as 5+3 or 1.5+0, or none for no clock", ErrUsage, f.Time)
	}
	spec.Base = (time.Duration(base * float64(time.Minute))).Round(time.Millisecond)
	spec.Increment = (time.Duration(inc * float64(time.Second))).Round(time.Millisecond)
	return spec, nil
}

// Untimed are the --time values of a game without a clock; the first is
// how the new-game screen names it.
var Untimed = []string{"no clock", "none", "unlimited", "-", "0+0"}

// maxClock bounds the numbers --time takes before the game's own limits
// (local.CheckClock) judge them: past it a duration would overflow.
const maxClock = 1e6

// MaxMoveTime is the longest budget per move a command accepts: past it a
// game of a few hundred plies would take days.
const MaxMoveTime = time.Hour

// MaxBoards bounds --boards at 64 times the assistant's default, far past
// what any measurement uses; a million boards already take gigabytes.
const MaxBoards = 1 << 20

// CheckBoards refuses a --boards the deduction cannot hold; 0 asks for the
// default where zeroOK.
func CheckBoards(n int, zeroOK bool) error {
	if (n == 0 && zeroOK) || (n >= 1 && n <= MaxBoards) {
		return nil
	}
	if zeroOK {
		return fmt.Errorf("%w: --boards %d: want 0 (the default) or 1 to %d", ErrUsage, n, MaxBoards)
	}
	return fmt.Errorf("%w: --boards %d: want 1 to %d", ErrUsage, n, MaxBoards)
}

// CheckMoveTime refuses a --movetime the computer player cannot use; every
// command that takes one says it in these words.
func CheckMoveTime(d time.Duration) error {
	if d <= 0 || d > MaxMoveTime {
		return fmt.Errorf("%w: --movetime %v: want more than 0, at most 1h", ErrUsage, d)
	}
	return nil
}

// Local makes the local endpoint against the chosen computer opponent.
func (f *Flags) Local() (*local.Endpoint, error) {
	if err := CheckMoveTime(f.MoveTime); err != nil {
		return nil, err
	}
	if f.Seed == 0 {
		f.Seed = uint64(time.Now().UnixNano()) // a new game each run, kept in f for a resumption
	}
	var opp local.Opponent
	name := "computer"
	switch strings.ToLower(f.Opponent) {
	case "bot":
		opp = player.New(player.Options{MoveTime: f.MoveTime, Seed: f.Seed})
	case "random":
		opp, name = attempter.NewRandom(f.Seed), "random mover" // named as the new-game screen names it
	default:
		return nil, fmt.Errorf("%w: --opponent is bot or random", ErrUsage)
	}
	return local.New(opp, local.Options{Seed: f.Seed, SaveDir: f.SaveDir, MinTurn: f.MoveTime, Name: name}), nil
}

// ICCOptions are the server endpoint's options as the flags give them:
// its address, TLS, patterns and user, but no password, which ICCEndpoint
// asks on the terminal and the window's sign-in screen in the window.
func (f *Flags) ICCOptions() (icc.Options, error) {
	opt := icc.Options{Addr: "chessclub.com:5000", User: f.User, SaveDir: f.SaveDir}
	if !f.ICC {
		addr, useTLS, err := icc.ParseAddr(f.Addr)
		if err != nil {
			return opt, fmt.Errorf("%w: --connect: %v", ErrUsage, err)
		}
		opt.Addr = addr
		if useTLS {
			if opt.Dial, err = f.dialTLS(addr); err != nil {
				return opt, err
			}
		} else if f.TLSCA != "" {
			return opt, fmt.Errorf("%w: --tls-ca goes with --connect tls://host:port", ErrUsage)
		}
	}
	if f.Patterns != "" {
		p, err := icc.DefaultPatterns()
		if err != nil {
			return opt, err
		}
		file, err := os.Open(f.Patterns)
		if err != nil {
			return opt, fmt.Errorf("patterns: %w", err)
		}
		err = p.Load(file, f.Patterns)
		file.Close()
		if err != nil {
			return opt, err
		}
		opt.Patterns = p
	}
	return opt, nil
}

// ICCEndpoint makes the server endpoint, asking for the password on the terminal
// (or reading one line from in when it is not a terminal).
func (f *Flags) ICCEndpoint(in *bufio.Reader, stderr io.Writer) (*icc.Client, error) {
	opt, err := f.ICCOptions()
	if err != nil {
		return nil, err
	}
	if f.User != "" {
		pw, err := readPasswordAs(in, stderr, fmt.Sprintf("password for %s (Enter alone if %s has no account, to play unregistered): ", f.User, f.User), true)
		if err != nil {
			return nil, err
		}
		opt.Password = pw
	} else if name, token, ok := TakeSeat(f.SeatDir, f.Addr); ok && !f.ICC {
		// The game this guest left when the program closed, if the server
		// still holds its seat.
		opt.User, opt.Token, opt.GuestIfRefused = name, token, true
		fmt.Fprintf(stderr, "krieg: taking back %s's seat on %s, left during a game\n", name, f.Addr)
	}
	return icc.New(opt)
}

// StdinIsTerminal reports whether the program's standard input is a
// terminal, where a password can be asked without echo; a program started
// from a desktop launcher or a menu has none.
func StdinIsTerminal() bool { return term.IsTerminal(int(os.Stdin.Fd())) }

// ReadPassword asks for the password without echo on a terminal, or reads
// one line from a pipe.
func ReadPassword(in *bufio.Reader, stderr io.Writer) (string, error) {
	return readPasswordAs(in, stderr, "password: ", false)
}

// readPasswordAs is ReadPassword with its prompt; emptyOK takes a pipe
// with nothing in it for an empty password rather than an error.
func readPasswordAs(in *bufio.Reader, stderr io.Writer, prompt string, emptyOK bool) (string, error) {
	if StdinIsTerminal() {
		return AskPassword(stderr, prompt)
	}
	line, err := in.ReadString('\n')
	if err != nil && line == "" {
		if emptyOK && errors.Is(err, io.EOF) {
			return "", nil
		}
		return "", fmt.Errorf("reading the password: %w", err)
	}
	return strings.TrimRight(line, "\r\n"), nil
}

// ReadNewPassword reads a password that is to be set: on a terminal it is
// asked twice without echo and must be typed the same both times, since a
// typo nobody saw would lock its owner out; from a pipe it is ReadPassword's
// one line.
func ReadNewPassword(in *bufio.Reader, stderr io.Writer) (string, error) {
	if !StdinIsTerminal() {
		return ReadPassword(in, stderr)
	}
	return AskNewPassword(stderr)
}

// AskPassword asks for a password on the terminal (standard input),
// without echo, writing prompt to w; ReadPassword chooses it on a
// terminal, and a console whose typed lines are read elsewhere calls it
// itself.
func AskPassword(w io.Writer, prompt string) (string, error) {
	pw, err := askTerminal(w, prompt)
	if err != nil {
		return "", fmt.Errorf("reading the password: %w", err)
	}
	return pw, nil
}

// AskNewPassword is ReadNewPassword's terminal half: the password to be
// set, asked twice without echo.
func AskNewPassword(w io.Writer) (string, error) {
	return askTwice(func(prompt string) (string, error) { return askTerminal(w, prompt) })
}

// askTerminal writes prompt to w and reads a line from the terminal with
// its echo off.
func askTerminal(w io.Writer, prompt string) (string, error) {
	fmt.Fprint(w, prompt)
	pw, err := term.ReadPassword(int(os.Stdin.Fd()))
	fmt.Fprintln(w) // the Enter typed was not echoed either
	return string(pw), err
}

// askTwice asks for a new password and for it again, refusing two that
// differ.
func askTwice(ask func(prompt string) (string, error)) (string, error) {
	pw, err := ask("new password: ")
	if err != nil {
		return "", fmt.Errorf("reading the password: %w", err)
	}
	again, err := ask("the same again: ")
	if err != nil {
		return "", fmt.Errorf("reading the password: %w", err)
	}
	if norm.NFC.String(pw) != norm.NFC.String(again) { // é typed composed once and decomposed once is one password, as kriegd reads it
		return "", errors.New("the two passwords typed differ: nothing was changed")
	}
	return pw, nil
}

// CheckSaveDir refuses, before any game, a --save folder that games could
// not be saved in (a file, a folder not writable): found only after a
// game, the game would be lost. The folder is made when missing; empty
// saves nothing.
func CheckSaveDir(dir string) error {
	if dir == "" {
		return nil
	}
	probe := func() error {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		f, err := os.CreateTemp(dir, ".krieg-save-check-*")
		if err != nil {
			return err
		}
		f.Close()
		return os.Remove(f.Name())
	}
	if err := probe(); err != nil {
		return fmt.Errorf("%w: --save %s: games cannot be saved there: %v", ErrUsage, dir, err)
	}
	return nil
}

// DefaultSaveDir is where finished local games are saved: the user's data
// folder's krieg/games.
func DefaultSaveDir() string {
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return d + "/krieg/games"
	}
	if h, err := os.UserHomeDir(); err == nil {
		return h + "/.local/share/krieg/games"
	}
	return ""
}
