package lab

import (
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/gametest"
)

// TestCredibleRegion: the smallest set of squares holding the mass, taken
// from the most probable down.
func TestCredibleRegion(t *testing.T) {
	for _, tc := range []struct {
		name string
		p    map[string]float64
		mass float64
		want string
	}{
		{"one square holds it all", map[string]float64{"e8": 1}, 0.9, "e8"},
		{"the top two reach a half", map[string]float64{"a1": 0.3, "b1": 0.25, "c1": 0.2, "d1": 0.15, "e1": 0.1}, 0.5, "a1 b1"},
		{"ninety needs four of five", map[string]float64{"a1": 0.3, "b1": 0.25, "c1": 0.2, "d1": 0.15, "e1": 0.1}, 0.9, "a1 b1 c1 d1"},
		{"exactly half is enough", map[string]float64{"a1": 0.5, "h8": 0.5}, 0.5, "a1"},
		{"uniform over four at a half", map[string]float64{"a1": 0.25, "b2": 0.25, "c3": 0.25, "d4": 0.25}, 0.5, "a1 b2"},
		{"zero squares never join", map[string]float64{"a1": 0.6, "b1": 0.4}, 1, "a1 b1"},
		{"no mass, no region", map[string]float64{}, 0.9, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var p [64]float64
			for s, x := range tc.p {
				p[gametest.Squares(t, s).First()] = x
			}
			if got := gametest.Names(CredibleRegion(&p, tc.mass)); got != tc.want {
				t.Errorf("region %q, want %q", got, tc.want)
			}
		})
	}
}

// view returns a view model for White with the given king and knight
// probabilities (square → probability) and White's men from fen.
func view(t *testing.T, fen string, king, knight map[string]float64) *controller.ViewModel {
	v := &controller.ViewModel{Side: game.White, Own: gametest.White(t, fen)}
	for s, x := range king {
		v.Probability[game.King][gametest.Squares(t, s).First()] = x
	}
	for s, x := range knight {
		v.Probability[game.Knight][gametest.Squares(t, s).First()] = x
	}
	return v
}

// TestHonestyOnKnownViews scores three hand-made player-plies whose figures
// are known: the king on a square rated 0, on one rated 0.5 %, and on the most
// likely square; a knight once rated 0.
func TestHonestyOnKnownViews(t *testing.T) {
	const fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
	truth := gametest.Position(t, "4k3/8/8/8/8/8/8/4K1n1 w - - 0 1")
	h := newHonesty()
	// 1: king on e8 rated 0, knight on g1 rated 0.5.
	h.add(&truth, game.White, view(t, fen, map[string]float64{"d8": 0.6, "f8": 0.4}, map[string]float64{"g1": 0.5, "h3": 0.5}))
	// 2: king on e8 rated 0.005, knight on g1 rated 0.
	h.add(&truth, game.White, view(t, fen, map[string]float64{"e8": 0.005, "d8": 0.995}, map[string]float64{"h3": 1}))
	// 3: king on e8 rated 0.7, knight on g1 rated 1.
	h.add(&truth, game.White, view(t, fen, map[string]float64{"e8": 0.7, "d8": 0.3}, map[string]float64{"g1": 1}))
	h.finish()
	f := h.FalseZeros
	if !near(f.KingZero, 1.0/3) || !near(f.KingBelow, 2.0/3) || f.Men != 6 || !near(f.MenZero, 2.0/6) {
		t.Errorf("false zeros %+v: want king 1/3, below 1%% 2/3, men 2 of 6", f)
	}
	// 50 %: {d8}, {d8}, {e8}: covers once, one square each.
	// 90 %: {d8 f8}, {d8}, {e8 d8}: covers once, sizes 2, 1, 2.
	// Their masses: 0.6, 0.995, 0.7 and 1, 0.995, 1.
	want := []Region{{Mass: 0.5, Coverage: 1.0 / 3, MeanSize: 1, MeanMass: (0.6 + 0.995 + 0.7) / 3},
		{Mass: 0.9, Coverage: 1.0 / 3, MeanSize: 5.0 / 3, MeanMass: (1 + 0.995 + 1) / 3}}
	for i, r := range h.Regions {
		if r.Mass != want[i].Mass || !near(r.Coverage, want[i].Coverage) || !near(r.MeanSize, want[i].MeanSize) || !near(r.MeanMass, want[i].MeanMass) {
			t.Errorf("region %+v, want %+v", r, want[i])
		}
	}
	// The king's cells: 63 squares not ours (our king on e1) per ply. Ply 3's e8 (0.7,
	// occupied) is the only cell of bin 0.7-0.8.
	k := h.Reliable.King
	if b := k[7]; b.Cells != 1 || !near(b.Predicted, 0.7) || b.Observed != 1 {
		t.Errorf("king bin 0.7-0.8 %+v, want one occupied cell at 0.7", b)
	}
	if b := k[9]; b.Cells != 1 || b.Observed != 0 {
		t.Errorf("king bin 0.9-1.0 %+v, want d8 at 0.995, empty", b)
	}
	cells := 0
	for _, b := range k {
		cells += b.Cells
	}
	if cells != 3*63 {
		t.Errorf("%d king cells, want %d", cells, 3*63)
	}
	// All classes: the knight's 0.5 on g1 (occupied) and on h3 (empty) fill
	// bin 0.5-0.6 with one hit in two; g1 at 1 and h3 at 1 fill the top bin.
	if b := h.Reliable.All[5]; b.Cells != 2 || b.Observed != 0.5 {
		t.Errorf("all-class bin 0.5-0.6 %+v, want two cells, one occupied", b)
	}
	if b := h.Reliable.All[9]; b.Cells != 3 || !near(b.Observed, 1.0/3) {
		t.Errorf("all-class bin 0.9-1.0 %+v, want d8, h3 and g1, one occupied", b)
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// TestPlotWritesPNG draws a reliability diagram and reads it back as a PNG.
func TestPlotWritesPNG(t *testing.T) {
	h := newHonesty()
	truth := gametest.Position(t, "4k3/8/8/8/8/8/8/4K1n1 w - - 0 1")
	h.add(&truth, game.White, view(t, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", map[string]float64{"e8": 0.7, "d8": 0.3}, map[string]float64{"g1": 1}))
	h.finish()
	path := filepath.Join(t.TempDir(), "rel.png")
	if err := h.Reliable.Plot(path); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	if b := img.Bounds(); b.Dx() < 100 || b.Dy() < 100 {
		t.Errorf("plot %v too small", b)
	}
	if err := h.Reliable.Plot(filepath.Join(t.TempDir(), "missing", "rel.png")); err == nil {
		t.Error("plotting into a missing directory succeeded")
	}
}
