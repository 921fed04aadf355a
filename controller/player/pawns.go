package player

import "github.com/krieg/krieg/game"

// A pawn's worth grows as it nears promotion, and a passed pawn's (no
// enemy pawn ahead of it on its file or either neighbouring file) far more:
// blind, no one stops a passer but by luck. Without the passer's term the bot, a rook and more
// ahead, shuffled its king for hundreds of moves beside a pawn two steps
// from queening, and let the enemy's passers walk to the seventh rank
// (darkboard-mcts queened one and mated).
const (
	advanceWeight = 0.6 // pawns of worth, times the advance squared, for any pawn
	passedWeight  = 3.0 // pawns of worth, times the advance to the fourth, for a passer
)

// ahead[c][s] is the squares in front of a pawn of colour c on s, on its
// file and both neighbouring files: where an enemy pawn stops it from being
// passed.
var ahead = func() (t [2][64]game.Bitboard) {
	for s := game.Square(0); s < 64; s++ {
		span := game.FileMask(s.File())
		if s.File() > 0 {
			span |= game.FileMask(s.File() - 1)
		}
		if s.File() < 7 {
			span |= game.FileMask(s.File() + 1)
		}
		for r := 0; r < 8; r++ {
			switch {
			case r > s.Rank():
				t[game.White][s] |= span & game.RankMask(r)
			case r < s.Rank():
				t[game.Black][s] |= span & game.RankMask(r)
			}
		}
	}
	return t
}()

// advance is how far a pawn of side c on s has come, 0 (home) to 1 (seventh rank).
func advance(s game.Square, c game.Color) float64 {
	r := s.Rank()
	if c == game.Black {
		r = 7 - r
	}
	return float64(r-1) / 5
}

// pawnAdvance rewards side c's pawns for their progress towards promotion.
func pawnAdvance(p *game.Position, c game.Color) float64 {
	v := 0.0
	enemy := p.Pieces(c.Other(), game.Pawn)
	for x := p.Pieces(c, game.Pawn); x != 0; {
		s := x.PopFirst()
		a := advance(s, c)
		v += advanceWeight * a * a
		if ahead[c][s]&enemy == 0 {
			v += passedWeight * a * a * a * a
		}
	}
	return v
}
