package controller

import (
	"math"
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/gametest"
)

// TestFloorSpreadsOverB1: a king B2 puts on d8 for certain, with B1 allowing
// d8, e8, f8 and g8, keeps 95 % plus its share of the floor on d8 and gets
// 5 %/4 on each other B1 square; squares outside B1 stay 0; the mass stays 1.
// A class B2 expects none of (a queen only a promotion could make) spreads
// the B1 bound instead.
func TestFloorSpreadsOverB1(t *testing.T) {
	var p [game.King + 1][64]float64
	var possible [game.King + 1]game.Bitboard
	var max [game.King + 1]int
	p[game.King][game.D8] = 1
	possible[game.King] = gametest.Squares(t, "d8 e8 f8 g8")
	possible[game.Queen] = gametest.Squares(t, "a1 h1")
	max[game.King], max[game.Queen] = 1, 1
	got := floored(p, possible, max, 0.05)
	want := map[game.Square]float64{game.D8: 0.95 + 0.0125, game.E8: 0.0125, game.F8: 0.0125, game.G8: 0.0125}
	sum := 0.0
	for s := game.Square(0); s < 64; s++ {
		sum += got[game.King][s]
		if math.Abs(got[game.King][s]-want[s]) > 1e-12 {
			t.Errorf("king on %v: %v, want %v", s, got[game.King][s], want[s])
		}
	}
	if math.Abs(sum-1) > 1e-12 {
		t.Errorf("king mass %v, want 1", sum)
	}
	if got[game.Queen][game.A1] != 0.025 || got[game.Queen][game.H1] != 0.025 {
		t.Errorf("queen %v %v, want 0.025 each", got[game.Queen][game.A1], got[game.Queen][game.H1])
	}
	if none := floored(p, possible, max, -1); none != p {
		t.Error("a negative floor changed the probabilities")
	}
}
