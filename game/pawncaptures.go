package game

// PawnCaptures appends the legal pawn captures of the side to move to out, en
// passant included and each capture-promotion once (as a queen promotion):
// what Wild 16 counts as pawn tries. It is much cheaper than filtering
// LegalMoves, since it looks only at the squares the pawns attack.
func (p *Position) PawnCaptures(out []Move) []Move {
	us := p.turn
	pawns := p.Pieces(us, Pawn)
	enemy := p.colors[us.Other()]
	var any Bitboard
	for b := pawns; b != 0; {
		any |= pawnAttacks[us][b.PopFirst()]
	}
	if any&enemy == 0 && (p.ep == NoSquare || !any.Has(p.ep)) {
		return out
	}
	occ := p.Occupied()
	ksq := p.KingSquare(us)
	target, pinned := ^p.colors[us], Bitboard(0)
	if ksq != NoSquare {
		var double bool
		if target, pinned, double = p.restrictions(ksq, occ); double {
			return out
		}
	}
	lastRank := Rank8
	if us == Black {
		lastRank = Rank1
	}
	for b := pawns; b != 0; {
		from := b.PopFirst()
		dests := pawnAttacks[us][from] & enemy & target
		if pinned.Has(from) {
			dests &= line[ksq][from]
		}
		for dests != 0 {
			to := dests.PopFirst()
			promo := NoPieceType
			if lastRank.Has(to) {
				promo = Queen
			}
			out = append(out, NewMove(from, to, promo))
		}
	}
	return p.enPassantMoves(out, ksq, occ)
}
