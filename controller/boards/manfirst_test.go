package boards

import (
	"math"
	"testing"

	"github.com/krieg/krieg/game"
)

// allRuns holds every legal move of t as runs, promotions once per piece.
func allRuns(t *game.Targets) []run {
	var runs []run
	if t.King != game.NoSquare {
		to := t.Steps
		for _, c := range t.Castle {
			if c != game.NoSquare {
				to |= c.Bit()
			}
		}
		if to != 0 {
			runs = append(runs, run{to: to, from: t.King})
		}
	}
	for i := 0; i < t.N; i++ {
		m := t.Men[i]
		if t.Promoting.Has(m.From) {
			for _, pt := range []game.PieceType{game.Queen, game.Rook, game.Bishop, game.Knight} {
				runs = append(runs, run{to: m.To, from: m.From, promo: pt})
			}
			continue
		}
		runs = append(runs, run{to: m.To, from: m.From})
	}
	for x := t.EnPassant; x != 0; {
		runs = append(runs, run{to: t.Passant.Bit(), from: x.PopFirst()})
	}
	return runs
}

func TestManFirstWeighsEachManAlike(t *testing.T) {
	for _, fen := range []string{
		"7k/8/8/8/8/8/8/R6K w - - 0 1",                             // a king in the corner and a rook
		"7k/8/8/8/3K4/8/8/R7 w - - 0 1",                            // the king in the middle
		"r3k2r/pppq1ppp/8/3pP3/8/8/PPP2PPP/RNBQKBNR w KQkq d6 0 5", // castling, en passant
		"8/1P5k/8/8/8/8/8/K7 w - - 0 1",                            // promotions
	} {
		p, err := game.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		var tg game.Targets
		p.LegalTargets(&tg)
		runs := allRuns(&tg)
		ws := manFirstWeights(nil, &tg, runs, 2)
		if len(ws) != tg.Count() {
			t.Fatalf("%s: %d weights for %d legal moves", fen, len(ws), tg.Count())
		}
		sum := 0.0
		for _, w := range ws {
			sum += w
		}
		if math.Abs(sum-2) > 1e-9 {
			t.Errorf("%s: the children weigh %v in all, want the board's 2", fen, sum)
		}
	}
	// A rook's move weighs the same whatever the king could do.
	rookMove := func(fen string) float64 {
		p, _ := game.ParseFEN(fen)
		var tg game.Targets
		p.LegalTargets(&tg)
		for _, r := range allRuns(&tg) {
			if r.from == game.A4 {
				return manFirstWeights(nil, &tg, []run{r}, 1)[0]
			}
		}
		t.Fatalf("%s: no rook move", fen)
		return 0
	}
	corner, middle := rookMove("7k/8/8/8/R7/8/8/7K w - - 0 1"), rookMove("7k/8/4K3/8/R7/8/8/8 w - - 0 1")
	if math.Abs(corner-middle) > 1e-12 {
		t.Errorf("a rook move weighs %v beside a cornered king and %v beside a free one, want the same", corner, middle)
	}
}
