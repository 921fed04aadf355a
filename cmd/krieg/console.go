package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"golang.org/x/term"

	"github.com/krieg/krieg/controller/player"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/attempter"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/icc"
	"github.com/krieg/krieg/net/local"
)

// runConsole is the ClientConsole: it connects to an endpoint, prints what
// the endpoint says, and sends what the user types. A typed move in
// coordinates (e2e4, e7e8q) or "px" goes out as our attempt; any other line
// goes to the server as it is.
func runConsole(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("console", stderr)
	addr := fs.String("connect", "", "an ICC-speaking server, host:port")
	useICC := fs.Bool("icc", false, "the Internet Chess Club (chessclub.com:5000)")
	user := fs.String("user", "", "log in as this registered name (the password is asked, never echoed); default: guest")
	patterns := fs.String("icc-patterns", "", "extra ICC announcement patterns (see net/icc/announcements.txt)")
	seed := fs.Uint64("seed", uint64(time.Now().UnixNano()), "local: the computer's seed")
	side := fs.String("side", "white", "local: your side, white, black or random")
	clock := fs.String("time", "5+3", "local: time control, minutes+increment seconds")
	opponent := fs.String("opponent", "bot", "local: the computer, bot (the computer player) or random")
	movetime := fs.Duration("movetime", player.DefaultMoveTime, "local: the bot's time per move")
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	if *useICC {
		*addr = "chessclub.com:5000"
	}
	var comm net.Communicator
	var spec *net.GameSpec
	if *addr == "" {
		s, err := localSpec(*side, *clock)
		if err != nil {
			return fmt.Errorf("%w: %v", errUsage, err)
		}
		var opp local.Opponent
		switch *opponent {
		case "bot":
			opp = player.New(player.Options{MoveTime: *movetime, Seed: *seed})
		case "random":
			opp = attempter.NewRandom(*seed)
		default:
			return fmt.Errorf("%w: --opponent is bot or random", errUsage)
		}
		comm, spec = local.New(opp, local.Options{Seed: *seed}), &s
	} else {
		opt := icc.Options{Addr: *addr, User: *user}
		if *patterns != "" {
			p, err := icc.DefaultPatterns()
			if err != nil {
				return err
			}
			f, err := os.Open(*patterns)
			if err != nil {
				return fmt.Errorf("patterns: %w", err)
			}
			err = p.Load(f, *patterns)
			f.Close()
			if err != nil {
				return err
			}
			opt.Patterns = p
		}
		in := bufio.NewReader(stdin)
		if *user != "" {
			pw, err := readPassword(in, stderr)
			if err != nil {
				return err
			}
			opt.Password = pw
		}
		c, err := icc.New(opt)
		if err != nil {
			return err
		}
		comm, stdin = c, in
	}
	return consoleLoop(comm, spec, stdin, stdout)
}

// localSpec reads the local game's side and time control.
func localSpec(side, clock string) (net.GameSpec, error) {
	spec := net.GameSpec{Rules: referee.Wild16, Start: game.Start()}
	switch side {
	case "white":
	case "black":
		spec.Side = game.Black
	case "random":
		spec.AnySide = true
	default:
		return spec, fmt.Errorf("--side %q: want white, black or random", side)
	}
	var base, inc int
	if _, err := fmt.Sscanf(clock, "%d+%d", &base, &inc); err != nil || base < 0 || inc < 0 {
		return spec, fmt.Errorf("--time %q: want minutes+increment, such as 5+3", clock)
	}
	spec.Base, spec.Increment = time.Duration(base)*time.Minute, time.Duration(inc)*time.Second
	return spec, nil
}

// readPassword asks for the password without echo on a terminal, or reads
// one line from a pipe.
func readPassword(in *bufio.Reader, stderr io.Writer) (string, error) {
	if term.IsTerminal(int(os.Stdin.Fd())) {
		fmt.Fprint(stderr, "password: ")
		pw, err := term.ReadPassword(int(os.Stdin.Fd()))
		fmt.Fprintln(stderr)
		if err != nil {
			return "", fmt.Errorf("reading the password: %w", err)
		}
		return string(pw), nil
	}
	line, err := in.ReadString('\n')
	if err != nil && line == "" {
		return "", fmt.Errorf("reading the password: %w", err)
	}
	return strings.TrimRight(line, "\r\n"), nil
}

