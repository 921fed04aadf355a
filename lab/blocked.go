package lab

import (
	"math/rand/v2"

	"github.com/krieg/krieg/game"
)

// Blocked studies are the won endings the bot used to draw: the enemy has a
// king and one to three pawns that cannot move, each rammed head-on by a pawn
// of ours on a file of its own, and we have our king and two bishops (of
// both colours), bishop and knight, or a rook. The enemy's moves are king
// moves, unless its king takes one of our pawns and frees its own.
var blockedMen = map[string][]game.PieceType{
	"kbbk-blocked": {game.Bishop, game.Bishop},
	"kbnk-blocked": {game.Bishop, game.Knight},
	"krk-blocked":  {game.Rook},
}

// drawBlocked places a blocked study: the rammed pawns first (one to three
// files no two of which touch, so that no pawn can take another), then the
// kings and our men as drawEndgame does; ok is false when the placement is
// not a legal position in play, a king stands in check, two bishops share a
// colour, an enemy pawn could take, or the enemy king touches one of our men (a blind side cannot
// always save a man the king stands beside, and such a start measures that
// guess, not the mate).
func drawBlocked(men []game.PieceType, rng *rand.Rand) (game.Position, bool) {
	us := game.Color(rng.IntN(2))
	them := us.Other()
	p := game.Empty()
	files := rng.Perm(8)[:1+rng.IntN(3)]
	ranks := make([]int, len(files))
	for i := range ranks {
		ranks[i] = 1 + rng.IntN(5) // the rank of our pawn, from our side: 2nd to 6th
	}
	own, ek := game.Square(rng.IntN(64)), game.Square(rng.IntN(64))
	squares := make([]game.Square, len(men))
	for i := range squares {
		squares[i] = game.Square(rng.IntN(64))
	}
	for i, f := range files {
		for j := range i {
			if d := f - files[j]; d >= -1 && d <= 1 {
				return p, false
			}
		}
		r := ranks[i]
		ahead := r + 1
		if us == game.Black {
			r, ahead = 7-r, 6-r
		}
		p.Put(game.NewSquare(f, r), game.NewPiece(us, game.Pawn))
		p.Put(game.NewSquare(f, ahead), game.NewPiece(them, game.Pawn))
	}
	if p.Occupied().Has(own) || p.Occupied().Has(ek) || own.Distance(ek) < 2 {
		return p, false
	}
	p.Put(own, game.NewPiece(us, game.King))
	p.Put(ek, game.NewPiece(them, game.King))
	for i, t := range men {
		if p.Occupied().Has(squares[i]) {
			return p, false
		}
		p.Put(squares[i], game.NewPiece(us, t))
	}
	if b := p.Pieces(us, game.Bishop); b.Count() == 2 {
		s, t := b.First(), (b & (b - 1)).First()
		if (s.File()+s.Rank())%2 == (t.File()+t.Rank())%2 {
			return p, false
		}
	}
	p.SetTurn(us)
	occ := p.Occupied()
	if p.AttackersTo(ek, us, occ) != 0 || p.AttackersTo(own, them, occ) != 0 {
		return p, false
	}
	if game.KingAttacks(ek)&p.ByColor(us) != 0 {
		return p, false
	}
	for x := p.Pieces(them, game.Pawn); x != 0; {
		if game.PawnAttacks(them, x.PopFirst())&p.ByColor(us) != 0 {
			return p, false // the pawn could take a man of ours: not blocked
		}
	}
	return p, p.Status() == game.Ongoing
}
