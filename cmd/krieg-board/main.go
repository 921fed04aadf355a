// Command krieg-board is the board window. `krieg` starts it when there is a
// display (it links Ebitengine, which cannot start without one, so the
// headless subcommands live in a binary of their own).
//
//	krieg-board [game flags]                a game against the computer, or on a server with --connect/--icc
//	                                        (with --user: the password asked on the terminal, or without one in the window)
//	krieg-board --kso [--user NAME]          kriegspiel.org: the password asked on the terminal, then the lobby
//	krieg-board replay [--side black] FILE  step through a record
//	krieg-board demo [FILE]                 the deduction on three boards: the computer against itself, or a record
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/krieg/krieg/cmd/internal/kept"
	"github.com/krieg/krieg/cmd/internal/launch"
	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/controller/player"
	"github.com/krieg/krieg/controller/timeline"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/icc"
	"github.com/krieg/krieg/sprites"
	"github.com/krieg/krieg/sprites/scene"
	"github.com/krieg/krieg/sprites/settings"
	"github.com/krieg/krieg/sprites/show"
)

func main() {
	if err := run(os.Args[1:], os.Stdin, os.Stderr); err != nil {
		if errors.Is(err, sprites.ErrStopped) {
			os.Exit(exitStopped)
		}
		fmt.Fprintln(launch.TermSafe(os.Stderr), "krieg:", launch.PlainWords(err.Error())) // a server's words may hold terminal controls
		if errors.Is(err, launch.ErrUsage) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

// exitStopped is the exit status of a window closed because the program
// was asked to end (Ctrl-C, SIGTERM, a closed terminal), as a shell reports
// a program ended by Ctrl-C: a script can tell it from a window closed by
// its user.
const exitStopped = 130

// run opens the window for a game, a replay or the demo; the command
// line is read and checked first, before anything touches the display.
func run(args []string, stdin io.Reader, stderr io.Writer) error {
	b, err := launch.ParseBoard(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	if err != nil {
		return err
	}
	switch b.Mode {
	case launch.ReplayMode:
		return runReplay(b, stderr)
	case launch.DemoMode:
		return runDemo(b, stderr)
	}
	fl := b.Flags
	spec, err := fl.Spec()
	if err != nil {
		return err
	}
	if err := launch.CheckSaveDir(fl.SaveDir); err != nil {
		return err
	}
	sounds, err := sprites.NewSounds()
	if err != nil {
		return err
	}
	opt := sprites.Options{Sounds: sounds, Controller: controller.Options{Capacity: b.Capacity}, Choice: launch.Choice(spec, fl.Opponent), ChoiceFlags: b.ChoiceFlags, SaveDir: fl.SaveDir}
	if dir, err := settings.Dir(); err == nil {
		opt.SettingsDir = dir
	} else {
		fmt.Fprintf(stderr, "krieg: settings will not be kept: %v\n", err)
	}
	var signed atomic.Pointer[icc.Client] // the server's session, once logged in
	var store *kept.File                  // where the game against the computer is kept, if anywhere
	switch {
	case b.KSO.On:
		// The password is asked here, on the terminal, before the window opens.
		ep, user, err := b.KSO.Person(fl, bufio.NewReader(stdin), stderr)
		if err != nil {
			return err
		}
		if err := ep.Connect(context.Background()); err != nil {
			return err
		}
		opt.Site = &sprites.Site{Endpoint: ep, Lobby: sprites.KSOLister{Lobby: ep.Lobby()}, User: user}
		opt.Local = func(ch scene.NewGameChoice) (net.Communicator, error) { return launch.StartLocal(fl, ch) } // the lobby's Play the computer
	case fl.Remote():
		if err := remote(&opt, &fl, spec, &signed, stdin, stderr, launch.StdinIsTerminal()); err != nil {
			return err
		}
	case opt.SettingsDir != "":
		// The game against the computer is kept beside the settings.
		store = &kept.File{Dir: opt.SettingsDir}
		keepComputer(&opt, fl, *store, stderr)
	default:
		opt.Local = func(ch scene.NewGameChoice) (net.Communicator, error) { return launch.StartLocal(fl, ch) }
	}
	app, err := sprites.New(opt)
	if err != nil {
		return err
	}
	err = sprites.Run(app, "krieg: Kriegspiel")
	if store != nil {
		sayKept(*store, stderr)
	}
	if c := signed.Load(); c != nil && !fl.ICC {
		// A guest's seat on a kriegd, left during a game, is kept.
		if kerr := launch.KeepSeat(fl.SeatDir, fl.Addr, c); kerr != nil {
			fmt.Fprintf(stderr, "krieg: your seat in the game left could not be kept: %v\n", kerr)
		}
	}
	return err
}

// remote sets opt up for a server (--connect or --icc): logged in now, the
// password asked on the terminal, or, for a --user with no terminal to ask
// on (a desktop launcher, a menu), by the window's sign-in screen, which
// logs in once the password is typed. signed gets the session once logged
// in.
func remote(opt *sprites.Options, fl *launch.Flags, spec net.GameSpec, signed *atomic.Pointer[icc.Client], stdin io.Reader, stderr io.Writer, terminal bool) error {
	if !fl.ICC {
		fl.SeatDir = launch.DefaultSeatDir()
	}
	if fl.User != "" && !terminal {
		o, err := fl.ICCOptions()
		if err != nil {
			return err
		}
		base := *opt
		login := func(user, password string) (sprites.Options, error) {
			o := o
			o.User, o.Password = user, password
			c, err := icc.New(o)
			if err != nil {
				return sprites.Options{}, err
			}
			if err := c.Connect(context.Background()); err != nil {
				c.Close()
				return sprites.Options{}, errors.New(icc.Reason(err))
			}
			signedIn, as := base, *fl
			as.User = user
			serve(&signedIn, c, as, spec, signed)
			return signedIn, nil
		}
		opt.SignIn = &sprites.SignIn{Server: o.Addr, User: fl.User,
			Login: func(password string) (sprites.Options, error) { return login(fl.User, password) },
			Guest: func() (sprites.Options, error) { return login("", "") }}
		return nil
	}
	c, err := fl.ICCEndpoint(bufio.NewReader(stdin), stderr)
	if err != nil {
		return err
	}
	if err := c.Connect(context.Background()); err != nil {
		return err
	}
	serve(opt, c, *fl, spec, signed)
	return nil
}

// serve sets opt up to play on c, a server's session logged in, as both
// the terminal's login and the window's sign-in go on, and keeps c in
// signed.
func serve(opt *sprites.Options, c *icc.Client, fl launch.Flags, spec net.GameSpec, signed *atomic.Pointer[icc.Client]) {
	spec.AnySide = true
	opt.Remote, opt.Spec = c, &spec
	if !fl.ICC {
		// A kriegd: its lobby lists the seeks and players to click.
		opt.Site = &sprites.Site{Endpoint: c, Lobby: sprites.KriegdLister{Client: c, Terms: spec}, User: c.Handle()}
		opt.Local = func(ch scene.NewGameChoice) (net.Communicator, error) { return launch.StartLocal(fl, ch) } // the lobby's Play the computer
		// A guest's seat is kept while it plays, for as long as the
		// window runs: should it die, the next start takes the seat
		// back; at a close, KeepSeat decides.
		launch.WatchSeat(fl.SeatDir, fl.Addr, c)
	}
	signed.Store(c)
}

// runReplay opens a record in the replay window.
func runReplay(b *launch.Board, stderr io.Writer) error {
	fmt.Fprintf(stderr, "krieg: following both players through %s...\n", b.File)
	tl, err := timeline.Load(b.File, b.Rules, timeline.Options{Controller: controller.Options{Capacity: b.Capacity}})
	if err != nil {
		return err
	}
	if tl.Disagreement != nil {
		fmt.Fprintf(stderr, "krieg: note: %s: %s\n", b.File, record.ShownAsReplayed(tl.Disagreement))
	}
	app, err := sprites.New(sprites.Options{Replay: tl})
	if err != nil {
		return err
	}
	if b.Side == "black" || b.Side == "" && ownSide(tl.Record) == game.Black {
		app.Inject(sprites.Intent{Kind: sprites.Press, Button: scene.SwapSide})
	}
	return sprites.Run(app, "krieg replay: "+b.File)
}

// ownSide is the side "you" played in a record of a game against the
// computer (the names the window's games are saved under), else White.
func ownSide(rec *record.Record) game.Color {
	if strings.EqualFold(strings.TrimSpace(rec.Tag("Black")), "you") && !strings.EqualFold(strings.TrimSpace(rec.Tag("White")), "you") {
		return game.Black
	}
	return game.White
}

// runDemo shows the deduction at work on three boards: a record stepped
// through, or the computer playing itself, game after game.
func runDemo(b *launch.Board, stderr io.Writer) error {
	opt := show.Options{Step: b.Step, Controller: controller.Options{Capacity: b.Capacity}}
	if b.Rules != "" {
		rules, err := referee.RulesetByName(b.Rules)
		if err != nil {
			return fmt.Errorf("%w: --rules: %v", launch.ErrUsage, err)
		}
		opt.Rules = rules
	}
	title := "krieg demo"
	if b.File != "" {
		rec, err := record.ReadFile(b.File)
		if err != nil {
			return err
		}
		rules := opt.Rules
		if rules.Name == "" {
			if rules, err = rec.Rules(); err != nil {
				return fmt.Errorf("%s: %w", b.File, err)
			}
		}
		// A record the referee cannot replay to its end is refused here,
		// not shown as an empty board.
		if _, err := record.Replay(rec, rules, nil); err != nil {
			return fmt.Errorf("%s: %w", b.File, err)
		}
		opt.Record, opt.Title = rec, filepath.Base(b.File)
		title += ": " + b.File
	} else {
		if b.Seed == 0 {
			b.Seed = uint64(time.Now().UnixNano()) // new games each run
		}
		opt.Players = func(n int) [2]show.Player {
			seed := b.Seed + uint64(2*n)
			return [2]show.Player{
				player.New(player.Options{MoveTime: b.MoveTime, Seed: seed}),
				player.New(player.Options{MoveTime: b.MoveTime, Seed: seed + 1}),
			}
		}
	}
	app, err := sprites.New(sprites.Options{Demo: &opt})
	if err != nil {
		return err
	}
	return sprites.Run(app, title)
}
