package raster

import (
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/controller/timeline"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/sprites/scene"
	"github.com/krieg/krieg/sprites/show"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata/golden")

const goldenDir = "../../testdata/golden"

// startView is White's view model at the start of a Wild 16 game.
func startView() controller.ViewModel {
	return controller.New(game.White, referee.Wild16, game.Start(), controller.Options{BeliefOnly: true}).View()
}

// tokenView shows every token kind at several opacities.
func tokenView() controller.ViewModel {
	v := startView()
	r := controller.Reason{Rule: "R1", Message: "test"}
	v.Tokens = []controller.Token{
		{Kind: controller.PieceToken, Square: game.D5, Opacity: 1, Reason: r},
		{Kind: controller.PieceToken, Square: game.E5, Opacity: 0.5, Reason: r},
		{Kind: controller.PieceToken, Square: game.F5, Opacity: 0.2, Reason: r},
		{Kind: controller.CheckToken, Square: game.B4, Opacity: 0.8, Reason: r},
		{Kind: controller.CheckToken, Square: game.C3, Opacity: 0.3, Reason: r},
		{Kind: controller.KingToken, Square: game.E8, Opacity: 0.9, Reason: r},
		{Kind: controller.KingToken, Square: game.F8, Opacity: 0.4, Reason: r},
		{Kind: controller.KingToken, Square: game.G7, Opacity: 0.15, Reason: r},
	}
	return v
}

// darkboardTimeline replays the first plies of the recorded Darkboard game.
func darkboardTimeline(t *testing.T, plies int) *timeline.Timeline {
	t.Helper()
	tl, err := timeline.Load("../../testdata/games/darkboard-liam-2023.pgn", referee.Wild16.Name,
		timeline.Options{UpTo: plies, Controller: controller.Options{Capacity: 512, Seed: 1, Workers: 1}})
	if err != nil {
		t.Fatal(err)
	}
	return tl
}

func TestGoldens(t *testing.T) {
	d, err := New()
	if err != nil {
		t.Fatal(err)
	}
	base := scene.Frame{Mode: scene.PlayScreen, W: 760, H: 480, Show: scene.DefaultShow, Selected: game.NoSquare, Capture: game.NoSquare}
	fading := scene.NewAnimator()
	tv := tokenView()
	fading.Apply(diffFromNothing(tv.Tokens), 0)
	tl := darkboardTimeline(t, 30)
	cases := []struct {
		name  string
		frame func() scene.Frame
	}{
		{"start", func() scene.Frame { f := base; f.View = startView(); return f }},
		{"newgame", func() scene.Frame {
			f := base
			f.Mode, f.View, f.NewGame = scene.NewGameScreen, startView(), scene.DefaultNewGame
			return f
		}},
		// The smallest window: every choice, Play and the help still on the panel.
		{"newgame-640x400", func() scene.Frame {
			f := base
			f.Mode, f.View, f.NewGame = scene.NewGameScreen, startView(), scene.DefaultNewGame
			f.W, f.H = 640, 400
			return f
		}},
		{"tokens", func() scene.Frame { f := base; f.View = tokenView(); return f }},
		{"midfade", func() scene.Frame {
			f := base
			f.View, f.Anim, f.Tick = tv, fading, scene.FadeTicks/2
			return f
		}},
		{"legend", func() scene.Frame {
			f := base
			f.W, f.H = 1000, 640
			f.View, f.Legend = startView(), true
			return f
		}},
		{"contrast", func() scene.Frame {
			f := base
			f.View, f.Theme, f.LastMove = tl.Views[game.White][30], scene.HighContrast, tl.Moves[29]
			return f
		}},
		{"assist-rules", func() scene.Frame {
			f := base
			f.View, f.Assist, f.Show.Heat = tl.Views[game.White][30], scene.AssistRules, game.King
			return f
		}},
		{"zone", func() scene.Frame {
			f := base
			f.View, f.Show.Zone, f.Show.Pieces = tl.Views[game.White][30], true, false
			return f
		}},
		{"heatmap", func() scene.Frame {
			f := base
			f.View, f.Show.Heat = tl.Views[game.White][30], game.King
			return f
		}},
		{"promotion", func() scene.Frame {
			// Black's pawn dropped on d1: the picker stands d1 (queen) to d4 (bishop), board flipped.
			pos, err := game.ParseFEN("4k3/8/8/8/8/8/3p4/7K b - - 0 1")
			if err != nil {
				t.Fatal(err)
			}
			f := base
			f.View = controller.New(game.Black, referee.Wild16, pos, controller.Options{BeliefOnly: true}).View()
			f.Flipped, f.Promote = true, &scene.Promotion{From: game.D2, To: game.D1}
			return f
		}},
		{"preview", func() scene.Frame { return previewFrame(t, base) }},
		// The sign-in screen after a refusal, its password line in dots.
		{"signin", func() scene.Frame {
			f := base
			f.Mode, f.View = scene.SignInScreen, startView()
			f.SignIn = scene.SignInView{Title: "Sign in to krieg.example.org:5000 as alice", User: "alice", Dots: 9}
			f.Panel.Notice = "Invalid password."
			return f
		}},
		{"replay-truth", func() scene.Frame {
			f := base
			f.Mode, f.View, f.Truth = scene.ReplayScreen, tl.Views[game.Black][30], &tl.Truth[30]
			f.Flipped, f.LastMove = true, tl.Moves[29]
			f.Replay = scene.ReplayInfo{Ply: 30, Plies: tl.Plies, Move: tl.Labels[29]}
			return f
		}},
	}
	// The review of a game: the player's (Black's) view at ply 30, truth
	// revealed, the move list.
	cases = append(cases, struct {
		name  string
		frame func() scene.Frame
	}{"review", func() scene.Frame {
		f := base
		f.W, f.H = 1000, 640
		f.Replay.Review, f.Flipped = true, true
		scene.ReplayFrame(&f, tl, 30, game.Black, true)
		return f
	}})
	// The play screen at three window sizes: the smallest supported, a
	// laptop's, full HD.
	for _, size := range [][2]int{{800, 500}, {1280, 800}, {1920, 1080}} {
		cases = append(cases, struct {
			name  string
			frame func() scene.Frame
		}{fmt.Sprintf("play-%dx%d", size[0], size[1]), func() scene.Frame {
			f := base
			f.W, f.H = size[0], size[1]
			f.View, f.LastMove = tl.Views[game.White][30], tl.Moves[29]
			f.Panel = scene.Panel{Title: "Wild 16 · 5+3 · you play White", Status: "Your move", Names: [2]string{"you", "computer"},
				Clocks: [2]time.Duration{4*time.Minute + 12*time.Second, 3*time.Minute + 5*time.Second}, Ticking: true, Running: game.White,
				ShowInput: true, Typed: "e2e4", Notice: "Illegal move: d1h5"}
			return f
		}})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := scene.Build(c.frame())
			golden(t, d, c.name, &s)
		})
	}
	// krieg demo's three boards, at a laptop's size and full HD: the
	// Darkboard game at a refused attempt past move 15, its squares marked.
	show := demoShow(t)
	for _, size := range [][2]int{{1280, 800}, {1920, 1080}} {
		name := fmt.Sprintf("demo-%dx%d", size[0], size[1])
		t.Run(name, func(t *testing.T) {
			s := scene.BuildDemo(show(size[0], size[1]))
			golden(t, d, name, &s)
		})
	}
}

