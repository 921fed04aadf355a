package jkrieg

import (
	"github.com/krieg/krieg/game/gametest"
	"testing"

	"github.com/krieg/krieg/game"
)

// TestPawnTryOpacity covers rule R1 (thesis figure 3.1): the occupied
// candidates must account for exactly n tries.
func TestPawnTryOpacity(t *testing.T) {
	own, err := game.ParseFEN("4k3/8/8/8/2P1P3/8/P6P/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	targets, hits := TryTargets(&own, game.White, ^game.Bitboard(0))
	if gametest.Names(targets) != gametest.Names(gametest.Squares(t, "b5 d5 f5 b3 g3")) {
		t.Fatalf("targets %q", gametest.Names(targets))
	}
	if hits[gametest.Squares(t, "d5").First()] != 2 {
		t.Errorf("d5 is hit by two pawns, got %d", hits[gametest.Squares(t, "d5").First()])
	}
	// Two tries from the c4/e4 pair alone: d5 (two captures) or b5 and f5.
	pair, pairHits := TryTargets(&own, game.White, gametest.Squares(t, "b5 d5 f5"))
	op := TryOpacity(pair, pairHits, 2)
	for _, s := range []string{"b5", "d5", "f5"} {
		if got := op[gametest.Squares(t, s).First()]; got != 0.5 {
			t.Errorf("%s opacity %v, want 0.5", s, got)
		}
	}
	// Two tries from the a2 and h2 pawns: only b3 and g3 together explain them.
	edge, edgeHits := TryTargets(&own, game.White, gametest.Squares(t, "b3 g3"))
	op = TryOpacity(edge, edgeHits, 2)
	for _, s := range []string{"b3", "g3"} {
		if got := op[gametest.Squares(t, s).First()]; got != 1 {
			t.Errorf("%s opacity %v, want 1 (certain)", s, got)
		}
	}
}
