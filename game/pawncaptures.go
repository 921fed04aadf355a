package game

// IsPawnCaptureAttempt reports whether m is a pawn capture as an attempt
// reads: a pawn of the side to move stepping one square diagonally
// forward, whatever stands there.
func (p *Position) IsPawnCaptureAttempt(m Move) bool {
	pc := p.At(m.From())
	return pc.Type() == Pawn && pc.Color() == p.turn && pawnAttacks[p.turn][m.From()].Has(m.To())
}

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
	r := p.restrictions()
	if r.double {
		return out
	}
	last := r.lastRank()
	for b := pawns; b != 0; {
		from := b.PopFirst()
		dests := r.alongPin(from, pawnAttacks[us][from]&enemy&r.target)
		for dests != 0 {
			to := dests.PopFirst()
			promo := NoPieceType
			if last.Has(to) {
				promo = Queen
			}
			out = append(out, NewMove(from, to, promo))
		}
	}
	for b := p.enPassantCaptors(&r); b != 0; {
		out = append(out, NewMove(b.PopFirst(), p.ep, NoPieceType))
	}
	return out
}