// golden compares the drawing of s with the golden image name (or writes
// it, with -update).
func golden(t *testing.T, d *Drawer, name string, s *scene.Scene) {
	t.Helper()
	got := d.Draw(s)
	path := filepath.Join(goldenDir, name+".png")
	if *update {
		writePNG(t, path, got)
		return
	}
	want := readPNG(t, path)
	if bad, frac := compare(got, want, 24); frac > 0.002 {
		writePNG(t, filepath.Join(t.TempDir(), name+".png"), got)
		t.Errorf("%s: %d pixels (%.2f%%) differ by more than the tolerance from %s; rerun with -update if the change is intended", name, bad, 100*frac, path)
	}
}

// demoShow steps the demo's show through the Darkboard game to its first
// refused attempt past move 15 and returns its view at any size.
func demoShow(t *testing.T) func(w, h int) scene.DemoView {
	t.Helper()
	rec, err := record.ReadFile("../../testdata/games/darkboard-liam-2023.pgn")
	if err != nil {
		t.Fatal(err)
	}
	s := show.New(show.Options{Record: rec, Title: "liam vs Darkboard", Controller: controller.Options{Capacity: 512, Seed: 1, Workers: 1}})
	t.Cleanup(s.Close)
	tick := int64(0)
	for ; !s.Over(); tick++ {
		s.Forward(tick, true)
		steps, at := s.Steps()
		if st := steps[at]; st.Entry.Ply >= 30 && st.Entry.Verdict == referee.Illegal && st.Caption.Marks[0]|st.Caption.Marks[2] != 0 {
			break
		}
	}
	return func(w, h int) scene.DemoView { return s.View(w, h, tick+scene.FadeTicks) }
}

// diffFromNothing lists tokens as having just appeared.
func diffFromNothing(ts []controller.Token) []controller.TokenChange {
	out := make([]controller.TokenChange, len(ts))
	for i, t := range ts {
		out[i] = controller.TokenChange{Token: t, Change: controller.Appeared}
	}
	return out
}

// compare counts the pixels whose channels differ by more than tol and
// returns that count and its fraction of the image (1 when sizes differ).
func compare(a, b image.Image, tol int) (int, float64) {
	if a.Bounds() != b.Bounds() {
		return a.Bounds().Dx() * a.Bounds().Dy(), 1
	}
	bad := 0
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, a1 := a.At(x, y).RGBA()
			r2, g2, b2, a2 := b.At(x, y).RGBA()
			if far(r1, r2, tol) || far(g1, g2, tol) || far(b1, b2, tol) || far(a1, a2, tol) {
				bad++
			}
		}
	}
	return bad, float64(bad) / float64(r.Dx()*r.Dy())
}

func far(x, y uint32, tol int) bool {
	d := int(x>>8) - int(y>>8)
	return d > tol || d < -tol
}

func writePNG(t *testing.T, path string, img image.Image) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}

func readPNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("golden image: %v (create it with go test ./sprites/raster -update)", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return img
}
