package controller

import (
	"github.com/krieg/krieg/game/gametest"
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// TestRefusedKingStepFindsLoneKing: through a real referee, a lone king that
// must have stepped next to the square our king tried is pinned down to the
// squares that attack it.
func TestRefusedKingStepFindsLoneKing(t *testing.T) {
	f := newFixture(t, "8/8/8/3k4/8/3K4/8/R7 w - - 0 1", referee.Wild16)
	f.play(t, "a1a2", "d5e5")
	before := f.players[game.White].Belief().Possible[game.King]
	if want := gametest.Squares(t, "c5 e5 c6 d6 e6"); before != want {
		t.Fatalf("king squares after its step: %q, want %q", gametest.Names(before), gametest.Names(want))
	}
	f.play(t, "d3d4")
	if f.ref.Plies() != 2 {
		t.Fatal("d3d4 should be refused: the king on e5 guards d4")
	}
	if got, want := f.players[game.White].Belief().Possible[game.King], gametest.Squares(t, "c5 e5"); got != want {
		t.Errorf("king squares after the refusal: %q, want %q", gametest.Names(got), gametest.Names(want))
	}
}

// TestWitnessedAttempts: only refusals an enemy man must explain are used;
// castling (an attacked square refuses it), moves our men cannot make and
// under-promotions where only queens are allowed are answered "illegal"
// without a witness.
func TestWitnessedAttempts(t *testing.T) {
	for _, tc := range []struct {
		fen     string
		rules   referee.Ruleset
		attempt string
		want    bool
	}{
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1", referee.Wild16, "e1f2", true},
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1", referee.Wild16, "h1h8", true},
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1", referee.Wild16, "e1g1", false},
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1", referee.Wild16, "h1g3", false},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", referee.OpenTries, "a7a8q", true},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", referee.OpenTries, "a7a8n", false},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", referee.Wild16, "a7a8n", true},
	} {
		pos, err := game.ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := game.ParseMove(tc.attempt)
		if err != nil {
			t.Fatal(err)
		}
		c := New(game.White, tc.rules, pos, Options{BeliefOnly: true})
		if got := c.witnessed(m); got != tc.want {
			t.Errorf("%s %s in %s: witnessed %v, want %v", tc.rules.Name, tc.attempt, tc.fen, got, tc.want)
		}
	}
}

// TestIllegalPawnCaptureEmptiesTarget: in Wild 16 with a try announced, a
// refused pawn capture shows its target empty.
func TestIllegalPawnCaptureEmptiesTarget(t *testing.T) {
	f := newFixture(t, "4k3/1n6/4p3/8/3P4/8/8/4K3 b - - 0 1", referee.Wild16)
	f.play(t, "e6e5") // now d4xe5 is possible: "1 pawn try"
	white := f.players[game.White]
	if !white.Belief().Possible[game.Knight].Has(gametest.Squares(t, "c5").First()) {
		t.Fatal("the knight on b7 may have gone to c5")
	}
	f.play(t, "d4c5")
	if f.ref.Plies() != 1 {
		t.Fatal("d4xc5 should have been refused")
	}
	if white.Belief().Possible[game.Knight].Has(gametest.Squares(t, "c5").First()) {
		t.Error("a refused d4xc5 with a try announced shows c5 empty")
	}
}
