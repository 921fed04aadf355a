package controller

import (
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
	if want := squares(t, "c5 e5 c6 d6 e6"); before != want {
		t.Fatalf("king squares after its step: %q, want %q", names(before), names(want))
	}
	f.play(t, "d3d4")
	if f.ref.Plies() != 2 {
		t.Fatal("d3d4 should be refused: the king on e5 guards d4")
	}
	if got, want := f.players[game.White].Belief().Possible[game.King], squares(t, "c5 e5"); got != want {
		t.Errorf("king squares after the refusal: %q, want %q", names(got), names(want))
	}
}

// TestWitnessNeedsOneClass: when another class may also have refused the
// attempt (a knight on f5 guards d4), the king is not pinned down.
func TestWitnessNeedsOneClass(t *testing.T) {
	own := ownOf(t, "7k/8/8/8/8/3K4/8/R7 w - - 0 1")
	kings := squares(t, "c5 e5 c6 d6 e6")
	b := uncertain(map[game.PieceType]game.Bitboard{game.King: kings, game.Knight: squares(t, "f5 h8")})
	b.illegalAttempt(&own, game.NewMove(game.D3, game.D4, game.NoPieceType))
	if b.Possible[game.King] != kings || b.Possible[game.Knight] != squares(t, "f5 h8") {
		t.Errorf("king %q knight %q: two classes may witness, nothing is learnt", names(b.Possible[game.King]), names(b.Possible[game.Knight]))
	}
}

// TestRefusedPushWitnesses: a refused pawn push is witnessed by a man on the
// squares ahead or by one attacking our king; with no pawn or piece ahead
// possible, the single queen is the attacker.
func TestRefusedPushWitnesses(t *testing.T) {
	own := ownOf(t, "7k/8/8/8/8/8/4P3/4K3 w - - 0 1")
	push := game.NewMove(game.E2, game.E4, game.NoPieceType)
	queenSquares := squares(t, "h4 a5 c6")
	b := uncertain(map[game.PieceType]game.Bitboard{game.King: squares(t, "h8"), game.Queen: queenSquares, game.Pawn: squares(t, "e4 a7")})
	b.illegalAttempt(&own, push)
	if b.Possible[game.Queen] != queenSquares {
		t.Errorf("queens %q: a pawn on e4 may block the push, nothing is learnt", names(b.Possible[game.Queen]))
	}
	b.Possible[game.Pawn] = squares(t, "a7")
	b.illegalAttempt(&own, push)
	if b.Possible[game.Queen] != queenSquares {
		t.Errorf("queens %q: up to three queens, one of them explains, nothing is learnt", names(b.Possible[game.Queen]))
	}
	b.makeups[0][queens] = 1
	b.recount()
	b.illegalAttempt(&own, push)
	if want := squares(t, "h4 a5"); b.Possible[game.Queen] != want {
		t.Errorf("queens %q, want %q: only a queen on the e1 diagonals explains the refusal", names(b.Possible[game.Queen]), names(want))
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
