package referee

import "github.com/krieg/krieg/game"

// ClassifyCheck returns the direction of a check on a king on king by a man of
// type t on from (docs/rules.md, "Checks"): knight, rank, file, or the long or short
// diagonal through the king's square. Pawn checks are diagonal checks.
func ClassifyCheck(king, from game.Square, t game.PieceType) CheckKind {
	switch {
	case t == game.Knight:
		return CheckKnight
	case king.Rank() == from.Rank():
		return CheckRank
	case king.File() == from.File():
		return CheckFile
	}
	if LongDiagonal(king).Has(from) {
		return CheckLong
	}
	return CheckShort
}

// LongDiagonal returns the squares of the longer of the two diagonals through
// s (never tied on 8x8); ShortDiagonal the other one. Both include s.
func LongDiagonal(s game.Square) game.Bitboard {
	main, anti := diagonals(s)
	if main.Count() > anti.Count() {
		return main
	}
	return anti
}

// ShortDiagonal returns the shorter of the two diagonals through s, s included.
func ShortDiagonal(s game.Square) game.Bitboard {
	main, anti := diagonals(s)
	if main.Count() > anti.Count() {
		return anti
	}
	return main
}

// diagonals returns the a1-h8-direction and a8-h1-direction diagonals through s.
func diagonals(s game.Square) (main, anti game.Bitboard) {
	for t := game.Square(0); t < 64; t++ {
		if t.File()-t.Rank() == s.File()-s.Rank() {
			main |= t.Bit()
		}
		if t.File()+t.Rank() == s.File()+s.Rank() {
			anti |= t.Bit()
		}
	}
	return main, anti
}

// CheckKinds appends to out the checks on the side to move in p, one per
// checker in increasing square order, each classified by direction.
func CheckKinds(p *game.Position, out []CheckKind) []CheckKind {
	king := p.KingSquare(p.Turn())
	for b := p.Checkers(); b != 0; {
		s := b.PopFirst()
		out = append(out, ClassifyCheck(king, s, p.At(s).Type()))
	}
	return out
}

// triesOf computes the pawn-try information of the side to move in p.
func triesOf(p *game.Position, style TryStyle) Tries {
	var buf [game.MaxMoves]game.Move
	caps := p.PawnCaptures(buf[:0])
	t := Tries{Count: len(caps)}
	switch style {
	case TriesSquares:
		var from game.Bitboard
		for _, m := range caps {
			from |= m.From().Bit()
		}
		t.Squares = from.Squares()
	case TriesMoves:
		t.Moves = append([]game.Move{}, caps...)
	}
	return t
}
