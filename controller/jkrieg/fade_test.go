package jkrieg

import (
	"testing"

	"github.com/krieg/krieg/game"
)

// TestCaptureTokenFades covers rule R2: opaque on the capture, halved on
// every enemy move, gone under 1/8 or when our man explores the square.
func TestCaptureTokenFades(t *testing.T) {
	f := Fades{{Square: game.E4, Opacity: 1}}
	for i, want := range []float64{0.5, 0.25, 0.125} {
		f = f.EnemyMoved()
		if len(f) != 1 || f[0].Opacity != want {
			t.Fatalf("after %d enemy moves: %+v, want opacity %v", i+1, f, want)
		}
	}
	if f = f.EnemyMoved(); len(f) != 0 {
		t.Errorf("token under 1/8 still shown: %+v", f)
	}
	f = Fades{{Square: game.E4, Opacity: 1}, {Square: game.H5, Opacity: 1}}
	if f = f.Explored(game.Between(game.E1, game.E8)); len(f) != 1 || f[0].Square != game.H5 {
		t.Errorf("a man crossing e4 should remove its token: %+v", f)
	}
}
