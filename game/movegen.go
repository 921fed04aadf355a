package game

// MaxMoves bounds the number of legal moves in any position (218 is the known maximum).
const MaxMoves = 256

// LegalMoves appends every legal move of the side to move to out and returns
// it. Pass a slice with capacity MaxMoves to avoid allocation. Castling is the
// king's two-square move; a promotion yields four moves, one per piece.
func (p *Position) LegalMoves(out []Move) []Move {
	us := p.turn
	own := p.colors[us]
	occ := p.Occupied()
	ksq := p.KingSquare(us)
	target, pinned, double := ^own, Bitboard(0), false
	if ksq != NoSquare {
		for b := kingAttacks[ksq] &^ own; b != 0; {
			to := b.PopFirst()
			if p.AttackersTo(to, us.Other(), occ^ksq.Bit()) == 0 {
				out = append(out, NewMove(ksq, to, NoPieceType))
			}
		}
		target, pinned, double = p.restrictions(ksq, occ)
		if double {
			return out
		}
		if target == ^own {
			out = p.castlingMoves(out, ksq, occ)
		}
	}
	for b := own &^ p.types[Pawn] &^ p.types[King]; b != 0; {
		from := b.PopFirst()
		moves := AttacksFrom(p.board[from].Type(), us, from, occ) & target
		if pinned.Has(from) {
			moves &= line[ksq][from]
		}
		for moves != 0 {
			out = append(out, NewMove(from, moves.PopFirst(), NoPieceType))
		}
	}
	return p.pawnMoves(out, ksq, occ, target, pinned)
}

// restrictions returns, for the side to move with its king on ksq, the squares
// a non-king move must land on (everything not own when not in check; the
// checker and the squares between when in single check), the pinned men, and
// whether the king is in double check (then only king moves are legal).
func (p *Position) restrictions(ksq Square, occ Bitboard) (target, pinned Bitboard, double bool) {
	us, them := p.turn, p.turn.Other()
	own, enemy := p.colors[us], p.colors[them]
	target = ^own
	checkers := p.AttackersTo(ksq, them, occ)
	switch checkers.Count() {
	case 0:
	case 1:
		c := checkers.First()
		target = between[ksq][c] | c.Bit()
	default:
		return 0, 0, true
	}
	snipers := enemy & (RookAttacks(ksq, enemy)&(p.types[Rook]|p.types[Queen]) |
		BishopAttacks(ksq, enemy)&(p.types[Bishop]|p.types[Queen]))
	for snipers != 0 {
		b := between[ksq][snipers.PopFirst()] & occ
		if b&(b-1) == 0 && b&own != 0 {
			pinned |= b
		}
	}
	return target, pinned, false
}

func (p *Position) pawnMoves(out []Move, ksq Square, occ, target, pinned Bitboard) []Move {
	us, them := p.turn, p.turn.Other()
	enemy := p.colors[them]
	forward, startRank, lastRank := Square(8), Rank2, Rank8
	if us == Black {
		forward, startRank, lastRank = -8, Rank7, Rank1
	}
	for b := p.Pieces(us, Pawn); b != 0; {
		from := b.PopFirst()
		allowed := target
		if pinned.Has(from) {
			allowed &= line[ksq][from]
		}
		var dests Bitboard
		if one := from + forward; !occ.Has(one) {
			dests |= one.Bit()
			if two := one + forward; startRank.Has(from) && !occ.Has(two) {
				dests |= two.Bit()
			}
		}
		dests |= pawnAttacks[us][from] & enemy
		for dests &= allowed; dests != 0; {
			to := dests.PopFirst()
			if lastRank.Has(to) {
				for _, pt := range [4]PieceType{Queen, Rook, Bishop, Knight} {
					out = append(out, NewMove(from, to, pt))
				}
			} else {
				out = append(out, NewMove(from, to, NoPieceType))
			}
		}
	}
	return p.enPassantMoves(out, ksq, occ)
}

// enPassantMoves appends the legal en passant captures of the side to move.
func (p *Position) enPassantMoves(out []Move, ksq Square, occ Bitboard) []Move {
	if p.ep == NoSquare {
		return out
	}
	us, them := p.turn, p.turn.Other()
	captured := p.ep + 8
	if us == White {
		captured = p.ep - 8
	}
	for b := pawnAttacks[them][p.ep] & p.Pieces(us, Pawn); b != 0; {
		from := b.PopFirst()
		if ksq != NoSquare {
			// Remove both pawns, add ours on the target, and ask whether any enemy still attacks the king.
			occ2 := occ ^ from.Bit() ^ captured.Bit() | p.ep.Bit()
			if p.AttackersTo(ksq, them, occ2)&^captured.Bit() != 0 {
				continue
			}
		}
		out = append(out, NewMove(from, p.ep, NoPieceType))
	}
	return out
}

func (p *Position) castlingMoves(out []Move, ksq Square, occ Bitboard) []Move {
	us, them := p.turn, p.turn.Other()
	type side struct {
		right          CastleRights
		king, rook, to Square
		path           Bitboard // squares the king crosses or lands on
	}
	sides := [2]side{{WhiteKingside, E1, H1, G1, F1.Bit() | G1.Bit()}, {WhiteQueenside, E1, A1, C1, D1.Bit() | C1.Bit()}}
	if us == Black {
		sides = [2]side{{BlackKingside, E8, H8, G8, F8.Bit() | G8.Bit()}, {BlackQueenside, E8, A8, C8, D8.Bit() | C8.Bit()}}
	}
	for _, s := range sides {
		if p.castling&s.right == 0 || ksq != s.king || p.board[s.rook] != NewPiece(us, Rook) || between[s.king][s.rook]&occ != 0 {
			continue
		}
		safe := true
		for path := s.path; path != 0; {
			if p.AttackersTo(path.PopFirst(), them, occ) != 0 {
				safe = false
				break
			}
		}
		if safe {
			out = append(out, NewMove(ksq, s.to, NoPieceType))
		}
	}
	return out
}

