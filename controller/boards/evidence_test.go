package boards

import (
	"math"
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/gametest"
	"github.com/krieg/krieg/game/referee"
)

// TestEvidence: with White's queen hanging to Black's knight, the capture
// is evidence for the purposeful opponent model and a king step instead is
// evidence against it, measured while B2 weighs moves uniformly; on a board
// known for sure the factor is the ratio of the move's two probabilities.
func TestEvidence(t *testing.T) {
	p := gametest.Position(t, "7k/8/8/2n5/8/3Q4/8/4K3 b - - 0 1")
	var buf [game.MaxMoves]game.Move
	legal := p.LegalMoves(buf[:0])
	w := make([]float64, len(legal))
	sum := purposeWeights(&p, game.White, legal, w)
	for _, tc := range []struct {
		move     string
		positive bool
	}{{"c5d3", true}, {"h8g8", false}} {
		s := New([]game.Position{p}, game.White, referee.Wild16, 64, 1, 1)
		follow(t, s, heard(t, referee.New(referee.Wild16, p), game.White, tc.move))
		if got := s.Evidence(); (got > 0) != tc.positive {
			t.Errorf("%s: evidence %v, want it above zero: %v", tc.move, got, tc.positive)
		}
		if s.Purpose() != 0 {
			t.Errorf("%s: the purposeful model's share became %v", tc.move, s.Purpose())
		}
		if tc.move == "h8g8" {
			continue // a quiet move: every quiet king and knight step is allowed
		}
		for i, m := range legal {
			if m.String() == tc.move {
				want := math.Log((w[i] / sum) / (1 / float64(len(legal))))
				if math.Abs(s.Evidence()-want) > 1e-9 {
					t.Errorf("%s: evidence %v, want log of %v over %v = %v", tc.move, s.Evidence(), w[i]/sum, 1/float64(len(legal)), want)
				}
			}
		}
	}
}
