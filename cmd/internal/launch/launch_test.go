package launch

import (
	"context"
	"errors"
	"flag"
	"io"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/sprites/scene"
)

// TestMoveTimeReachesTheComputer: --movetime sets how long the computer
// takes over a move, for the computer player and the random mover alike.
func TestMoveTimeReachesTheComputer(t *testing.T) {
	for _, opp := range []string{"bot", "random"} {
		fs := flag.NewFlagSet("krieg", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		var f Flags
		f.Register(fs)
		if err := fs.Parse([]string{"--movetime", "700ms", "--opponent", opp, "--seed", "3", "--save", ""}); err != nil {
			t.Fatal(err)
		}
		spec, err := f.Spec()
		if err != nil {
			t.Fatal(err)
		}
		ep, err := f.Local()
		if err != nil {
			t.Fatal(err)
		}
		if err := ep.Connect(context.Background()); err != nil {
			t.Fatal(err)
		}
		if err := ep.Begin(spec); err != nil {
			t.Fatal(err)
		}
		sent := time.Now()
		if err := ep.Attempt(game.NewMove(game.E2, game.E4, game.NoPieceType)); err != nil {
			t.Fatal(err)
		}
		for ev := range ep.Events() {
			if ev.Kind == net.KindHeard && ev.Entry.Mover == game.Black {
				if took := time.Since(sent); took < 700*time.Millisecond {
					t.Errorf("%s answered in %v; want at least the 700ms asked for", opp, took)
				}
				break
			}
		}
		ep.Close()
	}
}

// TestChoiceCarriesTheRules: the new-game screen learns the ruleset the
// flags chose, so that it can name it, and the opponent they chose.
func TestChoiceCarriesTheRules(t *testing.T) {
	fl := Flags{Side: "black", Time: "5+3", Opponent: "bot", Rules: "berkeley"}
	spec, err := fl.Spec()
	if err != nil {
		t.Fatal(err)
	}
	if ch := Choice(spec, fl.Opponent); ch.Rules != "berkeley" || ch.Side != 1 || ch.Opponent != 0 {
		t.Errorf("Choice(berkeley, black, bot) = %+v; want Rules berkeley, Side 1, Opponent 0", ch)
	}
	// --opponent random presets the screen's Opponent too (it was left on
	// the computer player).
	if ch := Choice(spec, "Random"); ch.Opponent != 1 {
		t.Errorf("Choice(..., Random) = %+v; want Opponent 1", ch)
	}
}

// TestStartLocalPlaysTheChosenRules: the game against the computer is
// played under the ruleset the new-game screen chose, whatever --rules
// said (the screen was preset from it), and under Wild 16 when the choice
// names none.
func TestStartLocalPlaysTheChosenRules(t *testing.T) {
	fl := Flags{Side: "white", Time: "5+3", Opponent: "random", Rules: "rand", Seed: 1, MoveTime: time.Millisecond}
	for _, r := range append([]string{""}, scene.RuleChoices()...) {
		ch := scene.DefaultNewGame
		want := referee.Wild16
		if r != "" {
			want = referee.Rulesets[slices.Index(scene.RuleChoices(), r)]
			ch.Rules = want.Name
		}
		ep, err := StartLocal(fl, ch)
		if err != nil {
			t.Fatal(err)
		}
		for ev := range ep.Events() {
			if ev.Kind == net.KindStarted {
				if ev.Snap.Spec.Rules != want {
					t.Errorf("choice %q: the game is played under %q; want %q", ch.Rules, ev.Snap.Spec.Rules.Name, want.Name)
				}
				break
			}
		}
		ep.Close()
	}
}

// TestTimeTakesFractions: --time takes minutes and seconds as kriegd does,
// fractions included, or none for a game without a clock, and refuses what
// is not a time control.
func TestTimeTakesFractions(t *testing.T) {
	for _, c := range []struct {
		time      string
		base, inc time.Duration
	}{
		{"5+3", 5 * time.Minute, 3 * time.Second},
		{"1.5+0", 90 * time.Second, 0},
		{"0.25+1.5", 15 * time.Second, 1500 * time.Millisecond},
		// No clock, as the new-game screen names it and as one may type it.
		{"no clock", 0, 0}, {"None", 0, 0}, {"unlimited", 0, 0}, {"0+0", 0, 0},
	} {
		f := Flags{Side: "white", Time: c.time, Rules: "wild16"}
		spec, err := f.Spec()
		if err != nil || spec.Base != c.base || spec.Increment != c.inc {
			t.Errorf("--time %s: %v+%v, %v; want %v+%v", c.time, spec.Base, spec.Increment, err, c.base, c.inc)
		}
	}
	for _, bad := range []string{"5", "5+", "+3", "-1+3", "5+-3", "a+b", "NaN+1", "1e300+0"} {
		f := Flags{Side: "white", Time: bad, Rules: "wild16"}
		if _, err := f.Spec(); err == nil {
			t.Errorf("--time %s was taken", bad)
		}
	}
}

// TestBoardRefusesNonsense: the window's flags are checked as the terminal
// commands check theirs, before any window opens, rather than accepted and
// used (a negative or huge --boards) or refused only on the new-game screen
// (--movetime 0).
func TestBoardRefusesNonsense(t *testing.T) {
	for _, tc := range []struct {
		args []string
		says string
	}{
		{[]string{"--boards", "-5"}, "--boards -5: want 0 (the default) or 1 to 1048576"},
		{[]string{"--boards", "99999999"}, "--boards 99999999"},
		{[]string{"--movetime", "0"}, "--movetime 0s: want more than 0, at most 1h"},
		{[]string{"demo", "--boards", "-1"}, "--boards -1"},
		{[]string{"replay", "--boards", "2000000", "launch_test.go"}, "--boards 2000000"},
	} {
		_, err := ParseBoard(tc.args, io.Discard)
		if !errors.Is(err, ErrUsage) || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("ParseBoard(%v): %v; want a usage error saying %q", tc.args, err, tc.says)
		}
	}
	for _, args := range [][]string{{}, {"--boards", "0"}, {"--boards", "65536"}, {"demo", "--boards", "4096"}} {
		if _, err := ParseBoard(args, io.Discard); err != nil {
			t.Errorf("ParseBoard(%v): %v; want it accepted", args, err)
		}
	}
}

