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

// TestNoCardForNothing: with the heat map on, an empty square the class
// cannot stand on gets no hover card ("enemy king here: 0%"), and a token
// whose chance reads 0 % adds no line; a square with a chance keeps its card.
func TestNoCardForNothing(t *testing.T) {
	f := playFrame(1000, 640)
	f.Show.Heat = game.King
	f.View.Probability[game.King][game.E4] = 0
	f.View.Probability[game.King][game.E8] = 0.4
	f.View.Tokens = []controller.Token{{Kind: controller.PieceToken, Square: game.D5, Opacity: 0.001, Reason: controller.Reason{Rule: "B2"}}}
	for _, sq := range []game.Square{game.E4, game.D5} {
		if lines := Explain(&f, sq); len(lines) != 0 {
			t.Errorf("%v: card %q; want none", sq, lines)
		}
	}
	if lines := Explain(&f, game.E8); len(lines) != 1 || lines[0] != "enemy king here: 40%" {
		t.Errorf("e8: card %q; want the king's 40%%", lines)
	}
}

// TestCertainCardSaysProven: a man the deduction proves reads 100 % and
// says it is proven, not "most boards".
func TestCertainCardSaysProven(t *testing.T) {
	f := playFrame(1000, 640)
	f.View.Tokens = []controller.Token{{Kind: controller.PieceToken, Square: game.E5, Opacity: 1, Reason: controller.Reason{Rule: "B2", Message: "likely occupied"}}}
	want := "Enemy man 100%: what the referee has said proves an enemy man here"
	if lines := Explain(&f, game.E5); len(lines) != 1 || lines[0] != want {
		t.Errorf("card %q; want %q", lines, want)
	}
}

// TestZoneFramedUnderHeat: the zone tints its squares while the heat map
// is off; with the heat map on, whose shades are of the same warm hue (an
// outside tester could not tell the two apart), it frames them instead and
// tints none.
func TestZoneFramedUnderHeat(t *testing.T) {
	for _, heat := range []game.PieceType{game.NoPieceType, game.Knight} {
		f := playFrame(1280, 800)
		f.Show.Zone, f.Show.Heat = true, heat
		f.View.Zone = game.E5.Bit() | game.D6.Bit()
		s := Build(f)
		sq := s.Layout.Square
		whole, edges := 0, 0
		for _, sp := range s.Sprites {
			if sp.Kind != Rect || sp.Color != zoneRed {
				continue
			}
			if sp.W >= sq-1 && sp.H >= sq-1 {
				whole++
			} else {
				edges++
			}
		}
		switch {
		case heat == game.NoPieceType && (whole != 2 || edges != 0):
			t.Errorf("heat off: %d squares tinted, %d edges; want 2 tinted", whole, edges)
		case heat != game.NoPieceType && (whole != 0 || edges != 8):
			t.Errorf("heat on: %d squares tinted, %d edges; want 2 squares framed (8 edges)", whole, edges)
		}
	}
}
