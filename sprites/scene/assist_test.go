package scene

import (
	"strings"
	"testing"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/controller/timeline"
	"github.com/krieg/krieg/game"
)

// TestRulesOnlyShowsNoBelief: at the "Rules only" level the picked-up
// knight's targets are plain dots without danger rings, the hover card and
// every text on the screen carry no percentage, and every rule token is
// drawn alike; at the full level the same frame shows all three.
func TestRulesOnlyShowsNoBelief(t *testing.T) {
	tl, err := timeline.Load("../../testdata/games/darkboard-liam-2023.pgn", "", timeline.Options{UpTo: 30, Controller: controller.Options{Capacity: 512, Seed: 1, Workers: 1}})
	if err != nil {
		t.Fatal(err)
	}
	ctl, err := tl.Controller(30, game.White, controller.Options{Capacity: 512, Seed: 1, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	f := Frame{Mode: PlayScreen, W: 1000, H: 640, Show: DefaultShow, Capture: game.NoSquare, View: tl.Views[game.White][30]}
	f.Selected, f.Preview = game.E4, ctl.Preview(game.E4)
	for _, p := range f.Preview {
		f.Dests |= p.To.Bit()
	}
	r := NewLayout(f.W, f.H, false).SquareRect(game.F6)
	f.Hover, f.HoverX, f.HoverY = true, r.X+r.W/2, r.Y+r.H/2
	numbers := func(f Frame) (rings int, percents []string, alphas map[float64]bool) {
		s := Build(f)
		alphas = map[float64]bool{}
		for _, sp := range s.Sprites {
			switch {
			case sp.Kind == Ring && sp.Color == dangerRed:
				rings++
			case sp.Kind == Text && strings.Contains(sp.Text, "%"):
				percents = append(percents, sp.Text)
			case sp.Kind == Disc && sp.Color == pieceToken:
				alphas[sp.Alpha] = true
			}
		}
		return rings, percents, alphas
	}
	if rings, percents, _ := numbers(f); rings == 0 || len(percents) == 0 {
		t.Fatalf("full level: %d danger rings, texts with numbers %q; want both (the frame must show belief for the test to mean anything)", rings, percents)
	}
	f.Assist = AssistRules
	rings, percents, alphas := numbers(f)
	if rings != 0 || len(percents) != 0 {
		t.Errorf("Rules only: %d danger rings, texts with numbers %q; want none", rings, percents)
	}
	if len(alphas) > 1 {
		t.Errorf("Rules only: rule tokens drawn at %d opacities; want one", len(alphas))
	}
}
