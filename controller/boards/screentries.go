package boards

import "github.com/krieg/krieg/game"

// capturesAfter returns the legal pawn captures we would have after the
// enemy's move that leaves its men as after and captures on capSq (NoSquare
// for none), in PawnCaptures' order, for a move that leaves our king out of
// check. Then a capture is legal unless its pawn is pinned and leaves the pin
// line; a pawn is pinned when an enemy slider on a line through our king sees
// the king once the pawn is lifted (it cannot see it now, or the king would
// be in check). An en passant capture is legal unless, with both pawns
// lifted and ours on the en passant square, an enemy slider sees our king.
func (s *screen) capturesAfter(after *moveMen, capSq game.Square) []game.Move {
	pawns := s.ourPawns
	if capSq != game.NoSquare {
		pawns &^= capSq.Bit()
	}
	last := game.Rank8
	if s.us == game.Black {
		last = game.Rank1
	}
	caps := s.caps[:0]
	// Our pawns that touch an enemy man are those an enemy pawn there would attack.
	for b := pawns & pawnReach(s.us.Other(), after.them); b != 0; {
		from := b.PopFirst()
		dests := game.PawnAttacks(s.us, from) & after.them
		if s.pinned(after, from) {
			dests &= game.Line(s.king, from)
		}
		for dests != 0 {
			to := dests.PopFirst()
			promo := game.NoPieceType
			if last.Has(to) {
				promo = game.Queen
			}
			caps = append(caps, game.NewMove(from, to, promo))
		}
	}
	if after.ep == 0 {
		return caps
	}
	ep := after.ep.First()
	for b := s.passers(after, pawns); b != 0; {
		caps = append(caps, game.NewMove(b.PopFirst(), ep, game.NoPieceType))
	}
	return caps
}

// passers returns those of pawns (ours) that may take en passant after the
// enemy's double step that leaves its men as after, our king out of check:
// those beside the pawn that stepped, unless, with both pawns lifted and
// ours on the en passant square, an enemy slider sees our king. Only a
// line through a square lifted can open, so that a capture lifting none on
// our king's lines is let pass without looking along them.
func (s *screen) passers(after *moveMen, pawns game.Bitboard) game.Bitboard {
	out := pawns & game.PawnAttacks(s.us.Other(), after.ep.First())
	if k := s.king; k != game.NoSquare {
		lines := s.diagonalRays | s.straightRays
		for b := out; b != 0; {
			from := b.PopFirst()
			if (from.Bit()|after.epVictim)&lines == 0 {
				continue
			}
			occ := after.occ ^ from.Bit() ^ after.epVictim | after.ep
			if game.BishopAttacks(k, occ)&after.diagonal|game.RookAttacks(k, occ)&after.straight != 0 {
				out &^= from.Bit()
			}
		}
	}
	return out
}

// passersAfterDouble returns our pawns that may take en passant after the
// enemy pawn's double step from from to to.
func (s *screen) passersAfterDouble(from, to game.Square) game.Bitboard {
	after := moveMen{occ: s.occ&^from.Bit() | to.Bit(), diagonal: s.diagonal, straight: s.straight,
		ep: game.Square((int(from) + int(to)) / 2).Bit(), epVictim: to.Bit()}
	return s.passers(&after, s.ourPawns)
}

// pinned reports whether our man on from is pinned to our king by the
// mover's men after, our king being out of check.
func (s *screen) pinned(after *moveMen, from game.Square) bool {
	k := s.king
	switch {
	case k == game.NoSquare:
		return false
	case s.diagonalRays.Has(from):
		return game.BishopAttacks(k, after.occ&^from.Bit())&after.diagonal&game.Line(k, from) != 0
	case s.straightRays.Has(from):
		return game.RookAttacks(k, after.occ&^from.Bit())&after.straight&game.Line(k, from) != 0
	}
	return false
}
