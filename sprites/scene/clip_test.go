package scene

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// clipSizes are the window sizes the layout must serve without clipping:
// the smallest supported, common laptop and desktop sizes, and 4K.
var clipSizes = [][2]int{{800, 500}, {1100, 720}, {1280, 800}, {1600, 1000}, {1920, 1080}, {3840, 2160}, {600, 900}}

// busyFrame is a game in progress with everything that makes long text: a
// long log with capture messages, console lines, a notice and an offer,
// the tooltip of a square.
func busyFrame(mode Mode, w, h int) Frame {
	v := controller.New(game.White, referee.Wild16, game.Start(), controller.Options{BeliefOnly: true}).View()
	for i := 0; i < 40; i++ {
		v.Log = append(v.Log, controller.LogLine{Ply: i, Side: game.Color(i % 2), Own: i%2 == 0,
			Text: fmt.Sprintf("e2e4 accepted; capture at d5, the piece lost was a knight; check on the long diagonal %d", i)})
	}
	r := controller.Reason{Rule: "R1", Message: "a pawn could have captured here: 1 pawn try announced by the referee after the last move"}
	v.Tokens = []controller.Token{{Kind: controller.PieceToken, Square: game.H5, Opacity: 0.5, Reason: r}}
	f := Frame{Mode: mode, W: w, H: h, View: v, Show: DefaultShow, Selected: game.NoSquare, Capture: game.NoSquare}
	f.Panel = Panel{Title: "Wild 16 (Kriegspiel) · 15+10 · you play White against a very long opponent name",
		Status: "Black is thinking…", Names: [2]string{"AVeryLongPlayerNameIndeed", "AnotherLongOpponentName"},
		Clocks: [2]time.Duration{3 * time.Minute, 9 * time.Second}, Ticking: true, Running: game.Black,
		Typed: strings.Repeat("e2e4 ", 30), Notice: "assistant: the entry cannot follow the ones before it: black's move 12 was announced as a capture on a square no white man stands on",
		Offer: "draw", ShowInput: true, Console: []ConsoleLine{{Text: strings.Repeat("a console line from the server that runs long ", 3)}}}
	f.Replay = ReplayInfo{Ply: 12, Plies: 40, Move: "6... Nxd4", Heard: []string{"Heard: capture at d4, the referee announced it after White's attempt was accepted"}}
	f.NewGame = DefaultNewGame
	l := NewLayout(w, h, false)
	c := l.SquareRect(game.H5)
	f.Hover, f.HoverX, f.HoverY = true, c.X+c.W/2, c.Y+c.H/2
	return f
}

// TestNoTextClipped builds every screen at every size and checks, in the
// scene, that each text run fits its box and each box lies in the window
// (and, for the panel's text, in the panel).
func TestNoTextClipped(t *testing.T) {
	for _, size := range clipSizes {
		for _, mode := range []Mode{NewGameScreen, PlayScreen, ReplayScreen} {
			t.Run(fmt.Sprintf("%dx%d/mode%d", size[0], size[1], mode), func(t *testing.T) {
				s := Build(busyFrame(mode, size[0], size[1]))
				checkNoClip(t, &s)
			})
			t.Run(fmt.Sprintf("%dx%d/mode%d/legend", size[0], size[1], mode), func(t *testing.T) {
				f := busyFrame(mode, size[0], size[1])
				f.Legend = true
				s := Build(f)
				checkNoClip(t, &s)
			})
		}
	}
}

// checkNoClip fails t for each text run of s that is clipped.
func checkNoClip(t *testing.T, s *Scene) {
	t.Helper()
	for _, c := range s.Clipped() {
		t.Error(c)
	}
	texts := 0
	for _, sp := range s.Sprites {
		if sp.Kind == Text {
			texts++
		}
	}
	if texts < 10 {
		t.Errorf("%d text runs; the scene should have its panel's text", texts)
	}
}

func TestWrap(t *testing.T) {
	long := "capture at d5, the piece lost was a knight, and the referee says check on the long diagonal"
	for _, w := range []float64{40, 90, 200, 1000} {
		lines := Wrap(long, 0, 14, w, "  ")
		if strings.ReplaceAll(strings.Join(lines, ""), " ", "") != strings.ReplaceAll(long, " ", "") {
			t.Errorf("width %v: wrapping lost text: %q", w, lines)
		}
		for _, l := range lines {
			if got := Measure(l, 0, 14); got > w {
				t.Errorf("width %v: line %q is %.1f wide", w, l, got)
			}
		}
		if w == 1000 && len(lines) != 1 {
			t.Errorf("width 1000: %d lines; want 1", len(lines))
		}
	}
}

// TestWrapCutsAPathAtASlash: a path too long for its line is cut after a
// slash, not in the middle of a name ("…/games/mygam e1.pgn"), and loses
// nothing.
func TestWrapCutsAPathAtASlash(t *testing.T) {
	path := "Saved to ~/Documents/krieg/games/mygame1.pgn"
	w := Measure("Saved to ~/Documents/krieg/games/myg", 0, 14)
	lines := Wrap(path, 0, 14, w, "")
	if strings.ReplaceAll(strings.Join(lines, ""), " ", "") != strings.ReplaceAll(path, " ", "") {
		t.Fatalf("wrapping lost text: %q", lines)
	}
	if last := lines[len(lines)-1]; last != "mygame1.pgn" {
		t.Errorf("the path was cut as %q; want the file's name whole on the last line", lines)
	}
}

// BenchmarkBuild measures building the play screen with a long log, a
// tooltip and every panel line: the scene's share of a frame (text
// measuring and wrapping included).
func BenchmarkBuild(b *testing.B) {
	f := busyFrame(PlayScreen, 1100, 720)
	for b.Loop() {
		Build(f)
	}
}