// TestChoiceNamesNoClock: a game without a clock presets the new-game
// screen's "no clock" choice, which starts one.
func TestChoiceNamesNoClock(t *testing.T) {
	fl := Flags{Side: "white", Time: "none", Opponent: "bot", Rules: "wild16"}
	spec, err := fl.Spec()
	if err != nil {
		t.Fatal(err)
	}
	ch := Choice(spec, fl.Opponent)
	if got := scene.TimeControls[ch.Time]; got != "no clock" {
		t.Fatalf("the screen's time control %q; want no clock", got)
	}
	fl.Time = scene.TimeControls[ch.Time]
	if spec, err := fl.Spec(); err != nil || spec.Base != 0 || spec.Increment != 0 {
		t.Errorf("the screen's no clock: %v+%v, %v; want an untimed game", spec.Base, spec.Increment, err)
	}
}

// TestBoardHelpSaysWhatKriegIs: krieg --help starts with what the program
// does, and its seed has no default that changes from run to run.
func TestBoardHelpSaysWhatKriegIs(t *testing.T) {
	var out strings.Builder
	if _, err := ParseBoard([]string{"--help"}, &out); !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("--help: %v", err)
	}
	help := out.String()
	if !strings.HasPrefix(help, "krieg: play Kriegspiel") || strings.Contains(help, "Usage of krieg") {
		t.Errorf("krieg --help begins %q; want what krieg is", help[:min(len(help), 80)])
	}
	if regexp.MustCompile(`\(default \d{6,}\)`).MatchString(help) {
		t.Errorf("a default that changes each run in:\n%s", help)
	}
}

// TestAskTwice: a new password asked on a terminal must be typed the same
// twice; two that differ change nothing, saying so.
func TestAskTwice(t *testing.T) {
	answers := func(a ...string) func(string) (string, error) {
		return func(string) (string, error) {
			next := a[0]
			a = a[1:]
			return next, nil
		}
	}
	if pw, err := askTwice(answers("abcd1", "abcd1")); err != nil || pw != "abcd1" {
		t.Fatalf("the same twice: %q, %v", pw, err)
	}
	if _, err := askTwice(answers("caf\u00e9", "cafe\u0301")); err != nil {
		t.Errorf("é typed composed, then decomposed: %v; want one password, as kriegd reads it", err)
	}
	if _, err := askTwice(answers("abcd1", "abcd2")); err == nil || !strings.Contains(err.Error(), "differ") {
		t.Fatalf("two that differ: %v; want them refused", err)
	}
}
