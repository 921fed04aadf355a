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
