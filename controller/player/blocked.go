package player

import (
	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
)

// A king whose pawns cannot move is as good as a lone king: its side's moves
// are king moves, and its pawns are squares its king cannot enter and our
// lines cannot cross. The lone-king techniques play such endings with the
// pawns fixed on the board beside our men, as long as every believed board
// holds them on the same squares and none of them can move there; a move of
// ours that would free one counts as the loss of the technique.

// blockedPawns returns the enemy's pawns when every board holds the same
// ones and none of them can move (a push blocked, nothing to take); ok is
// false otherwise. A board with no enemy pawn gives none.
func blockedPawns(boards []controller.Board, them game.Color) (pawns game.Bitboard, ok bool) {
	for i, b := range boards {
		p := &b.Pos
		mine := p.Pieces(them, game.Pawn)
		if i == 0 {
			pawns = mine
		} else if mine != pawns {
			return 0, false
		}
		if p.ByColor(them) != mine|p.Pieces(them, game.King) {
			return 0, false
		}
		if pawnsMobile(p, them) {
			return 0, false
		}
	}
	return pawns, true
}

// pawnsMobile reports whether some pawn of side c in p may push or take.
func pawnsMobile(p *game.Position, c game.Color) bool {
	pawns := p.Pieces(c, game.Pawn)
	if pawns&^behind(p.Occupied(), c) != 0 {
		return true // a push
	}
	enemy := p.ByColor(c.Other())
	for x := pawns; x != 0; {
		if game.PawnAttacks(c, x.PopFirst())&enemy != 0 {
			return true
		}
	}
	return false
}

// behind is the squares one step behind set for side c's pawns: a pawn of
// c there has a man of set on the square ahead.
func behind(set game.Bitboard, c game.Color) game.Bitboard {
	if c == game.White {
		return set >> 8
	}
	return set << 8
}

// withFixed is own (our men) with the enemy's blocked pawns put beside them.
func withFixed(own *game.Position, pawns game.Bitboard) game.Position {
	fixed := *own
	them := own.Turn().Other()
	for x := pawns; x != 0; {
		fixed.Put(x.PopFirst(), game.NewPiece(them, game.Pawn))
	}
	return fixed
}

// withoutPawns is p with every pawn taken off: the tables know none.
func withoutPawns(p *game.Position) game.Position {
	core := *p
	for x := p.ByType(game.Pawn); x != 0; {
		core.Remove(x.PopFirst())
	}
	return core
}

// blockers are side us's pawns in p with an enemy pawn on the square ahead:
// taken, they free it.
func blockers(p *game.Position, us game.Color) game.Bitboard {
	return p.Pieces(us, game.Pawn) & behind(p.Pieces(us.Other(), game.Pawn), us)
}

// rammed reports whether each of ours (side us's pawns) has one of theirs
// on the square ahead, so that it cannot move either.
func rammed(ours, theirs game.Bitboard, us game.Color) bool {
	return ours&^behind(theirs, us) == 0
}
