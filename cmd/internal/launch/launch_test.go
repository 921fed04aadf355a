package launch

import (
	"context"
	"flag"
	"io"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/net"
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
// flags chose, so that it can name it.
func TestChoiceCarriesTheRules(t *testing.T) {
	fl := Flags{Side: "black", Time: "5+3", Opponent: "bot", Rules: "berkeley"}
	spec, err := fl.Spec()
	if err != nil {
		t.Fatal(err)
	}
	if ch := Choice(spec); ch.Rules != "Berkeley" || ch.Side != 1 {
		t.Errorf("Choice(berkeley, black) = %+v; want Rules Berkeley, Side 1", ch)
	}
}

// TestTimeTakesFractions: --time takes minutes and seconds as kriegd does,
// fractions included, and refuses what is not a time control.
func TestTimeTakesFractions(t *testing.T) {
	for _, c := range []struct {
		time      string
		base, inc time.Duration
	}{
		{"5+3", 5 * time.Minute, 3 * time.Second},
		{"1.5+0", 90 * time.Second, 0},
		{"0.25+1.5", 15 * time.Second, 1500 * time.Millisecond},
	} {
		f := Flags{Side: "white", Time: c.time, Rules: "wild16"}
		spec, err := f.Spec()
		if err != nil || spec.Base != c.base || spec.Increment != c.inc {
			t.Errorf("--time %s: %v+%v, %v; want %v+%v", c.time, spec.Base, spec.Increment, err, c.base, c.inc)
		}
	}
	for _, bad := range []string{"0+0", "5", "5+", "+3", "-1+3", "5+-3", "a+b", "NaN+1", "1e300+0"} {
		f := Flags{Side: "white", Time: bad, Rules: "wild16"}
		if _, err := f.Spec(); err == nil {
			t.Errorf("--time %s was taken", bad)
		}
	}
}