// consoleLoop connects, begins spec's game if given, and then relays: typed
// lines to the endpoint, events to stdout, until the input ends or the
// connection is lost for good.
func consoleLoop(comm net.Communicator, spec *net.GameSpec, stdin io.Reader, stdout io.Writer) error {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if err := comm.Connect(ctx); err != nil {
		return err
	}
	defer comm.Close()
	if spec != nil {
		if err := comm.Begin(*spec); err != nil {
			return err
		}
	}
	lines := make(chan string)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(stdin)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	var rules referee.Ruleset = referee.Wild16
	for {
		select {
		case l, ok := <-lines:
			if !ok {
				drain(comm.Events(), stdout, rules)
				return nil
			}
			if err := typed(comm, strings.TrimSpace(l)); err != nil {
				fmt.Fprintf(stdout, "! %v\n", err)
			}
		case ev, ok := <-comm.Events():
			if !ok {
				return nil
			}
			if ev.Kind == net.KindStarted {
				rules = ev.Snap.Spec.Rules
			}
			printEvent(stdout, ev, rules)
			if ev.Kind == net.KindConnection && ev.Snap.State == net.Disconnected && ev.Err != nil {
				if r, ok := comm.(interface{ Reconnect(context.Context) error }); ok {
					fmt.Fprintln(stdout, "* connection lost; reconnecting")
					if err := r.Reconnect(ctx); err != nil {
						return err
					}
				}
			}
		}
	}
}

// drain prints the events that arrive within a short while after the input ends.
func drain(events <-chan net.Event, stdout io.Writer, rules referee.Ruleset) {
	for {
		select {
		case ev, ok := <-events:
			if !ok {
				return
			}
			printEvent(stdout, ev, rules)
		case <-time.After(300 * time.Millisecond):
			return
		}
	}
}

// typed sends one typed line.
func typed(comm net.Communicator, l string) error {
	if l == "" {
		return nil
	}
	if l == "px" {
		return comm.Do(net.AskAny)
	}
	if m, err := game.ParseMove(l); err == nil {
		return comm.Attempt(m)
	}
	return comm.Console(l)
}

// printEvent writes one event for a person to read.
func printEvent(w io.Writer, ev net.Event, rules referee.Ruleset) {
	s := ev.Snap
	switch ev.Kind {
	case net.KindConnection:
		if ev.Err != nil && !errors.Is(ev.Err, io.EOF) {
			fmt.Fprintf(w, "* %s: %v\n", s.State, ev.Err)
		} else {
			fmt.Fprintf(w, "* %s\n", s.State)
		}
	case net.KindStarted:
		fmt.Fprintf(w, "* game %d started: %s vs %s, you play %s, %v+%v\n%s", s.Spec.Number, s.Spec.White, s.Spec.Black,
			s.Side, s.Spec.Base, s.Spec.Increment, s.Own.Diagram(s.Side == game.Black))
	case net.KindHeard:
		e := ev.Entry
		var said []string
		for _, a := range e.Said {
			if t := a.Text(rules); t != "" {
				said = append(said, t)
			}
		}
		who := e.Mover.String()
		if e.Attempt != game.NoMove && e.Mover == s.Side {
			who += " " + e.Attempt.String()
		}
		fmt.Fprintf(w, "%s: %s\n", who, strings.Join(said, "; "))
		if e.Verdict == referee.Accepted && s.InGame && s.ToMove == s.Side {
			fmt.Fprintf(w, "%s(your move; %s %v, %s %v)\n", s.Own.Diagram(s.Side == game.Black),
				game.White, s.Clocks.Remaining(game.White, time.Now()).Round(time.Second),
				game.Black, s.Clocks.Remaining(game.Black, time.Now()).Round(time.Second))
		}
	case net.KindEnded:
		fmt.Fprintf(w, "* game over: %s (%s)\n", s.Result.Score, s.Result.Reason)
	case net.KindClock:
	case net.KindProblem:
		fmt.Fprintf(w, "! %s\n", ev.Text)
	default:
		fmt.Fprintf(w, "%s\n", ev.Text)
	}
}
