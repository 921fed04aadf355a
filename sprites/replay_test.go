package sprites

import (
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/controller/timeline"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/sprites/scene"
)

var screenshots = flag.String("screenshots", "", "write screenshots of the window tests into this folder (for the README)")

// darkboard is the recorded ICC game between a person and Darkboard.
const darkboard = "../testdata/games/darkboard-liam-2023.pgn"

func loadDarkboard(t testing.TB, plies int) *timeline.Timeline {
	t.Helper()
	if _, err := os.Stat(darkboard); err != nil {
		t.Fatalf("fixture: %v", err)
	}
	tl, err := timeline.Load(darkboard, "", timeline.Options{UpTo: plies, Controller: controller.Options{Capacity: 1024, Seed: 1}})
	if err != nil {
		t.Fatal(err)
	}
	return tl
}

// darkPixels counts the dark pixels in the middle of square sq (a black
// man's body, even under a token's glass).
func darkPixels(screen *ebiten.Image, l scene.Layout, sq game.Square) int {
	return countPixels(screen, l, sq, func(r, g, b byte) bool { return 30*int(r)+59*int(g)+11*int(b) < 70*100 })
}

// shoot writes the screen to the screenshots folder, when one was asked for.
func shoot(t *testing.T, name string) {
	if *screenshots == "" {
		return
	}
	h.onScreen(func(screen *ebiten.Image) {
		b := screen.Bounds()
		img := image.NewRGBA(b)
		screen.ReadPixels(img.Pix)
		f, err := os.Create(filepath.Join(*screenshots, name+".png"))
		if err != nil {
			t.Error(err)
			return
		}
		defer f.Close()
		if err := png.Encode(f, img); err != nil {
			t.Error(err)
		}
	})
}

func TestReplayWindow(t *testing.T) {
	tl := loadDarkboard(t, 40)
	app, err := New(Options{Replay: tl})
	if err != nil {
		t.Fatal(err)
	}
	h.show(app)
	defer h.show(nil)
	var l scene.Layout
	h.do(func() {
		app.Inject(Intent{Kind: Press, Button: scene.NextPly}, Intent{Kind: Press, Button: scene.NextPly}, Intent{Kind: Press, Button: scene.NextPly})
	})
	h.do(func() {
		if got := app.frame.Replay.Ply; got != 3 {
			t.Errorf("after three steps the replay is at ply %d; want 3", got)
		}
		l = app.scene.Layout
		// The slider spans the whole record (148 plies), of which 40 are
		// followed: its tenth shows ply 15, its middle the last followed.
		track := l.Slider()
		app.Inject(Intent{Kind: SliderTo, X: track.X + track.W*15/148})
	})
	h.do(func() {
		if got := app.frame.Replay.Ply; got != 15 {
			t.Errorf("the slider at 15/148 shows ply %d; want 15", got)
		}
		track := l.Slider()
		app.Inject(Intent{Kind: SliderTo, X: track.X + track.W/2})
	})
	h.do(func() {
		if got := app.frame.Replay.Ply; got != 40 {
			t.Errorf("the slider's middle shows ply %d; want 40, the last of the 40 followed", got)
		}
		app.Inject(Intent{Kind: Press, Button: scene.FirstPly})
	})
	// White's view at the start: Black's men are hidden...
	h.onScreen(func(screen *ebiten.Image) {
		if n := darkPixels(screen, l, game.A8); n > 5 {
			t.Errorf("a8 before revealing: %d dark pixels; want none (the enemy is hidden)", n)
		}
	})
	// ...until the truth is revealed.
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Reveal}) })
	h.waitFor(t, "the truth", 0, func() bool { return app.frame.Truth != nil })
	h.onScreen(func(screen *ebiten.Image) {
		if n := darkPixels(screen, l, game.A8); n < 40 {
			t.Errorf("a8 revealed: %d dark pixels; want Black's rook (at least 40)", n)
		}
	})
	h.do(func() {
		app.Inject(Intent{Kind: Press, Button: scene.SwapSide}, Intent{Kind: SliderTo, X: l.Slider().X + l.Slider().W*30/40},
			Intent{Kind: Press, Button: scene.CycleHeat}, Intent{Kind: Hover, X: l.Board.X + l.Square*3.5, Y: l.Board.Y + l.Square*0.5})
	})
	h.do(func() {
		if app.frame.View.Side != game.Black || !app.frame.Flipped {
			t.Errorf("after Other side: view of %v, flipped %v; want Black's, flipped", app.frame.View.Side, app.frame.Flipped)
		}
	})
	h.waitFor(t, "the fades to end", 0, func() bool { return !app.frame.Anim.Busy(app.tick) })
	shoot(t, "replay")
}

// TestReplayNotesDisagreement: a record the referee contradicts opens in
// the replay with a note in the panel naming where, as the text replay
// prints it; a sound record opens with none.
func TestReplayNotesDisagreement(t *testing.T) {
	for _, c := range []struct {
		file, want string
	}{
		{"../testdata/games/doctored-check.pgn", "ply 105 (53. Qxd5+, line 115)"},
		{darkboard, ""},
	} {
		tl, err := timeline.Load(c.file, "", timeline.Options{UpTo: 4, Controller: controller.Options{BeliefOnly: true}})
		if err != nil {
			t.Fatal(err)
		}
		app, err := New(Options{Replay: tl})
		if err != nil {
			t.Fatal(err)
		}
		got := app.frame.Panel.Notice
		app.Close()
		if c.want == "" && got != "" || c.want != "" && !(strings.Contains(got, c.want) && strings.Contains(got, "shown as the referee replays it")) {
			t.Errorf("%s: the panel's notice %q; want it to name %q", c.file, got, c.want)
		}
	}
}
