package boards

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/gametest"
	"github.com/krieg/krieg/game/referee"
)

// TestPurposeWeights: with Black to move, taking the white rook scores its
// value, stepping the knight onto a square White attacks loses the knight's,
// leaving the attacked square for a safe one gains half of it.
func TestPurposeWeights(t *testing.T) {
	// The black knight on d5 is attacked by the pawn on e4; it can take the
	// rook on c3, step to f4 (safe) or to f6 (safe), or to b4 (attacked by
	// the pawn on a3).
	p := gametest.Position(t, "7k/8/8/3n4/4P3/P1R5/8/4K3 b - - 0 1")
	moves := map[string]float64{
		"d5c3": 5 + 1.5, // takes the rook on an unguarded square, leaving the attacked d5
		"d5b4": -3,      // lands where the pawn on a3 attacks
		"d5f6": 1.5,     // leaves the attacked d5 for a safe square
		"h8g8": 0,       // a king step
		"d5e3": -3,      // lands where the rook on c3 attacks
	}
	var legal []game.Move
	for text := range moves {
		m, err := game.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		legal = append(legal, m)
	}
	w := make([]float64, len(legal))
	sum := purposeWeights(&p, game.White, legal, w)
	total := 0.0
	for i, m := range legal {
		want := math.Exp(purposeScale * moves[m.String()])
		if math.Abs(w[i]-want) > 1e-12 {
			t.Errorf("%v: weight %v, want exp(%.2f·%v) = %v", m, w[i], purposeScale, moves[m.String()], want)
		}
		total += w[i]
	}
	if math.Abs(sum-total) > 1e-12 {
		t.Errorf("sum %v, want %v", sum, total)
	}
}

// TestPurposeShiftsChildren: after a quiet Black move, the child in which
// the knight left the square White's rook attacks for a safe one weighs
// exp(purposeScale·1.5) times the child in which the king stepped, under the
// purposeful model alone; the same under the uniform one.
func TestPurposeShiftsChildren(t *testing.T) {
	p := gametest.Position(t, "7k/8/8/2n5/8/8/8/2R1K3 b - - 0 1")
	for _, tc := range []struct {
		purpose, ratio float64
	}{{0, 1}, {1, math.Exp(purposeScale * 1.5)}} {
		s := New([]game.Position{p}, game.White, referee.Wild16, 64, 1, 1)
		s.SetPurpose(tc.purpose)
		follow(t, s, heard(t, referee.New(referee.Wild16, p), game.White, "h8g8"))
		probs := s.Probabilities()
		knight, king := probs[game.Knight][game.E6], probs[game.King][game.G8]
		if king == 0 || math.Abs(knight/king-tc.ratio) > 1e-9 {
			t.Errorf("purpose %v: knight on e6 %v, king on g8 %v: ratio %v, want %v", tc.purpose, knight, king, knight/king, tc.ratio)
		}
	}
}

// TestPurposeWeightTable holds the table of weights to the exponential it
// stands for, bit for bit, at every half-pawn score and at scores off it.
func TestPurposeWeightTable(t *testing.T) {
	for k := -60; k <= 100; k++ {
		for _, score := range []float64{float64(k) / 2, float64(k)/2 + 0.25} {
			if got, want := purposeWeight(score), math.Exp(purposeScale*score); got != want {
				t.Errorf("score %v: weight %v, want %v", score, got, want)
			}
		}
	}
}

// TestPurposeOddsMatchesTheList holds purposeOdds, which sums the
// purposeful weights man by man, to modelOdds.add over purposeWeights of the
// listed legal moves, with the kept moves found among them, over the
// screen's positions and the messages of their moves under every ruleset:
// the same sums, to the bit.
func TestPurposeOddsMatchesTheList(t *testing.T) {
	positions := screenPositions(t, 20)
	rng := rand.New(rand.NewPCG(3, 4))
	var sc screen
	var targets game.Targets
	var next game.Position
	var buf, kept [game.MaxMoves]game.Move
	var weights [game.MaxMoves]float64
	var leapers leaperAttacks // kept from board to board, as a refresh keeps it
	compared := 0
	for i := range positions {
		p := &positions[i]
		legal := p.LegalMoves(buf[:0])
		if len(legal) == 0 {
			continue
		}
		p.LegalTargets(&targets)
		us := p.Turn().Other()
		rules := referee.Rulesets[i%len(referee.Rulesets)]
		for k := 0; k < 3; k++ {
			o := heardAfter(p, legal[rng.IntN(len(legal))], rules)
			if k == 2 {
				o = perturbed(o, rng)
			}
			sc.reset(p, &o, &rules)
			runs := sc.filterRuns(&next, &targets, nil)
			w := rng.Float64()
			var got, want modelOdds
			purposeOdds(&got, &leapers, p, us, &targets, runs, w)
			listed := targets.AppendMoves(nil)
			sum := purposeWeights(p, us, listed, weights[:])
			var at []uint8
			j := 0
			for _, m := range appendRunMoves(kept[:0], runs) {
				for listed[j] != m {
					j++
				}
				at = append(at, uint8(j))
			}
			want.add(w, listed, at, weights[:], sum)
			if got != want {
				t.Fatalf("%s, %s, message %+v: purposeOdds %+v, want %+v", p.FEN(), rules.Name, o, got, want)
			}
			compared++
		}
	}
	t.Logf("%d boards and messages", compared)
}
