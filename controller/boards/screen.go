package boards

import (
	"github.com/krieg/krieg/controller/belief"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// screen answers consistentInto's question for the enemy's legal moves on one
// board, mostly without playing them: the capture square and kind and the
// promotion come from the board before the move; the checks on our king come
// from the mover's men after the move, found by moving bits (the moved man,
// the castling rook, an en passant victim) rather than copying and applying
// the position; and the pawn tries are zero, with no need to generate them,
// whenever no pawn of ours touches an enemy man or the new en passant square.
// Only a move that passes all that and leaves us a possible pawn capture is
// played, on a scratch copy, to count the tries. The answers are exactly
// consistentInto's (screen_test.go compares them).
type screen struct {
	p     *game.Position
	o     *belief.Observation
	rules *referee.Ruleset
	us    game.Color  // the side hearing the message, to move after the enemy's move
	king  game.Square // our king, or NoSquare when we have none
	occ   game.Bitboard
	// The mover's men: all of them, then by how they give check.
	them                       game.Bitboard
	knights, pawns, kings      game.Bitboard
	diagonal, straight         game.Bitboard // bishops and queens; rooks and queens
	diagonalRays, straightRays game.Bitboard // what a bishop or rook on our king's square sees on an empty board
	ourPawns, reach            game.Bitboard // our pawns and the squares they attack
	noTries                    bool          // whether o's tries are those of a board without pawn captures
	caps                       [16]game.Move // scratch: our pawn captures after a move
}

// reset readies s for the enemy's moves on p (the enemy to move) and message o.
func (s *screen) reset(p *game.Position, o *belief.Observation, rules *referee.Ruleset) {
	s.p, s.o, s.rules = p, o, rules
	mover := p.Turn()
	s.us = mover.Other()
	s.king = p.KingSquare(s.us)
	s.occ = p.Occupied()
	s.them = p.ByColor(mover)
	s.knights = p.Pieces(mover, game.Knight)
	s.pawns = p.Pieces(mover, game.Pawn)
	s.kings = p.Pieces(mover, game.King)
	queens := p.Pieces(mover, game.Queen)
	s.diagonal = p.Pieces(mover, game.Bishop) | queens
	s.straight = p.Pieces(mover, game.Rook) | queens
	if s.king != game.NoSquare {
		s.diagonalRays = game.BishopAttacks(s.king, 0)
		s.straightRays = game.RookAttacks(s.king, 0)
	}
	s.ourPawns = p.Pieces(s.us, game.Pawn)
	s.reach = pawnReach(s.us, s.ourPawns)
	s.noTries = o.Tries != nil && triesMatch(nil, o.Tries, rules.Tries)
}

// pawnReach returns the squares c's pawns attack.
func pawnReach(c game.Color, pawns game.Bitboard) game.Bitboard {
	if c == game.White {
		return (pawns&^game.FileA)<<7 | (pawns&^game.FileH)<<9
	}
	return (pawns&^game.FileA)>>9 | (pawns&^game.FileH)>>7
}

// consistent reports what consistentInto(next, s.p, m, s.o, rules) reports for
// the legal move m, using next as scratch only when it must play m.
func (s *screen) consistent(next *game.Position, m game.Move) bool {
	p, o, rules := s.p, s.o, s.rules
	capSq := p.CapturedSquare(m)
	if capSq != o.Capture {
		return false
	}
	if capSq != game.NoSquare && rules.CaptureKind && o.Captured != referee.CapturedUnknown {
		if (p.At(capSq).Type() == game.Pawn) != (o.Captured == referee.CapturedPawn) {
			return false
		}
	}
	if rules.PromotionAnnounced && (m.Promotion() != game.NoPieceType) != o.Promoted {
		return false
	}
	from, to := m.From(), m.To()
	moved := p.At(from).Type()
	lands := moved
	if pr := m.Promotion(); pr != game.NoPieceType {
		lands = pr
	}
	fromBit, toBit := from.Bit(), to.Bit()
	after := moveMen{occ: s.occ&^fromBit | toBit, them: s.them&^fromBit | toBit, rookTo: game.NoSquare}
	if capSq != game.NoSquare && capSq != to {
		after.occ &^= capSq.Bit()
	}
	after.knights, after.pawns, after.kings = s.knights&^fromBit, s.pawns&^fromBit, s.kings&^fromBit
	after.diagonal, after.straight = s.diagonal&^fromBit, s.straight&^fromBit
	if d := int(to) - int(from); moved == game.King && (d == 2 || d == -2) {
		rookFrom, rookTo := from+3, from+1
		if d < 0 {
			rookFrom, rookTo = from-4, from-1
		}
		swap := rookFrom.Bit() | rookTo.Bit()
		after.occ ^= swap
		after.them ^= swap
		after.straight ^= swap
		after.rookTo = rookTo
	}
	after.add(lands, toBit)
	ok, check := s.sameChecks(&after, to, lands)
	if !ok {
		return false
	}
	if o.Tries == nil {
		return true
	}
	if d := int(to) - int(from); moved == game.Pawn && (d == 16 || d == -16) {
		after.ep = game.Square((int(from) + int(to)) / 2).Bit()
	}
	// s.reach may still hold what a pawn of ours just taken attacked: then
	// the tries are counted on the board after, which answers exactly all the same.
	if s.reach&(after.them|after.ep) == 0 {
		return s.noTries
	}
	if !check && s.reach&after.ep == 0 {
		return triesMatch(s.capturesAfter(&after, capSq), o.Tries, rules.Tries)
	}
	*next = *p
	next.Apply(m)
	return sameTries(next, *o.Tries, rules.Tries)
}

// moveMen is the mover's men and the occupancy after a move.
type moveMen struct {
	occ, them             game.Bitboard
	knights, pawns, kings game.Bitboard
	diagonal, straight    game.Bitboard
	rookTo                game.Square   // where a castling rook lands, else NoSquare
	ep                    game.Bitboard // the new en passant square, if any
}

// add puts a man of type t on the squares b.
func (a *moveMen) add(t game.PieceType, b game.Bitboard) {
	switch t {
	case game.Knight:
		a.knights |= b
	case game.Pawn:
		a.pawns |= b
	case game.King:
		a.kings |= b
	case game.Bishop:
		a.diagonal |= b
	case game.Rook:
		a.straight |= b
	case game.Queen:
		a.diagonal |= b
		a.straight |= b
	}
}

// sameChecks reports whether the checks on our king with the mover's men
// after are those o announces: as many, and when the rules give directions,
// the same directions in increasing square order. to is where the moved man
// landed, as a man of type lands. check says whether our king is in check.
func (s *screen) sameChecks(after *moveMen, to game.Square, lands game.PieceType) (ok, check bool) {
	k := s.king
	if k == game.NoSquare {
		return len(s.o.Checks) == 0, false
	}
	checkers := after.knights&game.KnightAttacks(k) | after.pawns&game.PawnAttacks(s.us, k) | after.kings&game.KingAttacks(k)
	if after.diagonal&s.diagonalRays != 0 {
		checkers |= game.BishopAttacks(k, after.occ) & after.diagonal
	}
	if after.straight&s.straightRays != 0 {
		checkers |= game.RookAttacks(k, after.occ) & after.straight
	}
	check = checkers != 0
	if checkers.Count() != len(s.o.Checks) {
		return false, check
	}
	if !check || !s.rules.CheckDirection {
		return true, check
	}
	for i := 0; checkers != 0; i++ {
		sq := checkers.PopFirst()
		t := s.p.At(sq).Type()
		switch sq {
		case to:
			t = lands
		case after.rookTo:
			t = game.Rook
		}
		if referee.ClassifyCheck(k, sq, t) != s.o.Checks[i] {
			return false, check
		}
	}
	return true, check
}
