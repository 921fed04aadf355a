// Command krieg-board is the board window. `krieg` starts it when there is a
// display (it links Ebitengine, which cannot start without one, so the
// headless subcommands live in a binary of their own).
//
//	krieg-board [game flags]                a game against the computer, or on a server with --connect/--icc
//	krieg-board --kso [--user NAME]          kriegspiel.org: the password asked on the terminal, then the lobby
//	krieg-board replay [--side black] FILE  step through a record
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/krieg/krieg/cmd/internal/launch"
	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/controller/timeline"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/sprites"
	"github.com/krieg/krieg/sprites/scene"
	"github.com/krieg/krieg/sprites/settings"
)

func main() {
	if err := run(os.Args[1:], os.Stdin, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "krieg:", err)
		if errors.Is(err, launch.ErrUsage) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

// run opens the window for a game or a replay.
func run(args []string, stdin io.Reader, stderr io.Writer) error {
	if len(args) > 0 && args[0] == "replay" {
		return runReplay(args[1:], stderr)
	}
	fs := flag.NewFlagSet("krieg", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var fl launch.Flags
	fl.Register(fs)
	var k launch.KSO
	k.Register(fs)
	capacity := fs.Int("boards", 0, "boards the deduction engine holds (0: its default)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return fmt.Errorf("%w: %v", launch.ErrUsage, err)
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: unexpected %q (krieg help lists the subcommands)", launch.ErrUsage, fs.Arg(0))
	}
	spec, err := fl.Spec()
	if err != nil {
		return err
	}
	sounds, err := sprites.NewSounds()
	if err != nil {
		return err
	}
	opt := sprites.Options{Sounds: sounds, Controller: controller.Options{Capacity: *capacity}, Choice: launch.Choice(spec)}
	fs.Visit(func(fl *flag.Flag) {
		switch fl.Name {
		case "side", "time", "opponent":
			opt.ChoiceFromFlags = true // asked for on the command line: wins over the saved choice
		}
	})
	if dir, err := settings.Dir(); err == nil {
		opt.SettingsDir = dir
	} else {
		fmt.Fprintf(stderr, "krieg: settings will not be kept: %v\n", err)
	}
	switch {
	case k.On:
		// The password is asked here, on the terminal, before the window opens.
		ep, user, err := k.Person(fl, bufio.NewReader(stdin), stderr)
		if err != nil {
			return err
		}
		if err := ep.Connect(context.Background()); err != nil {
			return err
		}
		opt.Site = &sprites.Site{Endpoint: ep, Lobby: ep.Lobby(), User: user}
	case fl.Remote():
		c, err := fl.ICCEndpoint(bufio.NewReader(stdin), stderr)
		if err != nil {
			return err
		}
		if err := c.Connect(context.Background()); err != nil {
			return err
		}
		spec.AnySide = true
		opt.Remote, opt.Spec = c, &spec
	default:
		opt.Local = func(ch scene.NewGameChoice) (net.Communicator, error) { return launch.StartLocal(fl, ch) }
	}
	app, err := sprites.New(opt)
	if err != nil {
		return err
	}
	return sprites.Run(app, "krieg: Kriegspiel")
}

// runReplay opens a record in the replay window.
func runReplay(args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("krieg replay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	side := fs.String("side", "white", "whose view to start with: white or black")
	rules := fs.String("rules", "", "ruleset (default: the record's Rules tag, else wild16)")
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("%w: %v", launch.ErrUsage, err)
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("%w: want one FILE argument", launch.ErrUsage)
	}
	fmt.Fprintf(stderr, "krieg: following both players through %s...\n", fs.Arg(0))
	tl, err := timeline.Load(fs.Arg(0), *rules, timeline.Options{})
	if err != nil {
		return err
	}
	app, err := sprites.New(sprites.Options{Replay: tl})
	if err != nil {
		return err
	}
	if *side == "black" {
		app.Inject(sprites.Intent{Kind: sprites.Press, Button: scene.SwapSide})
	} else if *side != "white" {
		return fmt.Errorf("%w: --side %q: want white or black", launch.ErrUsage, *side)
	}
	return sprites.Run(app, "krieg replay: "+fs.Arg(0))
}
