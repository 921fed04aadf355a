package game

import (
	"slices"
	"testing"
)

// TestIsLegalMatchesLegalMoves: IsLegal, which judges the moving man alone,
// says yes exactly to LegalMoves' moves, over the order test's positions
// (castling, en passant, promotion, pins and checks among them, and sides
// without a king): on every thirteenth, every move of every man of the side
// to move to every square with every promotion field; on the others, the
// legal moves and the same moves with the promotion changed. Moves from an
// enemy or empty square, and with the unused top bit, are never legal.
func TestIsLegalMatchesLegalMoves(t *testing.T) {
	var buf [MaxMoves]Move
	n, judged := 0, 0
	orderPositions(func(p *Position) {
		legal := p.LegalMoves(buf[:0])
		check := func(m Move) {
			judged++
			if got, want := p.IsLegal(m), slices.Contains(legal, m); got != want {
				t.Fatalf("%s: IsLegal(%v) = %v; LegalMoves says %v", p.FEN(), m, got, want)
			}
		}
		for _, m := range legal {
			check(m)
			for promo := PieceType(0); promo < 8; promo++ {
				check(m&^(7<<12) | Move(promo)<<12)
			}
			check(m | 1<<15)
		}
		if n%13 == 0 {
			for from := Square(0); from < 64; from++ {
				for to := Square(0); to < 64; to++ {
					for promo := PieceType(0); promo < 8; promo++ {
						check(NewMove(from, to, promo))
					}
				}
			}
		}
		n++
	})
	t.Logf("%d moves judged on %d positions", judged, n)
}

// BenchmarkIsLegal judges each legal move of the order test's positions,
// beside BenchmarkIsLegalBaseline, which finds it in LegalMoves' list as
// IsLegal once did.
func BenchmarkIsLegal(b *testing.B) {
	positions, moves := orderMoves()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		j := i % len(moves)
		if !positions[j].IsLegal(moves[j]) {
			b.Fatal("a legal move judged illegal")
		}
	}
}

// BenchmarkIsLegalBaseline: see BenchmarkIsLegal.
func BenchmarkIsLegalBaseline(b *testing.B) {
	positions, moves := orderMoves()
	var buf [MaxMoves]Move
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		j := i % len(moves)
		if !slices.Contains(positions[j].LegalMoves(buf[:0]), moves[j]) {
			b.Fatal("a legal move not listed")
		}
	}
}

// orderMoves pairs each of the order test's positions that has a legal
// move with one of them.
func orderMoves() ([]*Position, []Move) {
	var positions []*Position
	var moves []Move
	var buf [MaxMoves]Move
	orderPositions(func(p *Position) {
		if legal := p.LegalMoves(buf[:0]); len(legal) > 0 {
			q := *p
			positions, moves = append(positions, &q), append(moves, legal[len(positions)%len(legal)])
		}
	})
	return positions, moves
}
