package jkrieg

import (
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// KingSquares applies rules R7 and R8 after our move m (from before to after,
// our men only) checked the enemy: for each announced check, the squares
// where the enemy king may stand, attacked with that kind by the moved man
// (off the line it travelled along, which it already controlled) or by one of
// our sliders whose line the move opened; a double check intersects both.
// captured is the square of the man we took, or NoSquare.
func KingSquares(before, after *game.Position, m game.Move, captured game.Square, checks []referee.CheckKind) game.Bitboard {
	us := before.Turn()
	occ := after.ByColor(us)
	mover := after.At(m.To())
	castle := before.IsCastling(m)
	// Squares the move emptied: lines through them are newly open.
	opened := m.From().Bit()
	if captured != game.NoSquare {
		opened |= captured.Bit()
	}
	// The line the moved man travelled along was controlled before the move.
	// With a capture the king may hide beyond the captured man, so only the
	// squares up to the destination count (the origin and behind it were
	// controlled from the origin).
	travelled := game.Line(m.From(), m.To())
	if captured != game.NoSquare {
		for x := travelled; x != 0; {
			s := x.PopFirst()
			if s == m.To() || game.Between(m.From(), s).Has(m.To()) {
				travelled &^= s.Bit()
			}
		}
	}
	if mover.Type() == game.Knight || mover.Type() == game.Pawn || m.Promotion() != game.NoPieceType {
		travelled = game.Between(m.From(), m.To())
	}
	all := ^game.Bitboard(0)
	for _, kind := range checks {
		var squares game.Bitboard
		for x := occ; x != 0; {
			s := x.PopFirst()
			t := after.At(s).Type()
			if t == game.King {
				continue // a king never gives check
			}
			attacks := game.AttacksFrom(t, us, s, occ) &^ occ
			switch {
			case castle:
				// King and rook both moved: any of our men may check.
			case s == m.To():
				attacks &^= travelled
			default:
				// Only a line through an emptied square is new.
				var fresh game.Bitboard
				for y := attacks; y != 0; {
					k := y.PopFirst()
					if game.Between(s, k)&opened != 0 {
						fresh |= k.Bit()
					}
				}
				attacks = fresh
			}
			for y := attacks; y != 0; {
				k := y.PopFirst()
				if kind == referee.CheckPlain || referee.ClassifyCheck(k, s, t) == kind {
					squares |= k.Bit()
				}
			}
		}
		all &= squares
	}
	return all
}
