package game

import (
	"slices"
	"testing"
)

// TestLegalTargetsListLegalMoves: over the positions of the order test
// (random games from the perft positions, and each side's men alone), the
// moves LegalTargets holds are LegalMoves' list in its order, Count and
// LegalTargets' answer are its length, and AppendMovesTo keeps exactly the moves landing on the squares
// asked, in order.
func TestLegalTargetsListLegalMoves(t *testing.T) {
	var buf [MaxMoves]Move
	var tg Targets
	n := 0
	orderPositions(func(p *Position) {
		legal := p.LegalMoves(buf[:0])
		counted := p.LegalTargets(&tg)
		if got := tg.AppendMoves(nil); !slices.Equal(got, legal) {
			t.Fatalf("%s: targets list %v, LegalMoves %v", p.FEN(), got, legal)
		}
		if c := tg.Count(); c != len(legal) {
			t.Fatalf("%s: Count %d, LegalMoves %d", p.FEN(), c, len(legal))
		}
		if counted != len(legal) {
			t.Fatalf("%s: LegalTargets counted %d, LegalMoves %d", p.FEN(), counted, len(legal))
		}
		to := Bitboard(0x00ff00000000ff00) | bit(Square(n%64))
		var want []Move
		for _, m := range legal {
			if to.Has(m.To()) {
				want = append(want, m)
			}
		}
		if got := tg.AppendMovesTo(nil, to); !slices.Equal(got, want) {
			t.Fatalf("%s: moves to %x: %v, want %v", p.FEN(), uint64(to), got, want)
		}
		n++
	})
}

// BenchmarkLegalTargets times LegalTargets over the order test's positions,
// beside BenchmarkLegalTargetsBaseline, LegalMoves over the same positions.
func BenchmarkLegalTargets(b *testing.B) {
	positions := orderList()
	var tg Targets
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		positions[i%len(positions)].LegalTargets(&tg)
	}
}

// BenchmarkLegalTargetsBaseline: LegalMoves over the same positions.
func BenchmarkLegalTargetsBaseline(b *testing.B) {
	positions := orderList()
	var buf [MaxMoves]Move
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = positions[i%len(positions)].LegalMoves(buf[:0])
	}
}

// orderList returns the positions orderPositions visits.
func orderList() []Position {
	var out []Position
	orderPositions(func(p *Position) { out = append(out, *p) })
	return out
}