// castleMask[s] holds the rights lost when a move leaves from or arrives on s.
var castleMask = func() (m [64]CastleRights) {
	m[E1], m[A1], m[H1] = WhiteKingside|WhiteQueenside, WhiteQueenside, WhiteKingside
	m[E8], m[A8], m[H8] = BlackKingside|BlackQueenside, BlackQueenside, BlackKingside
	return m
}()

// IsCastling reports whether m moves a king two files: castling.
func (p *Position) IsCastling(m Move) bool {
	d := int(m.To()) - int(m.From())
	return p.board[m.From()].Type() == King && (d == 2 || d == -2)
}

// Apply plays m on p in place. m must be legal (or at least pseudo-legal for
// the side to move); use Play to check.
func (p *Position) Apply(m Move) {
	from, to := m.From(), m.To()
	pc := p.board[from]
	us := p.turn
	p.halfmove++
	if p.board[to] != NoPiece {
		p.halfmove = 0
		p.Remove(to)
	}
	switch pc.Type() {
	case Pawn:
		p.halfmove = 0
		if to == p.ep {
			if us == White {
				p.Remove(to - 8)
			} else {
				p.Remove(to + 8)
			}
		}
	case King:
		if p.IsCastling(m) {
			rookFrom, rookTo := from+3, from+1
			if to < from {
				rookFrom, rookTo = from-4, from-1
			}
			p.Put(rookTo, p.board[rookFrom])
			p.Remove(rookFrom)
		}
	}
	p.Remove(from)
	if promo := m.Promotion(); promo != NoPieceType {
		pc = NewPiece(us, promo)
	}
	p.Put(to, pc)
	p.ep = NoSquare
	if pc.Type() == Pawn && (int(to)-int(from) == 16 || int(from)-int(to) == 16) {
		p.ep = (from + to) / 2
	}
	p.castling &^= castleMask[from] | castleMask[to]
	if us == Black {
		p.fullmove++
	}
	p.turn = us.Other()
}

// IsLegal reports whether m is a legal move in p.
func (p *Position) IsLegal(m Move) bool {
	var buf [MaxMoves]Move
	for _, l := range p.LegalMoves(buf[:0]) {
		if l == m {
			return true
		}
	}
	return false
}

// Play returns the position after m, or ok = false when m is not legal.
func (p *Position) Play(m Move) (next Position, ok bool) {
	if !p.IsLegal(m) {
		return Position{}, false
	}
	next = *p
	next.Apply(m)
	return next, true
}

// IsCapture reports whether m (legal in p) captures, en passant included.
func (p *Position) IsCapture(m Move) bool {
	return p.board[m.To()] != NoPiece || p.board[m.From()].Type() == Pawn && m.To() == p.ep && m.From().File() != m.To().File()
}

// CapturedSquare returns the square of the man m captures (for en passant the
// captured pawn's square), or NoSquare when m captures nothing.
func (p *Position) CapturedSquare(m Move) Square {
	if p.board[m.To()] != NoPiece {
		return m.To()
	}
	if p.board[m.From()].Type() == Pawn && m.To() == p.ep && m.From().File() != m.To().File() {
		if p.turn == White {
			return m.To() - 8
		}
		return m.To() + 8
	}
	return NoSquare
}

// Status tells whether the side to move is checkmated or stalemated.
type Status uint8

// The statuses.
const (
	Ongoing Status = iota
	Checkmate
	Stalemate
)

// Status returns Checkmate, Stalemate or Ongoing for the side to move.
func (p *Position) Status() Status {
	var buf [MaxMoves]Move
	if len(p.LegalMoves(buf[:0])) > 0 {
		return Ongoing
	}
	if p.InCheck() {
		return Checkmate
	}
	return Stalemate
}

// InsufficientMaterial reports whether neither side can ever mate, even with
// the other's help (the definition of python-chess, which kriegspiel.org's
// referee uses): a side with a pawn, rook or queen can mate; a side with only
// a king and one knight cannot unless the other side has more than a king and
// queens; a side with bishops only cannot if all bishops on the board stand on
// one colour and there are no pawns or knights.
func (p *Position) InsufficientMaterial() bool {
	return p.CannotMate(White) && p.CannotMate(Black)
}

// CannotMate reports whether c has too little material ever to mate (the
// rule InsufficientMaterial applies to both sides, and a fallen flag against c's
// opponent is a draw when it holds for c).
func (p *Position) CannotMate(c Color) bool {
	own := p.colors[c]
	if own&(p.types[Pawn]|p.types[Rook]|p.types[Queen]) != 0 {
		return false
	}
	if own&p.types[Knight] != 0 {
		return own.Count() <= 2 && p.colors[c.Other()]&^p.types[King]&^p.types[Queen] == 0
	}
	if own&p.types[Bishop] != 0 {
		b := p.types[Bishop]
		sameColour := b&LightSquares == 0 || b&^LightSquares == 0
		return sameColour && p.types[Pawn]|p.types[Knight] == 0
	}
	return true
}
